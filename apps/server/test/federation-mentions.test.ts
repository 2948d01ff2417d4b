import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { startRemoteServer, type RemoteServer } from './helpers/remote-server.js';

describe('mentions of remote accounts not known here yet', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let alice: TestAccount;

  const api = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${alice.token}` },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const noteOf = (statusId: string) => `${server.url}/users/alice/statuses/${statusId}`;
  const list = (value: unknown) => (value === undefined ? [] : [value].flat());

  beforeAll(async () => {
    remote = await startRemoteServer();
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('resolves them when posting: the post links them, lists them in mentions and reaches their inboxes', async () => {
    const bob = await remote.addActor('bob');
    const known = await server.db.selectFrom('accounts').select('id').where('uri', '=', bob.id).execute();
    expect(known).toEqual([]);

    const posted = await api('POST', '/api/v1/statuses', {
      status: `Hello @${bob.acct}!`,
      visibility: 'public',
    });
    expect(posted.status).toBe(200);
    expect(posted.body.mentions).toEqual([
      expect.objectContaining({ username: 'bob', acct: bob.acct, url: `${remote.url}/@bob` }),
    ]);
    expect(posted.body.content).toContain(`href="${remote.url}/@bob"`);
    expect(posted.body.content).toContain('class="u-url mention"');

    // delivered to bob (no one there follows alice: only the mention brings it), with its Mention tag
    const create = await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Create' &&
        (received.activity.object as Record<string, unknown>).id === noteOf(posted.body.id),
    );
    expect(list(create.activity.cc)).toContain(bob.id);
    const tags = list((create.activity.object as Record<string, unknown>).tag);
    expect(tags).toContainEqual(expect.objectContaining({ type: 'Mention', href: bob.id }));
  });

  it('resolves the ones an edit adds', async () => {
    const carol = await remote.addActor('carol');
    const posted = await api('POST', '/api/v1/statuses', { status: 'no one yet', visibility: 'public' });
    const edited = await api('PUT', `/api/v1/statuses/${posted.body.id}`, { status: `now @${carol.acct}` });
    expect(edited.status).toBe(200);
    expect(edited.body.mentions.map((mention: { acct: string }) => mention.acct)).toEqual([carol.acct]);
    await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Update' &&
        list((received.activity.object as Record<string, unknown>).tag).some(
          (tag) => (tag as Record<string, unknown>).href === carol.id,
        ),
    );
  });

  it('leaves a mention that cannot be resolved as plain text, and the post still goes out', async () => {
    const dave = await remote.addActor('dave');
    // dave follows alice, so that the post has somewhere to go
    const lookup = await server.app.inject({
      url: `/api/v1/accounts/lookup?acct=${encodeURIComponent(dave.acct)}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    await follow(server, { id: lookup.json<{ id: string }>().id }, alice);
    // nobody by that name there, and a server whose WebFinger never answers
    remote.stallWebFinger(`slow@${remote.host}`);
    const text = `Hi @ghost@${remote.host} and @slow@${remote.host}`;
    const posted = await api('POST', '/api/v1/statuses', { status: text, visibility: 'public' });
    expect(posted.status).toBe(200);
    expect(posted.body.mentions).toEqual([]);
    expect(posted.body.content).not.toContain('mention');
    expect(posted.body.content).toContain(`@ghost@${remote.host}`);
    // it still reaches the followers' server
    await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Create' &&
        (received.activity.object as Record<string, unknown>).id === noteOf(posted.body.id),
    );
  });
});
