import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from './helpers/auth.js';
import { createTestServer, type TestServer } from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from './helpers/redis.js';

warnRedisSkipped('the shared rate-limit tests');

/** Two processes behind one load balancer: with REDIS_URL set they count one visitor's attempts together. */
describe.skipIf(!redisReachable)('rate limits shared through Redis', () => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    const shared = {
      redisUrl: TEST_REDIS_URL,
      redisPrefix: `palchat-test-${randomUUID()}:`,
      rateLimit: { signInPerMinute: 3, signUpPerHour: 1000 },
    };
    servers.push(await createTestServer('sqlite', shared), await createTestServer('sqlite', shared));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('refuses the fourth sign-in attempt whichever process receives it', async () => {
    const attemptOn = (server: TestServer) =>
      server.app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        ...csrfHeaders(),
        payload: { login: 'nobody', password: 'wrong' },
      });
    const [one, two] = servers as [TestServer, TestServer];
    expect((await attemptOn(one)).statusCode).toBe(422);
    expect((await attemptOn(two)).statusCode).toBe(422);
    expect((await attemptOn(one)).statusCode).toBe(422);
    const limited = await attemptOn(two);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests' });
  });
});
