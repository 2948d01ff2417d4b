import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { MASTODON_CONTEXT, mastodonActivities, mastodonNote } from './helpers/activitypub.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

/** Inbox work runs from the queue: a no-op is proved by a later activity from the same sender being handled. */
const SETTLE_MS = 600;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

describe('inbox: statuses and interactions', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let stranger: RemoteActor;
  let alice: TestAccount;

  const inbox = () => `${server.url}/inbox`;
  const { activity } = mastodonActivities();
  const statusByUri = (uri: string) =>
    server.db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
  const accountOf = (actor: RemoteActor) =>
    server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirst();
  const notificationsOf = (account: TestAccount, type: string) =>
    server.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', account.account.id)
      .where('type', '=', type)
      .execute();
  const api = async (who: TestAccount, url: string) => {
    const response = await server.app.inject({ method: 'GET', url, headers: bearer(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    stranger = await remote.addActor('stranger');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    // alice follows bob: his account is known once he sends anything; the follow row is made then
    await remote.post(inbox(), activity(bob, 'Update', bob.document));
    await waitUntil(async () => Boolean(await accountOf(bob)));
    await follow(server, alice, (await accountOf(bob))!);
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('stores a followed author’s Create(Note) into the follower’s home timeline; ignores unsolicited ones', async () => {
    const unsolicited = mastodonNote(stranger.id, `${stranger.id}/statuses/1`);
    expect((await remote.post(inbox(), activity(stranger, 'Create', unsolicited))).status).toBe(202);
    const note = mastodonNote(bob.id, `${bob.id}/statuses/1`, { content: '<p>Hello <b>home</b></p>' });
    await remote.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await statusByUri(note.id)));
    expect(await statusByUri(unsolicited.id)).toBeUndefined();
    const home = (await api(alice, '/api/v1/timelines/home')) as {
      uri: string;
      content: string;
      account: { acct: string };
    }[];
    expect(home[0]).toMatchObject({ uri: note.id, account: { acct: bob.acct } });
    expect(home[0]!.content).toContain('Hello');
  });

  it('stores an unsolicited Note that mentions a local account, and notifies it', async () => {
    const note = mastodonNote(stranger.id, `${stranger.id}/statuses/2`, {
      content: `<p><a href="${server.url}/@alice" class="u-url mention">@alice</a> hi</p>`,
      tag: [
        { type: 'Mention', href: `${server.url}/users/alice`, name: `@alice@${new URL(server.url).host}` },
      ],
      cc: [`${stranger.id}/followers`, `${server.url}/users/alice`],
    });
    await remote.post(inbox(), activity(stranger, 'Create', note));
    await waitUntil(async () => (await notificationsOf(alice, 'mention')).length === 1);
    const status = (await statusByUri(note.id))!;
    expect((await notificationsOf(alice, 'mention'))[0]!.status_id).toBe(status.id);
  });

  it('stores an unsolicited reply in a local thread once, however often it is delivered', async () => {
    const local = await insertStatus(server, alice, { text: 'a thread', visibility: 'public' });
    const reply = mastodonNote(stranger.id, `${stranger.id}/statuses/reply`, {
      inReplyTo: `${server.url}/users/alice/statuses/${local.id}`,
    });
    const create = activity(stranger, 'Create', reply);
    await remote.post(inbox(), create);
    await remote.post(`${server.url}/users/alice/inbox`, create);
    await remote.post(inbox(), { ...create, id: `${create.id}-again` });
    await waitUntil(async () => Boolean(await statusByUri(reply.id)));
    await settle();
    const stored = await server.db.selectFrom('statuses').selectAll().where('uri', '=', reply.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.in_reply_to_id).toBe(local.id);
    const parent = (await api(alice, `/api/v1/statuses/${local.id}`)) as { replies_count: number };
    expect(parent.replies_count).toBe(1);
  });

  it('refuses a Note attributed to someone else than the sender', async () => {
    const forged = mastodonNote(stranger.id, `${stranger.id}/statuses/3`);
    await remote.post(inbox(), activity(bob, 'Create', forged));
    const marker = mastodonNote(bob.id, `${bob.id}/statuses/marker-1`);
    await remote.post(inbox(), activity(bob, 'Create', marker));
    await waitUntil(async () => Boolean(await statusByUri(marker.id)));
    await settle();
    expect(await statusByUri(forged.id)).toBeUndefined();
  });

  it('applies Update(Note) as an edit with history, and Delete only from the author', async () => {
    const note = mastodonNote(bob.id, `${bob.id}/statuses/edit`, { content: '<p>first</p>' });
    await remote.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await statusByUri(note.id)));
    const edited = {
      ...note,
      content: '<p>second</p>',
      contentMap: { en: '<p>second</p>' },
      updated: '2026-01-02T04:00:00Z',
    };
    await remote.post(inbox(), activity(bob, 'Update', edited));
    await waitUntil(async () => (await statusByUri(note.id))?.content_html === '<p>second</p>');
    const id = (await statusByUri(note.id))!.id;
    const history = (await api(alice, `/api/v1/statuses/${id}/history`)) as { content: string }[];
    expect(history.map((version) => version.content)).toEqual(['<p>first</p>', '<p>second</p>']);

    // someone else's Update or Delete of bob's note changes nothing
    await remote.post(
      inbox(),
      activity(stranger, 'Update', { ...note, attributedTo: stranger.id, content: '<p>hacked</p>' }),
    );
    await remote.post(inbox(), activity(stranger, 'Delete', { id: note.id, type: 'Tombstone' }));
    await settle();
    const still = (await statusByUri(note.id))!;
    expect(still.deleted_at).toBeNull();
    expect(still.content_html).toBe('<p>second</p>');

    await remote.post(inbox(), activity(bob, 'Delete', { id: note.id, type: 'Tombstone' }));
    await waitUntil(async () => Boolean((await statusByUri(note.id))?.deleted_at));
  });

  it('turns an Announce of a local status into a boost with a reblog notification; Undo removes it', async () => {
    const local = await insertStatus(server, alice, { text: 'boost me', visibility: 'public' });
    const announce = activity(bob, 'Announce', `${server.url}/users/alice/statuses/${local.id}`, {
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      cc: [bob.followers, `${server.url}/users/alice`],
      published: '2026-01-02T05:00:00Z',
    });
    await remote.post(inbox(), announce);
    await remote.post(inbox(), announce);
    await waitUntil(async () => (await notificationsOf(alice, 'reblog')).length === 1);
    const boost = (await statusByUri(announce.id))!;
    expect(boost.reblog_of_id).toBe(local.id);
    await settle();
    const counted = await server.db
      .selectFrom('statuses')
      .select('reblogs_count')
      .where('id', '=', local.id)
      .executeTakeFirstOrThrow();
    expect(counted.reblogs_count).toBe(1);
    const { id: _drop, '@context': _context, ...embedded } = announce;
    await remote.post(inbox(), activity(bob, 'Undo', { id: announce.id, ...embedded }));
    await waitUntil(async () => (await notificationsOf(alice, 'reblog')).length === 0);
    expect((await statusByUri(announce.id))!.deleted_at).not.toBeNull();
  });

  it('turns a Like (and an EmojiReact) into one favourite with a notification; Undo(Like) removes it', async () => {
    const local = await insertStatus(server, alice, { text: 'like me', visibility: 'public' });
    const statusUri = `${server.url}/users/alice/statuses/${local.id}`;
    const like = activity(bob, 'Like', statusUri);
    await remote.post(inbox(), like);
    await remote.post(inbox(), activity(bob, 'Like', statusUri));
    await waitUntil(async () => (await notificationsOf(alice, 'favourite')).length === 1);
    await settle();
    const entity = (await api(alice, `/api/v1/statuses/${local.id}`)) as { favourites_count: number };
    expect(entity.favourites_count).toBe(1);
    await remote.post(
      inbox(),
      activity(bob, 'Undo', { id: like.id, type: 'Like', actor: bob.id, object: statusUri }),
    );
    await waitUntil(async () => (await notificationsOf(alice, 'favourite')).length === 0);

    await remote.post(
      inbox(),
      activity(bob, 'EmojiReact', statusUri, {
        '@context': [
          ...MASTODON_CONTEXT,
          { litepub: 'http://litepub.social/ns#', EmojiReact: 'litepub:EmojiReact' },
        ],
        content: '🔥',
      }),
    );
    await waitUntil(async () => (await notificationsOf(alice, 'favourite')).length === 1);
  });

  it('files a Flag as a report for the moderators', async () => {
    const admin = await createAccount(server, { username: 'admin', role: 'admin' });
    const local = await insertStatus(server, alice, { text: 'reported', visibility: 'public' });
    await remote.post(
      inbox(),
      activity(
        stranger,
        'Flag',
        [`${server.url}/users/alice`, `${server.url}/users/alice/statuses/${local.id}`],
        {
          content: 'spam',
        },
      ),
    );
    await waitUntil(async () => (await notificationsOf(admin, 'admin.report')).length === 1);
    const report = await server.db.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(report).toMatchObject({ target_account_id: alice.account.id, comment: 'spam' });
    expect(JSON.parse(report.status_ids)).toEqual([local.id]);
  });

  it('counts a remote vote once per voter and option', async () => {
    const poll = await insertStatus(server, alice, { text: 'which?', visibility: 'public' });
    await server.db
      .insertInto('polls')
      .values({
        id: `${poll.id}9`,
        status_id: poll.id,
        account_id: alice.account.id,
        options: JSON.stringify(['tea', 'coffee']),
        multiple: 0,
        hide_totals: 0,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        ended_notified: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const vote = (n: number, name: string) =>
      activity(bob, 'Create', {
        id: `${bob.id}#votes/${n}`,
        type: 'Note',
        name,
        attributedTo: bob.id,
        to: `${server.url}/users/alice`,
        inReplyTo: `${server.url}/users/alice/statuses/${poll.id}`,
      });
    await remote.post(inbox(), vote(1, 'coffee'));
    await remote.post(inbox(), vote(2, 'coffee'));
    await remote.post(inbox(), vote(3, 'tea'));
    const votes = () =>
      server.db.selectFrom('poll_votes').selectAll().where('poll_id', '=', `${poll.id}9`).execute();
    await waitUntil(async () => (await votes()).length > 0);
    await settle();
    expect((await votes()).map((row) => row.choice)).toEqual([1]);
    expect(await statusByUri(`${bob.id}#votes/1`)).toBeUndefined();
  });

  it('re-reads the actor on Update(Person), and applies a Move to local followers', async () => {
    await remote.post(inbox(), activity(bob, 'Update', { ...bob.document, name: 'Robert' }));
    await waitUntil(async () => (await accountOf(bob))?.display_name === 'Robert');

    const bobRow = (await accountOf(bob))!;
    const newBob = await remote.addActor('newbob', { alsoKnownAs: [bob.id] });
    await remote.post(inbox(), activity(bob, 'Move', bob.id, { target: newBob.id }));
    await waitUntil(async () => Boolean((await accountOf(bob))?.moved_to_account_id));
    const newRow = (await accountOf(newBob))!;
    expect((await accountOf(bob))!.moved_to_account_id).toBe(newRow.id);
    const followsBob = await server.db
      .selectFrom('follows')
      .select('id')
      .where('account_id', '=', alice.account.id)
      .where('target_account_id', '=', bobRow.id)
      .executeTakeFirst();
    expect(followsBob).toBeUndefined();
    const followsNew = await server.db
      .selectFrom('follows')
      .select('id')
      .where('account_id', '=', alice.account.id)
      .where('target_account_id', '=', newRow.id)
      .unionAll(
        server.db
          .selectFrom('follow_requests')
          .select('id')
          .where('account_id', '=', alice.account.id)
          .where('target_account_id', '=', newRow.id),
      )
      .execute();
    expect(followsNew).toHaveLength(1);
  });

  it('refuses a Move to an account whose alsoKnownAs does not name the origin', async () => {
    const other = await remote.addActor('other');
    const imposter = await remote.addActor('imposter');
    await remote.post(inbox(), activity(other, 'Update', other.document));
    await waitUntil(async () => Boolean(await accountOf(other)));
    await remote.post(inbox(), activity(other, 'Move', other.id, { target: imposter.id }));
    await remote.post(inbox(), activity(other, 'Update', { ...other.document, name: 'Marker' }));
    await waitUntil(async () => (await accountOf(other))?.display_name === 'Marker');
    expect((await accountOf(other))!.moved_to_account_id).toBeNull();
  });

  it('removes the content of a remote account that deletes itself', async () => {
    const note = mastodonNote(stranger.id, `${stranger.id}/statuses/last`, {
      tag: [{ type: 'Mention', href: `${server.url}/users/alice` }],
    });
    await remote.post(inbox(), activity(stranger, 'Create', note));
    await waitUntil(async () => Boolean(await statusByUri(note.id)));
    await remote.post(
      inbox(),
      activity(stranger, 'Delete', stranger.id, { to: ['https://www.w3.org/ns/activitystreams#Public'] }),
    );
    await waitUntil(async () => Boolean((await accountOf(stranger))?.suspended_at));
    expect((await statusByUri(note.id))!.deleted_at).not.toBeNull();
  });
});
