import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, mutualFollow, type TestAccount } from '../../../test/helpers/factories.js';
import { FEDERATED_URL, federationConfig } from '../../../test/helpers/federation.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../../test/helpers/harness.js';
import { call } from '../../../test/helpers/messaging.js';

/**
 * A chat message's federation is committed with the message, as a row of the durable queue: nothing after the
 * commit (the event bus away, a crash) can lose it, and a refused send leaves none.
 */
describeEachDialect('federation intents recorded with the write', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  const intents = async () =>
    (await server.db.selectFrom('federation_queue').select('payload').orderBy('id').execute())
      .map(({ payload }) => JSON.parse(payload) as { type: string })
      .filter((message) => message.type === 'palchat.federate');

  beforeAll(async () => {
    // no queue consumers: what the send left in the queue stays there to be looked at
    server = await createTestServer(dialect, {
      publicUrl: FEDERATED_URL,
      localDomain: 'social.example',
      federation: federationConfig(),
    });
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await mutualFollow(server, alice, bob);
  });
  afterAll(() => server.close());

  it('commits one intent per sent message, naming it', async () => {
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bob.account.id,
      content: 'hello',
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(await intents()).toEqual([
      { type: 'palchat.federate', kind: 'chat-message', messageId: sent.body.id },
    ]);
  });

  it('records none for a send that is refused', async () => {
    const before = await intents();
    const conversationId = (
      await call(server, alice, 'POST', '/api/v1/friend_messages', {
        recipient_id: bob.account.id,
        content: 'again',
      })
    ).body.conversation_id as string;
    const refused = await call(server, carol, 'POST', '/api/v1/friend_messages', {
      conversation_id: conversationId,
      content: 'not mine',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await intents()).length).toBe(before.length + 1);
  });

  it('commits one intent per new post', async () => {
    const before = await intents();
    const posted = await call(server, alice, 'POST', '/api/v1/statuses', { status: 'a post' });
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
    expect(await intents()).toEqual([
      ...before,
      { type: 'palchat.federate', kind: 'status-created', statusId: posted.body.id },
    ]);
  });

  it('commits the Update of an edit and the Delete of a removal with them', async () => {
    const posted = await call(server, alice, 'POST', '/api/v1/statuses', { status: 'to be edited' });
    const statusId = posted.body.id as string;
    const before = await intents();
    const edited = await call(server, alice, 'PUT', `/api/v1/statuses/${statusId}`, { status: 'edited' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const deleted = await call(server, alice, 'DELETE', `/api/v1/statuses/${statusId}`);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expect((await intents()).slice(before.length)).toEqual([
      { type: 'palchat.federate', kind: 'status-updated', statusId },
      { type: 'palchat.federate', kind: 'status-deleted', statusId },
    ]);
  });
});
