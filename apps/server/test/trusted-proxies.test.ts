import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEFAULT_TRUSTED_PROXIES } from '../src/http/trusted-proxies.js';
import { csrfHeaders } from './helpers/auth.js';
import {
  createTestServer,
  describeEachDialect,
  GENEROUS_RATE_LIMITS,
  type TestServer,
} from './helpers/harness.js';
import { inOneWindow } from './helpers/rate-limits.js';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

describeEachDialect(
  'TRUST_PROXY: the client address is the right-most hop no trusted proxy vouches for',
  (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(dialect, {
        trustProxy: true,
        trustedProxies: DEFAULT_TRUSTED_PROXIES,
        rateLimit: { ...GENEROUS_RATE_LIMITS, signInPer5Minutes: 3 },
      });
    });
    afterAll(async () => server.close());

    // what a client writes in X-Forwarded-For comes first; the proxy appends the address it saw
    const viaProxy = (spoofed: string, client = CLIENT) => ({
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
    });

    it('counts sign-ins with a different spoofed X-Forwarded-For each time as one address', async () => {
      await inOneWindow(5 * 60_000);
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const { remoteAddress, headers } = viaProxy(`198.51.100.${i}`);
        const { cookies, headers: csrf } = csrfHeaders();
        const response = await server.app.inject({
          method: 'POST',
          url: '/auth/sign_in',
          remoteAddress,
          cookies,
          headers: { ...headers, ...csrf },
          payload: { login: `someone${i}`, password: 'wrong' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
    });

    const signUpFrom = (remoteAddress: string, forwardedFor: string, username: string) => {
      const { cookies, headers } = csrfHeaders();
      return server.app.inject({
        method: 'POST',
        url: '/auth/sign_up',
        remoteAddress,
        cookies,
        headers: { ...headers, 'x-forwarded-for': forwardedFor },
        payload: {
          username,
          email: `${username}@example.test`,
          password: 'correct horse',
          password_confirmation: 'correct horse',
          agreement: true,
        },
      });
    };

    it('holds an IP block whatever the client writes in X-Forwarded-For', async () => {
      const now = new Date().toISOString();
      await server.db
        .insertInto('ip_blocks')
        .values({
          id: '1',
          ip: `${CLIENT}/32`,
          severity: 'sign_up_block',
          comment: '',
          expires_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const throughProxy = await signUpFrom(PROXY, `192.0.2.50, ${CLIENT}`, 'mallory');
      expect(throughProxy.statusCode).toBe(403);
      expect(throughProxy.json()).toEqual({ error: 'Sign-ups from your address are not allowed' });
      // a client that is no trusted proxy is not believed at all
      expect((await signUpFrom(CLIENT, '192.0.2.60', 'mallory2')).statusCode).toBe(403);
    });
  },
);

it('reads TRUSTED_PROXY_IP as Mastodon does: IPs and ranges separated by commas or spaces', () => {
  expect(loadConfig({}).trustedProxies).toEqual(DEFAULT_TRUSTED_PROXIES);
  expect(
    loadConfig({ TRUSTED_PROXY_IP: '192.0.2.1, 198.51.100.0/24  2001:db8::/32' }).trustedProxies,
  ).toEqual(['192.0.2.1', '198.51.100.0/24', '2001:db8::/32']);
  expect(() => loadConfig({ TRUSTED_PROXY_IP: 'proxy.example' })).toThrow(/TRUSTED_PROXY_IP/);
  expect(() => loadConfig({ TRUSTED_PROXY_IP: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXY_IP/);
});
