import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
describe.skipIf(!redisReachable)('rate limits shared through Redis', () => {
  let server: TestServer;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let ann: TestAccount;
  beforeAll(async () => {
    server = await createTestServer('sqlite', {
      redisUrl: TEST_REDIS_URL,
      redisPrefix: `palchat-test-${randomUUID()}:`,
      rateLimit,
    });
    one = server.app;
    // a second app on the same database and Redis, with counters of its own in memory
    two = await buildApp(server.ctx);
    await two.ready();
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
