import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Message } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { call, createCast, type Cast } from './helpers/messaging.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';

interface Received {
  stream: string[];
  event: string;
  payload: string;
}

interface Client {
  socket: WebSocket;
  received: Received[];
  /** resolves with the first (already received or future) event of that name matching the predicate */
  next(
    event: string,
    match?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  send(message: Record<string, unknown>): void;
  close(): Promise<void>;
}

const FM = '/api/v1/friend_messages';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDialect('streaming of messaging events', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let base: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    process.env.STREAMING_HEARTBEAT_MS = '100';
    server = await createTestServer(dialect);
    delete process.env.STREAMING_HEARTBEAT_MS;
    cast = await createCast(server);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  async function connect(
    who: TestAccount,
    options: { subscribe?: boolean; autoPong?: boolean } = {},
  ): Promise<Client> {
    const socket = new WebSocket(`${base}/api/v1/streaming/?access_token=${encodeURIComponent(who.token)}`, {
      autoPong: options.autoPong ?? true,
    });
    const received: Received[] = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      received.push(JSON.parse(String(data)) as Received);
      for (const wake of waiters.splice(0)) wake();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const client: Client = {
      socket,
      received,
      send: (message) => socket.send(JSON.stringify(message)),
      async next(event, match = () => true, timeoutMs = 2000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = received.find(
            (entry) => entry.event === event && match(JSON.parse(entry.payload) as Record<string, unknown>),
          );
          if (found) return JSON.parse(found.payload) as Record<string, unknown>;
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`no ${event} event within ${timeoutMs} ms`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, left);
          });
        }
      },
      async close() {
        if (socket.readyState === WebSocket.CLOSED) return;
        await new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close();
        });
      },
    };
    clients.push(client);
    if (options.subscribe ?? true) {
      client.send({ type: 'subscribe', stream: 'user' });
      await pause(50);
    }
    return client;
  }

  it('refuses an invalid access token with 401', async () => {
    const socket = new WebSocket(`${base}/api/v1/streaming/?access_token=nope`);
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it('delivers each messaging event only to the participants', async () => {
    const { alice, bob, carol, dave } = cast;
    const [a, b, d] = [await connect(alice), await connect(bob), await connect(dave)];
    void carol;
    const sent = await call(server, alice, 'POST', FM, {
      recipient_id: bob.account.id,
      content: 'over the wire',
    });
    const message = sent.json as Message;
    const delivered = await b.next('friend_message', (p) => p.id === message.id);
    expect(delivered).toMatchObject({
      content: 'over the wire',
      conversation_id: message.conversation_id,
      sender: { id: alice.account.id },
    });
    expect(b.received.find((entry) => entry.event === 'friend_message')?.stream).toEqual(['user']);
    await a.next('friend_message', (p) => p.id === message.id);

    b.send({ type: 'typing_start', stream: 'user', conversation_id: message.conversation_id });
    expect(await a.next('typing_start')).toMatchObject({
      conversation_id: message.conversation_id,
      user_id: bob.account.id,
      username: 'bob',
      display_name: 'Bob',
    });
    b.send({ type: 'typing_stop', stream: 'user', conversation_id: message.conversation_id });
    await a.next('typing_stop');

    await call(server, bob, 'POST', `${FM}/conversations/${message.conversation_id}/mark_read`);
    expect(await a.next('message_read')).toEqual({
      conversation_id: message.conversation_id,
      user_id: bob.account.id,
      message_ids: [message.id],
    });

    await call(server, bob, 'POST', `${FM}/${message.id}/react`, { emoji: '👍' });
    const reaction = await a.next('message_reaction_update');
    expect(reaction).toMatchObject({ id: message.id, reactions: [{ emoji: '👍', count: 1 }] });
    await b.next('message_reaction_update');

    await call(server, alice, 'POST', `${FM}/conversations/${message.conversation_id}/block_user`);
    expect(await b.next('conversation_updated')).toEqual({ conversation_id: message.conversation_id });
    await call(server, alice, 'POST', `${FM}/conversations/${message.conversation_id}/unblock_user`);

    // dave, who is not a participant, saw none of it; nor does dave's typing reach anyone.
    d.send({ type: 'typing_start', stream: 'user', conversation_id: message.conversation_id });
    await pause(100);
    expect(d.received).toEqual([]);
    expect(a.received.filter((entry) => entry.event === 'typing_start')).toHaveLength(1);
  });

  it('relays no typing from someone with the typing indicator off, and no receipts with receipts off', async () => {
    const { alice, carol } = cast;
    const [a, c] = [await connect(alice), await connect(carol)];
    const message = (
      await call(server, alice, 'POST', FM, { recipient_id: carol.account.id, content: 'quiet' })
    ).json as Message;
    await call(server, carol, 'PATCH', `${FM}/preferences`, {
      typing_indicator_enabled: false,
      read_receipts_enabled: false,
    });
    c.send({ type: 'typing_start', stream: 'user', conversation_id: message.conversation_id });
    await call(server, carol, 'POST', `${FM}/conversations/${message.conversation_id}/mark_read`);
    await pause(150);
    expect(a.received.filter((entry) => ['typing_start', 'message_read'].includes(entry.event))).toEqual([]);
    const row = await server.db
      .selectFrom('conversation_participants')
      .select('receipt_message_id')
      .where('conversation_id', '=', message.conversation_id)
      .where('account_id', '=', carol.account.id)
      .executeTakeFirstOrThrow();
    expect(row.receipt_message_id).toBeNull();
    // A per-conversation override turns typing back on for this chat only.
    await call(server, carol, 'PATCH', `${FM}/conversations/${message.conversation_id}/settings`, {
      typing_indicator_enabled: true,
    });
    c.send({ type: 'typing_start', stream: 'user', conversation_id: message.conversation_id });
    await a.next('typing_start', (p) => p.user_id === carol.account.id);
    await call(server, carol, 'PATCH', `${FM}/preferences`, {
      typing_indicator_enabled: true,
      read_receipts_enabled: true,
    });
  });

  it('reports presence from subscribed sockets, active status and the preference', async () => {
    const { alice, bob } = cast;
    const isOnline = async () =>
      (await call(server, alice, 'GET', `${FM}/active_status/${bob.account.id}`)).body.is_active as boolean;
    const partnerOnline = async () => {
      const list = (await call(server, alice, 'GET', `${FM}/conversations`)).json as Array<{
        partner: { id: string; is_online: boolean } | null;
      }>;
      return list.find((c) => c.partner?.id === bob.account.id)?.partner?.is_online;
    };
    for (const client of clients.splice(0)) await client.close();
    await pause(50);
    expect(await isOnline()).toBe(false);
    const unsubscribed = await connect(bob, { subscribe: false });
    expect(await isOnline()).toBe(false);
    unsubscribed.send({ type: 'subscribe', stream: 'user' });
    await pause(50);
    expect(await isOnline()).toBe(true);
    expect(await partnerOnline()).toBe(true);
    unsubscribed.send({ type: 'active_status', stream: 'user', is_active: false });
    await pause(50);
    expect(await isOnline()).toBe(false);
    unsubscribed.send({ type: 'active_status', stream: 'user', is_active: true });
    await pause(50);
    expect(await isOnline()).toBe(true);
    await call(server, bob, 'PATCH', `${FM}/preferences`, { active_status_enabled: false });
    expect(await isOnline()).toBe(false);
    expect(await partnerOnline()).toBe(false);
    await call(server, bob, 'PATCH', `${FM}/preferences`, { active_status_enabled: true });
    await unsubscribed.close();
    await pause(50);
    expect(await isOnline()).toBe(false);
  });

  it('terminates a socket that stops answering pings', async () => {
    const { alice, bob } = cast;
    const silent = await connect(bob, { autoPong: false });
    expect((await call(server, alice, 'GET', `${FM}/active_status/${bob.account.id}`)).body.is_active).toBe(
      true,
    );
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2000);
      silent.socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
    await pause(50);
    expect((await call(server, alice, 'GET', `${FM}/active_status/${bob.account.id}`)).body.is_active).toBe(
      false,
    );
    const healthy = await connect(bob);
    await pause(350);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
  });
  it('hides presence and typing across a block, whoever blocked whom', async () => {
    const erin = await createAccount(server, { username: 'erin', display_name: 'Erin' });
    const fay = await createAccount(server, { username: 'fay', display_name: 'Fay' });
    await mutualFollow(server, erin, fay);
    const [e, f] = [await connect(erin), await connect(fay)];
    const conversationId = (
      (await call(server, erin, 'POST', FM, { recipient_id: fay.account.id, content: 'hi' })).json as Message
    ).conversation_id;
    /** what `viewer` sees of `other`: active status, the list's partner and the chat's participant */
    const seenOnline = async (viewer: TestAccount, other: TestAccount) => {
      const active = await call(server, viewer, 'GET', `${FM}/active_status/${other.account.id}`);
      const list = (await call(server, viewer, 'GET', `${FM}/conversations`)).json as Array<{
        id: string;
        partner: { is_online: boolean } | null;
      }>;
      const chat = await call(server, viewer, 'GET', `${FM}/conversations/${conversationId}`);
      const participants = (chat.body.conversation ?? chat.body) as {
        participants: Array<{ id: string; is_online: boolean }>;
      };
      return [
        active.body.is_active,
        list.find((c) => c.id === conversationId)?.partner?.is_online,
        participants.participants.find((p) => p.id === other.account.id)?.is_online,
      ];
    };
    const typingFrom = (client: Client, from: Client) => {
      const before = client.received.filter((entry) => entry.event === 'typing_start').length;
      from.send({ type: 'typing_start', stream: 'user', conversation_id: conversationId });
      from.send({ type: 'typing_stop', stream: 'user', conversation_id: conversationId });
      return async () => {
        await pause(150);
        return client.received.filter((entry) => entry.event === 'typing_start').length - before;
      };
    };
    expect(await seenOnline(fay, erin)).toEqual([true, true, true]);
    expect(await seenOnline(erin, fay)).toEqual([true, true, true]);
    expect(await typingFrom(f, e)()).toBe(1);

    await call(server, erin, 'POST', `${FM}/conversations/${conversationId}/block_user`);
    await pause(900); // past the typing window of the start relayed above
    expect(await seenOnline(fay, erin)).toEqual([false, false, false]);
    expect(await seenOnline(erin, fay)).toEqual([false, false, false]);
    const [toFay, toErin] = [typingFrom(f, e), typingFrom(e, f)];
    expect(await toFay()).toBe(0);
    expect(await toErin()).toBe(0);

    await call(server, erin, 'POST', `${FM}/conversations/${conversationId}/unblock_user`);
    expect(await seenOnline(fay, erin)).toEqual([true, true, true]);
  });
});
