import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@palchat/api';
import { createDatabase, type Db } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { postgresReachable, TEST_POSTGRES_URL } from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL } from './helpers/redis.js';
import {
  freePort,
  startProcess,
  stopProcess,
  waitUntilAnswering,
  type ServerProcess,
} from './helpers/server-process.js';

/**
 * Two real server processes on one PostgreSQL schema and one Redis: a WebSocket held by process 2 receives
 * everything a request to process 1 causes, presence is seen from either side, and 1,000 messages arrive.
 */

const FM = '/api/v1/friend_messages';
const MESSAGE_COUNT = 1000;
const SEND_CONCURRENCY = 8;

const missing = [
  !postgresReachable && `PostgreSQL (${TEST_POSTGRES_URL})`,
  !redisReachable && `Redis (${TEST_REDIS_URL})`,
]
  .filter(Boolean)
  .join(' and ');
if (missing) {
  console.warn(
    `[tests] scale-out test skipped: ${missing} not reachable. It needs both to run two server processes ` +
      'against shared storage (set TEST_DATABASE_URL / TEST_REDIS_URL to point elsewhere).',
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ApiResult {
  status: number;
  json: unknown;
  body: Record<string, unknown>;
}

async function api(
  server: ServerProcess,
  who: TestAccount,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: unknown,
): Promise<ApiResult> {
  const response = await fetch(server.url + url, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  const body =
    json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  return { status: response.status, json, body };
}

interface Received {
  stream: string[];
  event: string;
  payload: string;
}

interface StreamClient {
  received: Received[];
  next(
    event: string,
    match?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  send(message: Record<string, unknown>): void;
  close(): Promise<void>;
}

async function connectStream(server: ServerProcess, who: TestAccount): Promise<StreamClient> {
  const socket = new WebSocket(
    `${server.url.replace(/^http/, 'ws')}/api/v1/streaming/?access_token=${encodeURIComponent(who.token)}`,
  );
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
  socket.send(JSON.stringify({ type: 'subscribe', stream: 'user' }));
  return {
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    async next(event, match = () => true, timeoutMs = 5000) {
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
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await pause(50);
  }
}

describe.skipIf(Boolean(missing))('two server processes on PostgreSQL and Redis', () => {
  const schema = `scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const redisPrefix = `palchat-${schema}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-scale-'));
  let db: Db;
  let one: ServerProcess;
  let two: ServerProcess;
  let alice: TestAccount;
  let bob: TestAccount;
  let bobStream: StreamClient;
  let aliceStream: StreamClient;
  let conversationId: string;
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = createDatabase({ url: TEST_POSTGRES_URL, schema });
    await migrateToLatest(db);
    alice = await createAccount({ db }, { username: 'alice', display_name: 'Alice' });
    bob = await createAccount({ db }, { username: 'bob', display_name: 'Bob' });
    await mutualFollow({ db }, alice, bob);

    const env = {
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DATA_DIR: dataDir,
      // 1,000 messages and more from one token, far past the API allowance of a person
      RATE_LIMIT_API_PER_5_MINUTES: '1000000',
      RATE_LIMIT_API_PER_ACCOUNT_PER_5_MINUTES: '1000000',
    };
    const [portOne, portTwo] = [await freePort(), await freePort()];
    one = startProcess(env, portOne);
    two = startProcess(env, portTwo);
    await Promise.all([waitUntilAnswering(one), waitUntilAnswering(two)]);

    bobStream = await connectStream(two, bob);
    aliceStream = await connectStream(one, alice);
    streams.push(bobStream, aliceStream);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await Promise.all([one, two].filter(Boolean).map(stopProcess));
    await db?.destroy();
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows each process the other one’s connected users', async () => {
    const online = (server: ServerProcess, viewer: TestAccount, other: TestAccount) => async () =>
      (await api(server, viewer, 'GET', `${FM}/active_status/${other.account.id}`)).body.is_active === true;
    await until(online(one, alice, bob), 'process 1 sees bob (on process 2) online');
    await until(online(two, bob, alice), 'process 2 sees alice (on process 1) online');
    bobStream.send({ type: 'active_status', stream: 'user', is_active: false });
    await until(async () => !(await online(one, alice, bob)()), 'process 1 sees bob inactive');
    bobStream.send({ type: 'active_status', stream: 'user', is_active: true });
    await until(online(one, alice, bob), 'process 1 sees bob active again');
  });

  it('delivers every messaging event caused on process 1 to a socket on process 2', async () => {
    // The first message also proves that process 2's Redis subscription is in place.
    let first: Message | null = null;
    await until(async () => {
      const sent = await api(one, alice, 'POST', FM, {
        recipient_id: bob.account.id,
        content: 'hello across',
      });
      expect(sent.status).toBe(201);
      first = sent.json as Message;
      const id = first.id;
      return bobStream
        .next('friend_message', (payload) => payload.id === id, 1000)
        .then(() => true)
        .catch(() => false);
    }, 'the first message reaches process 2');
    const message = first as unknown as Message;
    conversationId = message.conversation_id;
    expect(await bobStream.next('friend_message', (p) => p.id === message.id)).toMatchObject({
      content: 'hello across',
      conversation_id: conversationId,
      sender: { id: alice.account.id },
    });

    aliceStream.send({ type: 'typing_start', stream: 'user', conversation_id: conversationId });
    expect(await bobStream.next('typing_start')).toMatchObject({
      conversation_id: conversationId,
      user_id: alice.account.id,
      username: 'alice',
    });
    aliceStream.send({ type: 'typing_stop', stream: 'user', conversation_id: conversationId });
    expect(await bobStream.next('typing_stop')).toMatchObject({ user_id: alice.account.id });

    const reply = (await api(two, bob, 'POST', FM, { recipient_id: alice.account.id, content: 'hi back' }))
      .json as Message;
    await aliceStream.next('friend_message', (p) => p.id === reply.id);
    expect((await api(one, alice, 'POST', `${FM}/conversations/${conversationId}/mark_read`)).status).toBe(
      200,
    );
    expect(await bobStream.next('message_read')).toMatchObject({
      conversation_id: conversationId,
      user_id: alice.account.id,
    });

    expect((await api(one, alice, 'POST', `${FM}/${reply.id}/react`, { emoji: '👍' })).status).toBe(200);
    expect(await bobStream.next('message_reaction_update')).toMatchObject({
      id: reply.id,
      reactions: [{ emoji: '👍', count: 1 }],
    });

    await api(one, alice, 'POST', `${FM}/conversations/${conversationId}/block_user`);
    expect(await bobStream.next('conversation_updated')).toEqual({ conversation_id: conversationId });
    await api(one, alice, 'POST', `${FM}/conversations/${conversationId}/unblock_user`);
  });

  it(`loses none of ${MESSAGE_COUNT} messages sent through process 1`, async () => {
    const sentIds = new Set<string>();
    let next = 0;
    const sender = async () => {
      while (next < MESSAGE_COUNT) {
        const index = next++;
        const sent = await api(one, alice, 'POST', FM, {
          recipient_id: bob.account.id,
          content: `bulk ${index}`,
        });
        expect(sent.status, `${JSON.stringify(sent.json)}\n${one.output.join('').slice(-2000)}`).toBe(201);
        sentIds.add((sent.json as Message).id);
      }
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
    expect(sentIds.size).toBe(MESSAGE_COUNT);
    const receivedIds = () =>
      new Set(
        bobStream.received
          .filter((entry) => entry.event === 'friend_message')
          .map((entry) => (JSON.parse(entry.payload) as Message).id)
          .filter((id) => sentIds.has(id)),
      );
    await until(async () => receivedIds().size === MESSAGE_COUNT, 'every message arrived', 10_000);
    const bulk = bobStream.received.filter(
      (entry) => entry.event === 'friend_message' && sentIds.has((JSON.parse(entry.payload) as Message).id),
    );
    expect(bulk).toHaveLength(MESSAGE_COUNT);
  }, 60_000);

  it('delivers a notification caused on process 1 to process 2', async () => {
    expect((await api(one, alice, 'POST', `/api/v1/accounts/${bob.account.id}/unfollow`)).status).toBe(200);
    expect((await api(one, alice, 'POST', `/api/v1/accounts/${bob.account.id}/follow`)).status).toBe(200);
    const notification = await bobStream.next('notification', (p) => p.type === 'follow');
    expect(notification).toMatchObject({ type: 'follow', account: { id: alice.account.id } });
  });

  it('delivers a home timeline update caused on process 1 to process 2', async () => {
    // Blocking in the chat above ended the follows both ways: bob follows alice again, through process 2.
    expect((await api(two, bob, 'POST', `/api/v1/accounts/${alice.account.id}/follow`)).status).toBe(200);
    const posted = await api(one, alice, 'POST', '/api/v1/statuses', { status: 'across processes' });
    expect(posted.status).toBe(200);
    const statusId = posted.body.id;
    expect(await bobStream.next('update', (p) => p.id === statusId)).toMatchObject({
      content: expect.stringContaining('across processes'),
      account: { id: alice.account.id },
    });
  });

  it('forgets a user on every process once their socket closes', async () => {
    await bobStream.close();
    await until(
      async () =>
        (await api(one, alice, 'GET', `${FM}/active_status/${bob.account.id}`)).body.is_active === false,
      'process 1 sees bob offline',
    );
  });
});
