import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../src/auth/viewer.js';
import { mastodonNote, PUBLIC } from './helpers/activitypub.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type ReceivedActivity,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

const AS = 'https://www.w3.org/ns/activitystreams';

describe('outgoing activities, resolve and delivery', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let carol: RemoteActor;
  let alice: TestAccount;

  const api = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${alice.token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const accountOf = (actor: RemoteActor) =>
    server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirst();
  const aliceUri = () => `${server.url}/users/alice`;
  /** activities of `type` that arrived at the stub so far */
  const arrived = (type: string, predicate: (received: ReceivedActivity) => boolean = () => true) =>
    remote.received.filter((received) => received.activity.type === type && predicate(received));
  const objectOf = (received: ReceivedActivity) => received.activity.object as Record<string, unknown>;
  /** JSON-LD compaction writes a one-item array as the item: compare addressing as lists */
  const list = (value: unknown) => (value === undefined ? [] : [value].flat());

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    carol = await remote.addActor('carol');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('resolves @user@domain by WebFinger and the actor, only when asked to', async () => {
    const without = await api('GET', `/api/v2/search?q=${encodeURIComponent(`@${bob.acct}`)}&type=accounts`);
    expect(without.body.accounts).toEqual([]);
    const found = await api(
      'GET',
      `/api/v2/search?q=${encodeURIComponent(`@${bob.acct}`)}&type=accounts&resolve=true`,
    );
    expect(found.status).toBe(200);
    expect(found.body.accounts).toHaveLength(1);
    expect(found.body.accounts[0]).toMatchObject({ username: 'bob', acct: bob.acct });
    const row = (await accountOf(bob))!;
    expect(row.inbox_url).toBe(bob.inbox);
    expect(row.shared_inbox_url).toBe(`${remote.url}/inbox`);

    const lookedUp = await api('GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(carol.acct)}`);
    expect(lookedUp.status).toBe(200);
    expect(lookedUp.body.acct).toBe(carol.acct);

    const unknown = await api(
      'GET',
      `/api/v1/accounts/search?q=${encodeURIComponent(`nobody@${remote.host}`)}&resolve=true`,
    );
    expect(unknown.body).toEqual([]);
  });

  it('resolves a post URL with its author, and a profile URL', async () => {
    const dave = await remote.addActor('dave');
    const noteId = `${dave.id}/statuses/1`;
    remote.serve(
      '/users/dave/statuses/1',
      mastodonNote(dave.id, noteId, { content: '<p>hello from dave</p>' }),
    );
    const found = await api('GET', `/api/v2/search?q=${encodeURIComponent(noteId)}&resolve=true`);
    expect(found.body.statuses).toHaveLength(1);
    expect(found.body.statuses[0].content).toContain('hello from dave');
    expect(found.body.statuses[0].account.acct).toBe(dave.acct);

    const erin = await remote.addActor('erin');
    const profile = await api('GET', `/api/v2/search?q=${encodeURIComponent(erin.id)}&resolve=true`);
    expect(profile.body.accounts.map((account: { acct: string }) => account.acct)).toEqual([erin.acct]);

    const missing = await api(
      'GET',
      `/api/v2/search?q=${encodeURIComponent(`${remote.url}/users/dave/statuses/404`)}&resolve=true`,
    );
    expect(missing.body).toEqual({ accounts: [], statuses: [], hashtags: [] });
  });

  it("shows a remote profile's recent posts and counts, read from its outbox, on the first look", async () => {
    const frank = await remote.addActor('frank');
    const noteIds = [1, 2, 3].map((n) => `${frank.id}/statuses/${n}`);
    remote.serve('/users/frank/outbox', {
      '@context': AS,
      id: `${frank.id}/outbox`,
      type: 'OrderedCollection',
      totalItems: 57,
      orderedItems: noteIds.map((id, index) => ({
        id: `${id}/activity`,
        type: 'Create',
        actor: frank.id,
        object: mastodonNote(frank.id, id, { content: `<p>post ${index}</p>` }),
      })),
    });
    const collection = (name: string, totalItems: number) =>
      remote.serve(`/users/frank/${name}`, {
        '@context': AS,
        id: `${frank.id}/${name}`,
        type: 'OrderedCollection',
        totalItems,
      });
    collection('followers', 120);
    collection('following', 7);
    const resolved = await api('GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(frank.acct)}`);
    const first = await api('GET', `/api/v1/accounts/${resolved.body.id}/statuses`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    const profile = await api('GET', `/api/v1/accounts/${resolved.body.id}`);
    expect(profile.body).toMatchObject({ statuses_count: 57, followers_count: 120, following_count: 7 });
  });

  it('fetches the missing ancestors of a remote reply when its thread is opened', async () => {
    const ids = [9, 10, 11].map((n) => `${bob.id}/statuses/${n}`);
    ids.forEach((id, index) =>
      remote.serve(
        new URL(id).pathname,
        mastodonNote(bob.id, id, { content: `<p>part ${index}</p>`, inReplyTo: ids[index - 1] ?? null }),
      ),
    );
    const found = await api('GET', `/api/v2/search?q=${encodeURIComponent(ids[2]!)}&resolve=true`);
    const reply = found.body.statuses[0];
    expect(reply.in_reply_to_id).toBeNull();
    await api('GET', `/api/v1/statuses/${reply.id}/context`);
    await waitUntil(async () => {
      const context = await api('GET', `/api/v1/statuses/${reply.id}/context`);
      return context.body.ancestors.length === 2;
    });
  });

  it('follows a remote account: Follow signed by the follower, requested until the Accept', async () => {
    const bobRow = (await accountOf(bob))!;
    const followed = await api('POST', `/api/v1/accounts/${bobRow.id}/follow`);
    expect(followed.body).toMatchObject({ following: false, requested: true });
    const sent = await remote.waitForActivity((received) => received.activity.type === 'Follow');
    expect(sent.verifiedKeyId).toBe(`${aliceUri()}#main-key`);
    expect(sent.activity).toMatchObject({ type: 'Follow', actor: aliceUri(), object: bob.id });
    expect(String(sent.activity.id)).toMatch(new RegExp(`^${aliceUri()}#follows/`));

    await remote.post(`${server.url}/users/alice/inbox`, {
      '@context': AS,
      id: `${bob.id}#accepts/1`,
      type: 'Accept',
      actor: bob.id,
      object: sent.activity,
    });
    await waitUntil(async () => {
      const relationship = await api('GET', `/api/v1/accounts/relationships?id[]=${bobRow.id}`);
      return relationship.body[0]?.following === true;
    });

    await api('POST', `/api/v1/accounts/${bobRow.id}/unfollow`);
    const undo = await remote.waitForActivity((received) => received.activity.type === 'Undo');
    // the Undo names the Follow that was accepted
    expect(objectOf(undo)).toMatchObject({ type: 'Follow', id: sent.activity.id, object: bob.id });
  });

  it('sends a new status once per shared inbox, addressed and tagged as Mastodon expects', async () => {
    const bobRow = (await accountOf(bob))!;
    const carolRow = (await accountOf(carol))!;
    await follow(server, bobRow, alice);
    await follow(server, carolRow, alice);
    const posted = await api('POST', '/api/v1/statuses', { status: `hello @${bob.acct} #cats` });
    expect(posted.status).toBe(200);
    const noteUri = `${aliceUri()}/statuses/${posted.body.id}`;
    const create = await remote.waitForActivity(
      (received) => received.activity.type === 'Create' && objectOf(received).id === noteUri,
    );
    expect(create.path).toBe('/inbox');
    expect(create.verifiedKeyId).toBe(`${aliceUri()}#main-key`);
    expect(create.activity).toMatchObject({ id: `${noteUri}/activity`, actor: aliceUri() });
    expect(list(create.activity.to)).toEqual([PUBLIC]);
    expect(list(create.activity.cc)).toEqual(expect.arrayContaining([`${aliceUri()}/followers`, bob.id]));
    const note = objectOf(create);
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: aliceUri(),
      url: `${server.url}/@alice/${posted.body.id}`,
    });
    expect(list(note.to)).toEqual([PUBLIC]);
    expect(note.tag).toEqual(
      expect.arrayContaining([
        { type: 'Mention', href: bob.id, name: `@${bob.acct}` },
        expect.objectContaining({ type: 'Hashtag', name: '#cats' }),
      ]),
    );
    expect(String(note.content)).toContain(`href="${bob.document.url as string}"`);
    // a moment for a second (wrong) delivery to arrive: bob and carol share one inbox
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(arrived('Create', (received) => objectOf(received).id === noteUri)).toHaveLength(1);

    // edit and delete reach the same servers
    await api('PUT', `/api/v1/statuses/${posted.body.id}`, { status: 'hello again' });
    const update = await remote.waitForActivity((received) => received.activity.type === 'Update');
    expect(objectOf(update)).toMatchObject({ id: noteUri, type: 'Note' });
    expect(objectOf(update).updated).toBeTruthy();
    await api('DELETE', `/api/v1/statuses/${posted.body.id}`);
    const deleted = await remote.waitForActivity((received) => received.activity.type === 'Delete');
    expect(deleted.activity).toMatchObject({ actor: aliceUri(), object: { type: 'Tombstone', id: noteUri } });
  });

  it('sends a direct status only to the mentioned account', async () => {
    const posted = await api('POST', '/api/v1/statuses', {
      status: `psst @${carol.acct}`,
      visibility: 'direct',
    });
    const noteUri = `${aliceUri()}/statuses/${posted.body.id}`;
    const create = await remote.waitForActivity(
      (received) => received.activity.type === 'Create' && objectOf(received).id === noteUri,
    );
    expect(list(create.activity.to)).toEqual([carol.id]);
    expect(list(create.activity.cc)).toEqual([]);
    expect(list(objectOf(create).to)).toEqual([carol.id]);
  });

  it('likes, boosts and votes on remote posts, and undoes them', async () => {
    const bobRow = (await accountOf(bob))!;
    const noteId = `${bob.id}/statuses/7`;
    remote.serve(
      '/users/bob/statuses/7',
      mastodonNote(bob.id, noteId, {
        type: 'Question',
        content: '<p>cats or dogs?</p>',
        endTime: new Date(Date.now() + 3600_000).toISOString(),
        oneOf: [
          { type: 'Note', name: 'cats', replies: { type: 'Collection', totalItems: 0 } },
          { type: 'Note', name: 'dogs', replies: { type: 'Collection', totalItems: 0 } },
        ],
      }),
    );
    const found = await api('GET', `/api/v2/search?q=${encodeURIComponent(noteId)}&resolve=true`);
    const status = found.body.statuses[0];
    expect(status.account.id).toBe(bobRow.id);

    await api('POST', `/api/v1/statuses/${status.id}/favourite`);
    const like = await remote.waitForActivity((received) => received.activity.type === 'Like');
    expect(like.activity).toMatchObject({ actor: aliceUri(), object: noteId });
    await api('POST', `/api/v1/statuses/${status.id}/unfavourite`);
    const undoLike = await remote.waitForActivity(
      (received) => received.activity.type === 'Undo' && objectOf(received).type === 'Like',
    );
    expect(objectOf(undoLike)).toMatchObject({ id: like.activity.id, object: noteId });

    const boosted = await api('POST', `/api/v1/statuses/${status.id}/reblog`);
    const announce = await remote.waitForActivity((received) => received.activity.type === 'Announce');
    expect(announce.activity).toMatchObject({
      id: `${aliceUri()}/statuses/${boosted.body.id}/activity`,
      actor: aliceUri(),
      object: noteId,
    });
    expect(list(announce.activity.to)).toEqual([PUBLIC]);
    expect(list(announce.activity.cc)).toEqual(expect.arrayContaining([bob.id, `${aliceUri()}/followers`]));
    await api('POST', `/api/v1/statuses/${status.id}/unreblog`);
    const undoAnnounce = await remote.waitForActivity(
      (received) => received.activity.type === 'Undo' && objectOf(received).type === 'Announce',
    );
    expect(objectOf(undoAnnounce).id).toBe(announce.activity.id);

    const voted = await api('POST', `/api/v1/polls/${status.poll.id}/votes`, { choices: [1] });
    expect(voted.status).toBe(200);
    const vote = await remote.waitForActivity(
      (received) => received.activity.type === 'Create' && objectOf(received).name === 'dogs',
    );
    expect(list(vote.activity.to)).toEqual([bob.id]);
    expect(objectOf(vote)).toMatchObject({ type: 'Note', inReplyTo: noteId, attributedTo: aliceUri() });
  });

  it('blocks and unblocks a remote account with Block / Undo(Block)', async () => {
    const carolRow = (await accountOf(carol))!;
    await api('POST', `/api/v1/accounts/${carolRow.id}/block`);
    const block = await remote.waitForActivity((received) => received.activity.type === 'Block');
    expect(block.activity).toMatchObject({ actor: aliceUri(), object: carol.id });
    await api('POST', `/api/v1/accounts/${carolRow.id}/unblock`);
    const undo = await remote.waitForActivity(
      (received) => received.activity.type === 'Undo' && objectOf(received).type === 'Block',
    );
    expect(objectOf(undo).id).toBe(block.activity.id);
  });

  it('sends Update(Person) to followers when the profile changes', async () => {
    const bobRow = (await accountOf(bob))!;
    await follow(server, bobRow, alice).catch(() => undefined);
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { display_name: 'Alice Liddell' },
    });
    expect(response.statusCode).toBe(200);
    const update = await remote.waitForActivity(
      (received) => received.activity.type === 'Update' && objectOf(received).type === 'Person',
    );
    expect(objectOf(update)).toMatchObject({ id: aliceUri(), name: 'Alice Liddell' });
  });

  it('serves a followers-only Note to a remote follower who signs the fetch, not to others', async () => {
    const bobRow = (await accountOf(bob))!;
    await follow(server, bobRow, alice).catch(() => undefined);
    const posted = await api('POST', '/api/v1/statuses', { status: 'for followers', visibility: 'private' });
    const noteUri = `${aliceUri()}/statuses/${posted.body.id}`;
    const fetchAs = async (actor: RemoteActor) => {
      const request = new Request(noteUri, { headers: { accept: 'application/activity+json' } });
      return fetch(await signRequest(request, actor.keys.privateKey, new URL(actor.keyId)));
    };
    const byFollower = await fetchAs(bob);
    expect(byFollower.status).toBe(200);
    expect(((await byFollower.json()) as { id: string }).id).toBe(noteUri);
    expect((await fetchAs(carol)).status).toBe(404);
    expect((await fetch(noteUri, { headers: { accept: 'application/activity+json' } })).status).toBe(404);
  });

  it('neither delivers to nor resolves on a server an admin suspended', async () => {
    const other = await startRemoteServer();
    try {
      const grace = await other.addActor('grace');
      const resolved = await api('GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(grace.acct)}`);
      await follow(server, { id: resolved.body.id }, alice);
      await server.db
        .insertInto('instance_domain_blocks')
        .values({
          id: '000000000000000001',
          domain: other.host,
          severity: 'suspend',
          reject_media: 0,
          reject_reports: 0,
          private_comment: null,
          public_comment: null,
          obfuscate: 0,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      await api('POST', '/api/v1/statuses', { status: 'not for suspended servers' });
      const henry = await other.addActor('henry');
      const lookup = await api('GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(henry.acct)}`);
      expect(lookup.status).toBe(404);
      // the delivery to the other stub server (bob's) arrives; none reaches the suspended one
      await remote.waitForActivity((received) =>
        String(objectOf(received).content).includes('not for suspended'),
      );
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('stops delivering to an actor whose inbox answers 410 Gone', async () => {
    let hits = 0;
    const goneInbox = http.createServer((request, response) => {
      hits += 1;
      request.resume();
      response.writeHead(410).end();
    });
    await new Promise<void>((resolve) => goneInbox.listen(0, '127.0.0.1', resolve));
    const inbox = `http://127.0.0.1:${(goneInbox.address() as AddressInfo).port}/inbox`;
    try {
      const gone = await remote.addActor('gone', { inbox, endpoints: {} });
      const resolved = await api('GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(gone.acct)}`);
      expect(resolved.status).toBe(200);
      const goneRow = (await accountOf(gone))! as AccountRow;
      await follow(server, goneRow, alice);
      await api('POST', '/api/v1/statuses', { status: 'first' });
      await waitUntil(async () => Boolean((await accountOf(gone))?.gone_at));
      // no retry after a 410 (Fedify may knock twice, once per signature spec, before it gives up)
      const hitsWhenGone = hits;
      expect(hitsWhenGone).toBeLessThanOrEqual(2);
      await api('POST', '/api/v1/statuses', { status: 'second' });
      await remote.waitForActivity(
        (received) =>
          received.activity.type === 'Create' && String(objectOf(received).content).includes('second'),
      );
      expect(hits).toBe(hitsWhenGone);
    } finally {
      goneInbox.closeAllConnections();
      await new Promise((resolve) => goneInbox.close(resolve));
    }
  });

  it("a user's block of a domain ends the follows with its accounts both ways", async () => {
    const bobRow = (await accountOf(bob))!;
    const follows = () =>
      server.db
        .selectFrom('follows')
        .selectAll()
        .where((eb) => eb.or([eb('account_id', '=', bobRow.id), eb('target_account_id', '=', bobRow.id)]))
        .execute();
    expect((await follows()).length).toBeGreaterThan(0);
    const blocked = await api('POST', '/api/v1/domain_blocks', { domain: remote.host.split(':')[0]! });
    expect(blocked.status).toBe(200);
    // the stub's accounts are on 127.0.0.1:PORT; the block names the host, as Mastodon's do
    const reject = await remote.waitForActivity((received) => received.activity.type === 'Reject');
    expect(reject.activity).toMatchObject({ actor: aliceUri(), object: { type: 'Follow', actor: bob.id } });
    expect(await follows()).toEqual([]);
  });
});
