import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { mastodonActivities, mastodonNote } from './helpers/activitypub.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

describe('inbox: admin domain blocks, boosts of unknown statuses', () => {
  let server: TestServer & { url: string };
  let friendly: RemoteServer;
  let blocked: RemoteServer;
  let bob: RemoteActor;
  let carol: RemoteActor;
  let eve: RemoteActor;
  let alice: TestAccount;

  let blockCount = 0;
  const { activity } = mastodonActivities();
  const accountOf = (actor: RemoteActor) =>
    server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirst();
  const statusByUri = (uri: string) =>
    server.db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
  const blockServer = (domain: string, severity: 'suspend' | 'silence', rejectReports: 0 | 1) =>
    server.db
      .insertInto('instance_domain_blocks')
      .values({
        id: String(++blockCount),
        domain,
        severity,
        reject_media: 0,
        reject_reports: rejectReports,
        private_comment: null,
        public_comment: null,
        obfuscate: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();

  beforeAll(async () => {
    friendly = await startRemoteServer();
    blocked = await startRemoteServer();
    bob = await friendly.addActor('bob');
    carol = await friendly.addActor('carol');
    eve = await blocked.addActor('eve');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    await friendly.post(`${server.url}/inbox`, activity(bob, 'Update', bob.document));
    await waitUntil(async () => Boolean(await accountOf(bob)));
    await follow(server, alice, (await accountOf(bob))!);
  });
  afterAll(async () => {
    await server.close();
    await friendly.close();
    await blocked.close();
  });

  it('accepts (202) and ignores everything from a suspended server', async () => {
    await blockServer(blocked.host, 'suspend', 0);
    const response = await blocked.post(
      `${server.url}/users/alice/inbox`,
      activity(eve, 'Follow', `${server.url}/users/alice`),
    );
    expect(response.status).toBe(202);
    // a later activity from an allowed server is handled: the queue went past eve's Follow
    const note = mastodonNote(bob.id, `${bob.id}/statuses/after-eve`);
    await friendly.post(`${server.url}/inbox`, activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await statusByUri(note.id)));
    expect(await accountOf(eve)).toBeUndefined();
    const follows = await server.db
      .selectFrom('follows')
      .select('id')
      .where('target_account_id', '=', alice.account.id)
      .execute();
    expect(follows).toHaveLength(0);
    expect(blocked.received).toHaveLength(0);
  });

  it('fetches the unknown status a followed account boosts, with its author, into the home feed', async () => {
    const original = mastodonNote(carol.id, `${carol.id}/statuses/boosted`, {
      content: '<p>worth a boost</p>',
    });
    friendly.serve('/users/carol/statuses/boosted', original);
    const announce = {
      ...activity(bob, 'Announce', original.id),
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      cc: [bob.followers],
    };
    await friendly.post(`${server.url}/inbox`, announce);
    await waitUntil(async () => Boolean(await statusByUri(announce.id)));
    const stored = (await statusByUri(original.id))!;
    expect(stored.content_html).toContain('worth a boost');
    expect((await statusByUri(announce.id))!.reblog_of_id).toBe(stored.id);
    expect((await accountOf(carol))!.domain).toBe(friendly.host);
    const home = await server.app.inject({
      method: 'GET',
      url: '/api/v1/timelines/home',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const entries = home.json<{ reblog: { uri: string } | null }[]>();
    expect(entries.some((entry) => entry.reblog?.uri === original.id)).toBe(true);
  });

  it('ignores Likes from a server the local author blocked', async () => {
    const dave = await createAccount(server, { username: 'dave' });
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/domain_blocks',
      headers: { authorization: `Bearer ${dave.token}` },
      payload: { domain: friendly.host },
    });
    const status = await insertStatus(server, dave, { text: 'no likes from there', visibility: 'public' });
    const statusUri = `${server.url}/users/dave/statuses/${status.id}`;
    await friendly.post(`${server.url}/inbox`, activity(bob, 'Like', statusUri));
    const aliceStatus = await insertStatus(server, alice, { text: 'likes welcome', visibility: 'public' });
    await friendly.post(
      `${server.url}/inbox`,
      activity(bob, 'Like', `${server.url}/users/alice/statuses/${aliceStatus.id}`),
    );
    const favourites = (statusId: string) =>
      server.db.selectFrom('favourites').select('id').where('status_id', '=', statusId).execute();
    await waitUntil(async () => (await favourites(aliceStatus.id)).length === 1);
    expect(await favourites(status.id)).toHaveLength(0);
  });

  it('drops reports from a server whose reports the admin rejects', async () => {
    await blockServer(friendly.host, 'silence', 1);
    await friendly.post(`${server.url}/inbox`, { ...activity(carol, 'Flag', [`${server.url}/users/alice`]) });
    const note = mastodonNote(bob.id, `${bob.id}/statuses/after-flag`);
    await friendly.post(`${server.url}/inbox`, activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await statusByUri(note.id)));
    expect(await server.db.selectFrom('reports').select('id').execute()).toHaveLength(0);
  });
});
