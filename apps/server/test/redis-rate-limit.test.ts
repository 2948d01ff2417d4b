import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../src/config.js';
import { createSession } from '../src/auth/sessions.js';
import { issueToken } from '../src/auth/oauth-service.js';
import { buildApp } from '../src/http/app.js';
import { csrfHeaders } from './helpers/auth.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { createTestServer, GENEROUS_RATE_LIMITS, type TestServer } from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from './helpers/redis.js';
import { inOneWindow } from './helpers/rate-limits.js';

warnRedisSkipped('the shared rate-limit tests');

const FIVE_MINUTES = 5 * 60_000;
const rateLimit = { ...GENEROUS_RATE_LIMITS, apiPer5Minutes: 3, signInPer5Minutes: 3 };

/** Mastodon's 300 requests per 5 minutes: a process reserves blocks of 10 (src/rate-limits/reservations.ts). */
const BLOCKS_LIMIT = 300;
const BLOCK = 10;

interface TwoProcesses {
  /** the prefix of every Redis key the two processes write */
  prefix: string;
  server: TestServer;
  one: FastifyInstance;
  two: FastifyInstance;
  /** a client of the same Redis, to read the shared counts */
  redis: Redis;
}

/**
 * Two processes behind one load balancer: with REDIS_URL set they count one caller's requests together. Set up
 * before the calling describe's tests (a key prefix of their own) and closed after them.
 */
function twoProcesses(limits: RateLimits): TwoProcesses {
  const processes = { prefix: `palchat-test-${randomUUID()}:` } as TwoProcesses;
  beforeAll(async () => {
    processes.server = await createTestServer('sqlite', {
      redisUrl: TEST_REDIS_URL,
      redisPrefix: processes.prefix,
      rateLimit: limits,
    });
    processes.one = processes.server.app;
    // a second app on the same database and Redis, with counters of its own in memory
    processes.two = await buildApp(processes.server.ctx);
    await processes.two.ready();
    processes.redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await processes.redis.quit();
    await processes.two.close();
    await processes.server.close();
  });
  return processes;
}

/**
 * `request` sent to the two processes in turn until one refuses it (or the limit is well passed): how many
 * were admitted, and the refusal.
 */
async function alternately({ one, two }: TwoProcesses, request: InjectOptions) {
  let admitted = 0;
  for (let i = 0; i < BLOCKS_LIMIT + 30; i++) {
    const response = await [one, two][i % 2]!.inject(request);
    if (response.statusCode !== 200) return { admitted, refused: response };
    admitted += 1;
  }
  return { admitted, refused: null };
}

/** What alternately() must find: no more than the limit through, at most a block per process fewer. */
function expectLimitKept({ admitted, refused }: Awaited<ReturnType<typeof alternately>>) {
  expect(admitted).toBeLessThanOrEqual(BLOCKS_LIMIT);
  expect(admitted).toBeGreaterThanOrEqual(BLOCKS_LIMIT - 2 * BLOCK);
  expect(refused?.statusCode).toBe(429);
  expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
}

describe.skipIf(!redisReachable)('rate limits shared through Redis', () => {
  const processes = twoProcesses(rateLimit);
  let ann: TestAccount;
  beforeAll(async () => {
    ann = await createAccount(processes.server, { username: 'ann' });
  });

  it('counts a token’s API requests on both processes together', async () => {
    await inOneWindow(FIVE_MINUTES);
    const { one, two } = processes;
    const call = (app: FastifyInstance) =>
      app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(ann) });
    expect((await call(one)).headers['x-ratelimit-remaining']).toBe('2');
    expect((await call(two)).headers['x-ratelimit-remaining']).toBe('1');
    expect((await call(one)).statusCode).toBe(200);
    const limited = await call(two);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts sign-in attempts for one account name from any address on any process', async () => {
    await inOneWindow(FIVE_MINUTES);
    const { one, two } = processes;
    const attempt = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        remoteAddress,
        ...csrfHeaders(),
        payload: { login: 'nobody', password: 'wrong' },
      });
    expect((await attempt(one, '10.0.0.1')).statusCode).toBe(422);
    expect((await attempt(two, '10.0.0.2')).statusCode).toBe(422);
    expect((await attempt(one, '10.0.0.3')).statusCode).toBe(422);
    const limited = await attempt(two, '10.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests' });
  });
});

/**
 * The light routes (server information, custom emojis …) count in blocks each process reserves from the shared
 * count (src/rate-limits/reservations.ts): never more than the limit across processes, at most one block per
 * process fewer.
 */
describe.skipIf(!redisReachable)('light routes counted in blocks shared through Redis', () => {
  const processes = twoProcesses({ ...GENEROUS_RATE_LIMITS, apiPer5Minutes: BLOCKS_LIMIT });

  const sharedCount = async (address: string) =>
    Number(
      await processes.redis.get(
        `${processes.prefix}rate-limit:api:ip:${address}:${Math.floor(Date.now() / FIVE_MINUTES)}`,
      ),
    );

  it('reserves ten counts at a time per process, and counts the other routes one by one on the same allowance', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
    const { one, two } = processes;
    const address = '10.1.0.1';
    const remainingAfter = async (app: FastifyInstance, url: string) => {
      const response = await app.inject({ url, remoteAddress: address });
      expect(response.statusCode).toBe(200);
      return response.headers['x-ratelimit-remaining'];
    };
    expect(await remainingAfter(one, '/api/v1/instance')).toBe('299');
    expect(await sharedCount(address)).toBe(10);
    expect(await remainingAfter(one, '/api/v1/custom_emojis')).toBe('298');
    expect(await sharedCount(address)).toBe(10);
    // the other process's block follows the first one
    expect(await remainingAfter(two, '/api/v1/instance')).toBe('289');
    expect(await sharedCount(address)).toBe(20);
    // a route that is not light counts exactly, after both blocks
    expect(await remainingAfter(two, '/api/v1/timelines/public')).toBe('279');
    expect(await sharedCount(address)).toBe(21);
  });

  it('lets no more than the limit through when an address alternates between the processes', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
    const address = '10.1.0.2';
    const { one, two } = processes;
    const { admitted, refused } = await alternately(processes, {
      url: '/api/v1/instance',
      remoteAddress: address,
    });
    expectLimitKept({ admitted, refused });
    expect(refused?.headers['x-ratelimit-limit']).toBe(String(BLOCKS_LIMIT));
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the window is spent: both processes now refuse without asking Redis
    const spent = await sharedCount(address);
    for (const app of [one, two, one, two])
      expect((await app.inject({ url: '/api/v1/instance', remoteAddress: address })).statusCode).toBe(429);
    expect(await sharedCount(address)).toBe(spent);
  });
});

/**
 * The home timeline, read over and over by clients, is counted in blocks too (a bearer's allowance), within the
 * same tolerance; the routes that are neither light nor home still count one request at a time.
 */
describe.skipIf(!redisReachable)('home timeline reads counted in blocks shared through Redis', () => {
  const processes = twoProcesses({ ...GENEROUS_RATE_LIMITS, apiPer5Minutes: BLOCKS_LIMIT });

  /** The shared count of the one web session counted under this prefix (the first test's reader's). */
  const tokenCount = async () => {
    const { redis, prefix } = processes;
    const keys = await redis.keys(
      `${prefix}rate-limit:api:session:*:${Math.floor(Date.now() / FIVE_MINUTES)}`,
    );
    expect(keys).toHaveLength(1);
    return Number(await redis.get(keys[0]!));
  };

  it('reserves ten counts at a time per process for home, and counts other reads one by one after them', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
    const { server, one, two } = processes;
    const reader = await createAccount(server, { username: 'homereader' });
    const remainingAfter = async (app: FastifyInstance, url: string) => {
      const response = await app.inject({ url, headers: bearer(reader) });
      expect(response.statusCode).toBe(200);
      return response.headers['x-ratelimit-remaining'];
    };
    expect(await remainingAfter(one, '/api/v1/timelines/home')).toBe('299');
    expect(await tokenCount()).toBe(10);
    expect(await remainingAfter(one, '/api/v1/timelines/home')).toBe('298');
    expect(await tokenCount()).toBe(10);
    expect(await remainingAfter(two, '/api/v1/timelines/home')).toBe('289');
    expect(await tokenCount()).toBe(20);
    // another timeline, and a write, count exactly, after both blocks
    expect(await remainingAfter(two, '/api/v1/timelines/public')).toBe('279');
    expect(await tokenCount()).toBe(21);
    const posted = await two.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(reader),
      payload: { status: 'counted one by one' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['x-ratelimit-remaining']).toBe('278');
    expect(await tokenCount()).toBe(22);
  });

  it('lets no more than the limit of home reads through when a token alternates between the processes', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
    const reader = await createAccount(processes.server, { username: 'homereader2' });
    const { admitted, refused } = await alternately(processes, {
      url: '/api/v1/timelines/home',
      headers: bearer(reader),
    });
    expectLimitKept({ admitted, refused });
    expect(refused?.json()).toEqual({ error: 'Too many requests' });
    // a write on the spent allowance is refused too
    const write = await processes.one.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(reader),
      payload: { status: 'over the limit' },
    });
    expect(write.statusCode).toBe(429);
  });
});

/** Each token (a web session counting as one) has its allowance, and the account a larger one over them all. */
describe.skipIf(!redisReachable)('per-token and per-account allowances shared through Redis', () => {
  const processes = twoProcesses({ ...GENEROUS_RATE_LIMITS, apiPer5Minutes: 3, apiPerAccountPer5Minutes: 7 });

  it('gives two tokens of one account theirs on both processes, and holds the account’s over all its tokens', async () => {
    await inOneWindow(FIVE_MINUTES);
    const { server, one, two } = processes;
    const ann = await createAccount(server, { username: 'ann' });
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() =>
        issueToken(server.db, { appId: null, accountId: ann.account.id, scopes: ['read'] }),
      ),
    );
    const call = (app: FastifyInstance, token: string) =>
      app.inject({
        url: '/api/v1/accounts/verify_credentials',
        headers: { authorization: `Bearer ${token}` },
      });
    for (const app of [one, two, one]) expect((await call(app, first!.token)).statusCode).toBe(200);
    const refused = await call(two, first!.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    // the account has spent 4 of its 7 (the refused request counts): the second token's 3 are the tighter
    const fromSecond = await call(two, second!.token);
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers['x-ratelimit-remaining']).toBe('2');
    for (const app of [one, two]) expect((await call(app, second!.token)).statusCode).toBe(200);
    const spent = await call(one, third!.token);
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['x-ratelimit-limit']).toBe('7');
    // the web session is a token of the same account
    const session = await two.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(ann) });
    expect(session.statusCode).toBe(429);
    expect(session.headers['x-ratelimit-limit']).toBe('7');
  });

  it('counts a web session’s cookie and its page’s token as one token on both processes', async () => {
    await inOneWindow(FIVE_MINUTES);
    const { server, one, two } = processes;
    const bea = await createAccount(server, { username: 'bea' });
    const session = await createSession(server.db, bea.account.id, { userAgent: 'test', ip: '10.0.0.9' });
    const viaCookie = (app: FastifyInstance) =>
      app.inject({
        url: '/api/v1/accounts/verify_credentials',
        cookies: { _palchat_session: session.secret },
      });
    const viaToken = (app: FastifyInstance) =>
      app.inject({
        url: '/api/v1/accounts/verify_credentials',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
    expect((await viaCookie(one)).statusCode).toBe(200);
    expect((await viaToken(two)).statusCode).toBe(200);
    expect((await viaCookie(two)).headers['x-ratelimit-remaining']).toBe('0');
    expect((await viaToken(one)).statusCode).toBe(429);
    // the account's own first session is another token, with its 3
    const own = await one.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(bea) });
    expect(own.statusCode).toBe(200);
  });
});

describe('rate limits when Redis does not answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    // nothing listens on port 1
    server = await createTestServer('sqlite', { redisUrl: 'redis://127.0.0.1:1', rateLimit });
  });
  afterAll(async () => server.close());

  it('lets requests through rather than refusing everyone', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await server.app.inject({ url: '/api/v1/instance' });
      expect(response.statusCode).toBe(200);
    }
  });
});
