import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { MessagesTable } from '../src/db/schema.js';
import type { MessageSent } from '../src/events/chat.js';
import type { FederationPort } from '../src/federation-port.js';
import { bindRuntime, type FederationRuntime } from '../src/federation/runtime.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import { openDirectConversation } from '../src/messaging/conversations.js';
import { sendMessage } from '../src/messaging/messages.js';
import { receiveMessage } from '../src/messaging/remote-actions.js';
import { createAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createCast, type Cast } from './helpers/messaging.js';

/**
 * The message box's MessageSent: emitted once the send has committed, never for a send that did not; the
 * federation subscriber commits a local message's durable intent (`federation_queue`) in the send's own
 * transaction, so that a failing in-transaction subscriber takes the message back with it.
 */
describeEachDialect('MessageSent', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  const committed: { event: MessageSent; storedThen: boolean; intentsThen: number }[] = [];
  const wake = vi.fn();
  let failInTransaction = false;

  const storedMessage = (id: string) =>
    server.db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst();
  const intentsOf = async (messageId: string) =>
    (await server.db.selectFrom('federation_queue').select('payload').execute()).filter(
      (row) => (JSON.parse(row.payload) as { messageId?: string }).messageId === messageId,
    ).length;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    // federation "on" as far as the chat's durable intent goes: a queue to wake (nothing consumes it here)
    const port = {} as FederationPort;
    bindRuntime(port, { queue: { wake } } as unknown as FederationRuntime);
    server.ctx.federation = port;
    const events = server.ctx.events;
    if (!events) throw new Error('buildApp gives the context its events');
    events.subscribe('MessageSent', async (event) => {
      committed.push({
        event,
        storedThen: (await storedMessage(event.message.id)) !== undefined,
        intentsThen: await intentsOf(event.message.id),
      });
    });
    // registered after federation's: it runs once the intent is written, and fails the write when told to
    events.subscribeInTransaction('MessageSent', () => {
      if (failInTransaction) throw new Error('an in-transaction subscriber fails');
    });
  });
  afterAll(async () => {
    delete server.ctx.federation;
    await server.close();
  });
  beforeEach(() => {
    committed.length = 0;
    wake.mockClear();
    failInTransaction = false;
  });

  it('is emitted once after the commit, with the durable intent committed in the same write', async () => {
    const message = await sendMessage(server.ctx, cast.alice.account, {
      recipient_id: cast.bob.account.id,
      content: 'hello',
    });
    expect(committed).toHaveLength(1);
    expect(committed[0]).toMatchObject({
      event: { type: 'MessageSent', message: { id: message.id }, sender: { id: cast.alice.account.id } },
      storedThen: true,
      intentsThen: 1,
    });
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('is not emitted for a refused send, nor when an in-transaction subscriber fails: nothing is kept', async () => {
    await expect(
      sendMessage(server.ctx, cast.alice.account, { recipient_id: cast.bob.account.id, content: '  ' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const countBefore = await server.db.selectFrom('messages').select('id').execute();
    const queueBefore = await server.db.selectFrom('federation_queue').select('id').execute();
    failInTransaction = true;
    await expect(
      sendMessage(server.ctx, cast.alice.account, { recipient_id: cast.bob.account.id, content: 'lost' }),
    ).rejects.toThrow('an in-transaction subscriber fails');
    expect(committed).toEqual([]);
    expect(wake).not.toHaveBeenCalled();
    expect(await server.db.selectFrom('messages').select('id').execute()).toHaveLength(countBefore.length);
    expect(await server.db.selectFrom('federation_queue').select('id').execute()).toHaveLength(
      queueBefore.length,
    );
  });

  it("tells of a remote person's message received by the inbox, which is not federated back", async () => {
    const remote = await createAccount(server, {
      username: 'rita',
      domain: 'remote.example',
      uri: 'https://remote.example/users/rita',
    });
    const conversation = await openDirectConversation(server.db, cast.alice.account.id, remote.account.id);
    const message: MessagesTable = {
      id: newId(),
      conversation_id: conversation.id,
      sender_id: remote.account.id,
      content: 'hi from afar',
      is_system_message: 0,
      reply_to_message_id: null,
      created_at: nowIso(),
      uri: 'https://remote.example/notes/1',
    };
    expect(await receiveMessage(server.ctx, remote.account, message, [], undefined)).toBe(true);
    // the same Note again is stored once and told of once
    expect(await receiveMessage(server.ctx, remote.account, { ...message, id: newId() }, [], undefined)).toBe(
      false,
    );
    expect(committed).toHaveLength(1);
    expect(committed[0]).toMatchObject({
      event: { message: { id: message.id } },
      storedThen: true,
      intentsThen: 0,
    });
    expect(wake).not.toHaveBeenCalled();
  });
});
