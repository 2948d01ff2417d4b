import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  type TestServer,
} from './helpers/harness.js';
import { openProbe, streamingUrl, type ProbeSocket } from './helpers/probe-socket.js';
import { redisReachable, warnRedisSkipped } from './helpers/redis.js';
import { createScaledOut, type ScaledOut } from './helpers/scaled-out.js';
import type { FastifyInstance } from 'fastify';

/** Issue 12, item 8 (typing): one typing_start per sender and conversation per window, and its typing_stop. */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WINDOW_MS = 800;

async function conversationBetween(
  app: FastifyInstance,
  from: TestAccount,
  to: TestAccount,
): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/friend_messages',
    headers: { authorization: `Bearer ${from.token}` },
    payload: { recipient_id: to.account.id, content: 'hello' },
  });
  expect(sent.statusCode).toBe(201);
  return sent.json<{ conversation_id: string }>().conversation_id;
}

const typing = (probe: ProbeSocket, type: 'typing_start' | 'typing_stop', conversationId: string) =>
  probe.send({ type, stream: 'user', conversation_id: conversationId });
const count = (probe: ProbeSocket, event: string) =>
  probe.received.filter((entry) => entry.event === event).length;

describeEachDialect('typing events through the streaming socket', (dialect) => {
  let server: TestServer;
  let wsBase: string;
  let serial = 0;
  const probes: ProbeSocket[] = [];

  beforeAll(async () => {
    server = await createTestServer(dialect, {
      streaming: { ...loadConfig({}).streaming, typingIntervalMs: WINDOW_MS },
    });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = address.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.close()));
    await server.close();
  });

  async function pair() {
    serial += 1;
    const typist = await createAccount(server, { username: `typist${serial}` });
    const reader = await createAccount(server, { username: `reader${serial}` });
    await mutualFollow(server, typist, reader);
    const conversationId = await conversationBetween(server.app, typist, reader);
    const from = await openProbe(streamingUrl(wsBase, { access_token: typist.token }));
    const to = await openProbe(streamingUrl(wsBase, { stream: 'user', access_token: reader.token }));
    probes.push(from, to);
    await pause(50);
    return { from, to, conversationId };
  }

  it('relays one typing_start of a flood, then the typing_stop that clears it', async () => {
    const { from, to, conversationId } = await pair();
    for (let index = 0; index < 500; index += 1) typing(from, 'typing_start', conversationId);
    await pause(300);
    expect(count(to, 'typing_start')).toBe(1);
    typing(from, 'typing_stop', conversationId);
    typing(from, 'typing_stop', conversationId);
    await pause(300);
    expect(count(to, 'typing_stop')).toBe(1);
  });

  it('relays at most a start and a stop per window from a start/stop flood', async () => {
    const { from, to, conversationId } = await pair();
    const started = Date.now();
    while (Date.now() - started < WINDOW_MS * 2 - 100) {
      typing(from, 'typing_start', conversationId);
      typing(from, 'typing_stop', conversationId);
      await pause(20);
    }
    await pause(WINDOW_MS + 200);
    // two windows, plus the start a late dropped frame may retry at the end of the second
    expect(count(to, 'typing_start')).toBeLessThanOrEqual(3);
    expect(count(to, 'typing_stop')).toBeLessThanOrEqual(2);
    expect(count(to, 'typing_start')).toBeGreaterThanOrEqual(2);
  });

  it('sends a start dropped after a stop once its window ends, so the indicator comes back', async () => {
    const { from, to, conversationId } = await pair();
    const started = Date.now();
    typing(from, 'typing_start', conversationId);
    typing(from, 'typing_stop', conversationId);
    await pause(100);
    typing(from, 'typing_start', conversationId);
    await pause(200);
    expect(count(to, 'typing_start')).toBe(1);
    await pause(WINDOW_MS);
    expect(count(to, 'typing_start')).toBe(2);
    const second = to.received.filter((entry) => entry.event === 'typing_start')[1]!;
    expect(JSON.parse(second.payload)).toMatchObject({ conversation_id: conversationId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_MS);
  });

  it('does not send the retried start when a stop comes first', async () => {
    const { from, to, conversationId } = await pair();
    typing(from, 'typing_start', conversationId);
    typing(from, 'typing_stop', conversationId);
    await pause(100);
    typing(from, 'typing_start', conversationId);
    await pause(100);
    typing(from, 'typing_stop', conversationId);
    await pause(WINDOW_MS + 200);
    expect(count(to, 'typing_start')).toBe(1);
    expect(count(to, 'typing_stop')).toBe(1);
  });
});

warnRedisSkipped('the cross-process typing limit test');
describe.skipIf(!(postgresReachable && redisReachable))(
  'typing events across processes (PostgreSQL + Redis)',
  () => {
    let cluster: ScaledOut;
    const probes: ProbeSocket[] = [];

    beforeAll(async () => {
      cluster = await createScaledOut(2);
    });
    afterAll(async () => {
      await Promise.all(probes.map((probe) => probe.close()));
      await cluster.close();
    });

    it('counts one sender typing through two processes once', async () => {
      const typist = await createAccount({ db: cluster.db }, { username: 'typist' });
      const reader = await createAccount({ db: cluster.db }, { username: 'reader' });
      await mutualFollow({ db: cluster.db }, typist, reader);
      const [one, two] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
      const conversationId = await conversationBetween(one.app, typist, reader);
      const fromOne = await openProbe(streamingUrl(one.wsBase, { access_token: typist.token }));
      const fromTwo = await openProbe(streamingUrl(two.wsBase, { access_token: typist.token }));
      const to = await openProbe(streamingUrl(one.wsBase, { stream: 'user', access_token: reader.token }));
      probes.push(fromOne, fromTwo, to);
      await pause(100);
      for (let index = 0; index < 50; index += 1) {
        typing(fromOne, 'typing_start', conversationId);
        typing(fromTwo, 'typing_start', conversationId);
      }
      await pause(400);
      expect(count(to, 'typing_start')).toBe(1);
      typing(fromTwo, 'typing_stop', conversationId);
      typing(fromOne, 'typing_stop', conversationId);
      await pause(300);
      expect(count(to, 'typing_stop')).toBe(1);
    });
  },
);
