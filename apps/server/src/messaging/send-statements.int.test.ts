import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, type Cast } from '../../test/helpers/messaging.js';
import { QueryCounter } from '../../test/helpers/query-counter.js';

const FM = '/api/v1/friend_messages';

/**
 * The chat send path is the hottest write: into an existing conversation it reads once, then writes the message,
 * the conversation's order and every participant's unread count in one short transaction (no find-or-create).
 * The budget counts every statement of the request, the bearer lookup (token and account in one) included; a reply adds the
 * replied message, its sender and its media. On PostgreSQL the writes are one statement (messaging/message-writes.ts):
 * the bearer lookup, the read and the write are three round trips.
 */
describeEachDialect('sending a message runs few statements', (dialect) => {
  const SEND_BUDGET = dialect === 'postgres' ? 3 : 5;
  let server: TestServer;
  let cast: Cast;
  const counter = new QueryCounter();

  beforeAll(async () => {
    server = await createTestServer(dialect, {}, { dbPlugins: [counter] });
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  async function countedSend(
    body: Record<string, unknown>,
  ): Promise<{ message: Message; statements: number; kinds: string }> {
    counter.reset();
    const sent = await call(server, cast.alice, 'POST', FM, body);
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    return { message: sent.json as Message, statements: counter.count, kinds: counter.kinds.join(' ') };
  }

  it('into an existing direct conversation, by recipient_id or by conversation_id', async () => {
    const first = await countedSend({ recipient_id: cast.bob.account.id, content: 'first' });
    // the first request of the hour recorded the account's activity, which changed its version: the next one
    // reads its row again (auth/bearer-tokens.ts), once an hour; the sends below are the ones of that hour
    await call(server, cast.alice, 'GET', '/api/v1/accounts/verify_credentials');
    const byRecipient = await countedSend({ recipient_id: cast.bob.account.id, content: 'again' });
    expect(byRecipient.message.conversation_id).toBe(first.message.conversation_id);
    expect(byRecipient.statements, byRecipient.kinds).toBeLessThanOrEqual(SEND_BUDGET);
    const byId = await countedSend({ conversation_id: first.message.conversation_id, content: 'and again' });
    expect(byId.statements, byId.kinds).toBeLessThanOrEqual(SEND_BUDGET);

    const bobsList = await call(server, cast.bob, 'GET', `${FM}/conversations`);
    const conversation = (bobsList.json as Array<{ id: string; unread_count: number }>).find(
      (entry) => entry.id === first.message.conversation_id,
    );
    expect(conversation?.unread_count).toBe(3);
    const alicesList = await call(server, cast.alice, 'GET', `${FM}/conversations`);
    const own = (alicesList.json as Array<{ id: string; unread_count: number }>).find(
      (entry) => entry.id === first.message.conversation_id,
    );
    expect(own?.unread_count).toBe(0);
  });

  it('into a group, with a reply, serialized like the history shows it', async () => {
    const group = await call(server, cast.alice, 'POST', `${FM}/conversations`, {
      name: 'Team',
      participant_ids: [cast.bob.account.id, cast.carol.account.id],
    });
    expect(group.status).toBe(201);
    const conversationId = (group.json as { id: string }).id;
    const first = await countedSend({ conversation_id: conversationId, content: 'hello team' });
    const reply = await countedSend({
      conversation_id: conversationId,
      content: 'replying',
      reply_to_message_id: first.message.id,
    });
    expect(first.statements, first.kinds).toBeLessThanOrEqual(SEND_BUDGET);
    expect(reply.statements, reply.kinds).toBeLessThanOrEqual(SEND_BUDGET + 3);

    const page = await call(server, cast.alice, 'GET', `${FM}/conversations/${conversationId}`);
    const history = (page.json as { messages: Message[] }).messages;
    expect(history.find((message) => message.id === reply.message.id)).toEqual(reply.message);
    expect(reply.message.reply_to).toMatchObject({ id: first.message.id, content: 'hello team' });
  });
});
