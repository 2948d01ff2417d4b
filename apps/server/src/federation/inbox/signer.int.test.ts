import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountRow } from '../../auth/viewer.js';
import { createAccount, follow, mutualFollow, type TestAccount } from '../../../test/helpers/factories.js';
import { mastodonActivities, mastodonNote } from '../../../test/helpers/activitypub.js';
import { listenFederatedServer } from '../../../test/helpers/federation.js';
import type { TestServer } from '../../../test/helpers/harness.js';
import { call } from '../../../test/helpers/messaging.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from '../../../test/helpers/remote-server.js';
import { runtimeOf } from '../runtime.js';

// Issue 31 item 3: a Create naming its object by id only. The remote server serves a non-public object only to a
// signed fetch by an addressee (as Mastodon does), so Palchat signs the fetch as the personal inbox's owner, else
// the first local account the activity addresses, else a local follower of the sender — and logs a refusal.

describe('dereferencing signed as someone the activity is meant for', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let bobRow: AccountRow;
  let alice: TestAccount;
  let carol: TestAccount;
  const warn = vi.fn();
  const { activity } = mastodonActivities();
  const keyOf = (username: string) => `${server.url}/users/${username}#main-key`;
  const statusByUri = (uri: string) =>
    server.db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
  const messageByUri = (uri: string) =>
    server.db.selectFrom('messages').selectAll().where('uri', '=', uri).executeTakeFirst();

  /** A Note of bob's at /users/bob/statuses/ID, served only to signed fetches with `readers`' keys. */
  function serveNote(id: string, readers: string[], extra: Record<string, unknown>): string {
    const noteId = `${bob.id}/statuses/${id}`;
    remote.serve(new URL(noteId).pathname, mastodonNote(bob.id, noteId, extra), {
      onlyTo: readers.map(keyOf),
    });
    return noteId;
  }

  const directTo = (username: string, text: string) => ({
    to: [`${server.url}/users/${username}`],
    cc: [],
    content: `<p>@${username} ${text}</p>`,
    contentMap: { en: `<p>@${username} ${text}</p>` },
    tag: [{ type: 'Mention', href: `${server.url}/users/${username}`, name: `@${username}` }],
  });

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    runtimeOf(server.ctx)!.log = { warn };
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await remote.post(`${server.url}/inbox`, activity(bob, 'Update', bob.document));
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('accounts').select('id').where('uri', '=', bob.id).executeTakeFirst(),
      ),
    );
    bobRow = await server.db
      .selectFrom('accounts')
      .selectAll()
      .where('uri', '=', bob.id)
      .executeTakeFirstOrThrow();
    await mutualFollow(server, alice, bobRow);
    // alice and bob chat: bob's direct Notes to alice belong in that chat
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bobRow.id,
      content: 'hello bob',
    });
    expect(sent.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('fetches a direct Note delivered by reference to the shared inbox as its addressee: it arrives in the chat', async () => {
    const noteId = serveNote('by-reference', ['alice'], directTo('alice', 'answer by reference'));
    const create = activity(bob, 'Create', noteId, { to: [`${server.url}/users/alice`], cc: [] });
    expect((await remote.post(`${server.url}/inbox`, create)).status).toBe(202);

    await waitUntil(async () => Boolean(await messageByUri(noteId)));
    const message = await messageByUri(noteId);
    expect(message?.content).toContain('answer by reference');
    expect(message?.sender_id).toBe(bobRow.id);
    expect(remote.readers.get(new URL(noteId).pathname)).toContain(keyOf('alice'));
    // not fetched again unsigned (or as the instance actor) once it was read
    expect(remote.readers.get(new URL(noteId).pathname)).toEqual([keyOf('alice')]);
  });

  it('signs as the owner of the personal inbox it was delivered to, whatever the activity addresses', async () => {
    const noteId = serveNote('personal-inbox', ['alice'], directTo('alice', 'to the personal inbox'));
    const create = activity(bob, 'Create', noteId, {});
    expect((await remote.post(`${server.url}/users/alice/inbox`, create)).status).toBe(202);
    await waitUntil(async () => Boolean(await messageByUri(noteId)));
    expect(remote.readers.get(new URL(noteId).pathname)).toEqual([keyOf('alice')]);
  });

  it('signs as a local follower of the sender when the activity addresses no local account', async () => {
    await follow(server, carol, bobRow);
    const followersOnly = {
      to: [bob.followers],
      cc: [],
      content: '<p>for my followers</p>',
      contentMap: { en: '<p>for my followers</p>' },
    };
    // alice follows bob too, earlier: the first local follower signs
    const noteId = serveNote('followers-only', ['alice'], followersOnly);
    const create = activity(bob, 'Create', noteId, { to: [bob.followers], cc: [] });
    expect((await remote.post(`${server.url}/inbox`, create)).status).toBe(202);
    await waitUntil(async () => Boolean(await statusByUri(noteId)));
    expect((await statusByUri(noteId))?.visibility).toBe('private');
    expect(remote.readers.get(new URL(noteId).pathname)).toEqual([keyOf('alice')]);
  });

  it('logs a dereference the remote server refused, with its URL, status and signer, and stores nothing', async () => {
    warn.mockClear();
    const noteId = serveNote('not-for-alice', ['carol'], directTo('carol', 'not for alice'));
    const create = activity(bob, 'Create', noteId, { to: [`${server.url}/users/alice`], cc: [] });
    expect((await remote.post(`${server.url}/inbox`, create)).status).toBe(202);
    await waitUntil(() => warn.mock.calls.some(([details]) => (details as { url?: string }).url === noteId));
    const [details, message] = warn.mock.calls.find(
      ([logged]) => (logged as { url?: string }).url === noteId,
    )!;
    expect(details).toEqual({
      url: noteId,
      status: 403,
      signer: 'alice',
      signerRule: 'addressee',
    });
    expect(message).toMatch(/refused/);
    expect(await statusByUri(noteId)).toBeUndefined();
    expect(await messageByUri(noteId)).toBeUndefined();
  });
});
