import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { csrfHeaders } from './helpers/auth.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { createTestServer, GENEROUS_RATE_LIMITS, type TestServer } from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from './helpers/redis.js';
import { inOneWindow } from './helpers/rate-limits.js';

warnRedisSkipped('the shared rate-limit tests');

const FIVE_MINUTES = 5 * 60_000;
const rateLimit = { ...GENEROUS_RATE_LIMITS, apiPer5Minutes: 3, signInPer5Minutes: 3 };

/** Two processes behind one load balancer: with REDIS_URL set they count one caller's requests together. */
async function twoProcesses(redisPrefix: string, limits: RateLimits) {
  const server = await createTestServer('sqlite', {
    redisUrl: TEST_REDIS_URL,
    redisPrefix,
    rateLimit: limits,
  });
  // a second app on the same database and Redis, with counters of its own in memory
  const two = await buildApp(server.ctx);
  await two.ready();
  return { server, one: server.app, two };
}

describe.skipIf(!redisReachable)('rate limits shared through Redis', () => {
  let server: TestServer;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let ann: TestAccount;
  beforeAll(async () => {
    ({ server, one, two } = await twoProcesses(`palchat-test-${randomUUID()}:`, rateLimit));
    ann = await createAccount(server, { username: 'ann' });
  });
  afterAll(async () => {
    await two.close();
    await server.close();
  });

  it('counts a token’s API requests on both processes together', async () => {
    await inOneWindow(FIVE_MINUTES);
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
  const prefix = `palchat-test-${randomUUID()}:`;
  // Mastodon's 300 requests per 5 minutes: blocks of 10
  const limit = 300;
  let server: TestServer;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    ({ server, one, two } = await twoProcesses(prefix, { ...GENEROUS_RATE_LIMITS, apiPer5Minutes: limit }));
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
    await two.close();
    await server.close();
  });

  const sharedCount = async (address: string) =>
    Number(await redis.get(`${prefix}rate-limit:api:ip:${address}:${Math.floor(Date.now() / FIVE_MINUTES)}`));

  it('reserves ten counts at a time per process, and counts the other routes one by one on the same allowance', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
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
    let admitted = 0;
    let refused = null;
    for (let i = 0; i < limit + 30 && !refused; i++) {
      const response = await [one, two][i % 2]!.inject({ url: '/api/v1/instance', remoteAddress: address });
      if (response.statusCode === 200) admitted += 1;
      else refused = response;
    }
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - 2 * 10);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['x-ratelimit-limit']).toBe(String(limit));
    expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
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
  const prefix = `palchat-test-${randomUUID()}:`;
  const limit = 300;
  let server: TestServer;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    ({ server, one, two } = await twoProcesses(prefix, { ...GENEROUS_RATE_LIMITS, apiPer5Minutes: limit }));
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
    await two.close();
    await server.close();
  });

  /** The shared count of the one token counted under this prefix (the first test's reader's). */
  const tokenCount = async () => {
    const keys = await redis.keys(`${prefix}rate-limit:api:token:*:${Math.floor(Date.now() / FIVE_MINUTES)}`);
    expect(keys).toHaveLength(1);
    return Number(await redis.get(keys[0]!));
  };

  it('reserves ten counts at a time per process for home, and counts other reads one by one after them', async () => {
    await inOneWindow(FIVE_MINUTES, 20_000);
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
    const reader = await createAccount(server, { username: 'homereader2' });
    let admitted = 0;
    let refused = null;
    for (let i = 0; i < limit + 30 && !refused; i++) {
      const response = await [one, two][i % 2]!.inject({
        url: '/api/v1/timelines/home',
        headers: bearer(reader),
      });
      if (response.statusCode === 200) admitted += 1;
      else refused = response;
    }
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - 2 * 10);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ error: 'Too many requests' });
    expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
    // a write on the spent allowance is refused too
    const write = await one.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(reader),
      payload: { status: 'over the limit' },
    });
    expect(write.statusCode).toBe(429);
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
