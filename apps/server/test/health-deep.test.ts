import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { RedisEventBus } from '../src/streaming/redis-bus.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  TEST_POSTGRES_URL,
  type TestServer,
} from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL } from './helpers/redis.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const deep = (server: TestServer) => server.app.inject({ method: 'GET', url: '/health?deep=1' });

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('never happened');
}

describeEachDialect('/health', (dialect) => {
  let server: TestServer;
  // no consumer in this process: a due message stays in the queue
  beforeAll(async () => {
    server = await createTestServer(dialect, { healthQueueMaxAgeSeconds: 60 });
    server.config.federation.workers = 0;
  });
  afterAll(() => server.close());

  it('stays a plain OK for load balancers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('OK');
  });

  it('answers 200 with every check when deep, Redis not configured', async () => {
    const response = await deep(server);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      failed: [],
      checks: {
        database: { status: 'ok' },
        redis: { status: 'not_configured' },
        queue: { status: 'ok', oldest_due_seconds: 0, due: 0 },
      },
    });
  });

  it('refuses an unknown deep value with a JSON error', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health?deep=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'deep must be 1 or true' });
  });

  it('answers 503 naming the queue when a due message has waited past the limit, 200 once it is gone', async () => {
    const id = newId();
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const recent = new Date(Date.now() - 5_000).toISOString();
    await server.db
      .insertInto('federation_queue')
      .values([
        { id, payload: '{}', ordering_key: null, run_at: longAgo, attempts: 0, created_at: longAgo },
        // a message held by a consumer does not count, nor one due only later
        {
          id: newId(),
          payload: '{}',
          ordering_key: null,
          run_at: longAgo,
          attempts: 1,
          locked_until: new Date(Date.now() + 60_000).toISOString(),
          locked_by: 'elsewhere',
          created_at: longAgo,
        },
        { id: newId(), payload: '{}', ordering_key: null, run_at: recent, attempts: 0, created_at: recent },
      ])
      .execute();
    const failing = await deep(server);
    expect(failing.statusCode).toBe(503);
    const body = failing.json<{ failed: string[]; checks: { queue: Record<string, unknown> } }>();
    expect(body.failed).toEqual(['queue']);
    expect(body.checks.queue).toMatchObject({ status: 'failed', due: 2 });
    expect(body.checks.queue.oldest_due_seconds).toBeGreaterThanOrEqual(600);
    expect(body.checks.queue.error).toMatch(/waited \d+ s \(limit 60 s\)/);

    await server.db.deleteFrom('federation_queue').execute();
    expect((await deep(server)).statusCode).toBe(200);
  });
});

describe.skipIf(!redisReachable)('/health?deep=1 with Redis', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
    const bus = new RedisEventBus(`redis://127.0.0.1:${proxy.port}`, `palchat-health-${process.pid}:`);
    await bus.ready();
    server = await createTestServer('sqlite', {}, { bus });
  });
  afterAll(async () => {
    proxy.restore();
    await server.close();
    await proxy.close();
  });

  it('answers 503 naming Redis while it is unreachable, and 200 when it is back', async () => {
    const before = await deep(server);
    expect(before.json()).toMatchObject({ status: 'ok', checks: { redis: { status: 'ok' } } });

    proxy.cut();
    const during = await deep(server);
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({
      status: 'failing',
      failed: ['redis'],
      checks: { database: { status: 'ok' }, redis: { status: 'failed' }, queue: { status: 'ok' } },
    });

    proxy.restore();
    await eventually(async () => (await deep(server)).statusCode === 200);
  });
});

describe.skipIf(!postgresReachable)('/health?deep=1 with a lost PostgreSQL', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    const url = new URL(TEST_POSTGRES_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    server = await createTestServer('postgres', { databaseUrl: url.toString() });
  });
  afterAll(async () => {
    proxy.restore();
    await server.close();
    await proxy.close();
  });

  it('answers 503 naming the database (and the queue it keeps) during a cut', async () => {
    expect((await deep(server)).statusCode).toBe(200);
    proxy.cut();
    const during = await deep(server);
    expect(during.statusCode).toBe(503);
    const body = during.json<{ failed: string[]; checks: { database: { error: string } } }>();
    expect(body.failed).toEqual(['database', 'queue']);
    expect(body.checks.database.error).toBeTruthy();
    proxy.restore();
    await eventually(async () => (await deep(server)).statusCode === 200);
  });
});
