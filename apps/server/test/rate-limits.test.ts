import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type RateLimits } from '../src/config.js';
import { countRows, csrfHeaders, signUp } from './helpers/auth.js';
import { createSession } from '../src/auth/sessions.js';
import { issueToken } from '../src/auth/oauth-service.js';
import { bearer, createAccount, insertStatus, type TestAccount } from './helpers/factories.js';
import {
  createTestServer,
  describeEachDialect,
  GENEROUS_RATE_LIMITS,
  type TestServer,
} from './helpers/harness.js';
import { inOneWindow } from './helpers/rate-limits.js';
import { countOf, multipartBody, pngOf } from './helpers/social.js';

const MINUTE = 60_000;
function expectLimited(response: LightMyRequestResponse, limit: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: 'Too many requests' });
  expect(response.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(response.headers['x-ratelimit-remaining']).toBe('0');
  const reset = Date.parse(String(response.headers['x-ratelimit-reset']));
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(Math.abs(reset - Date.now() - retryAfter * 1000)).toBeLessThan(2000);
}

const limits = (overrides: Partial<RateLimits>): RateLimits => ({ ...GENEROUS_RATE_LIMITS, ...overrides });

describeEachDialect('rate limits: the defaults are Mastodon’s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect, { rateLimit: loadConfig({}).rateLimit });
  });
  afterAll(async () => server.close());

  it('lets an address make 300 API requests in 5 minutes, reporting what is left, then answers 429', async () => {
    await inOneWindow(5 * MINUTE, 20_000);
    const first = await server.app.inject({ url: '/api/v1/instance' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('300');
    expect(first.headers['x-ratelimit-remaining']).toBe('299');
    const reset = Date.parse(String(first.headers['x-ratelimit-reset']));
    expect(reset % (5 * MINUTE)).toBe(0);
    expect(reset - Date.now()).toBeGreaterThan(0);
    expect(reset - Date.now()).toBeLessThanOrEqual(5 * MINUTE);
    for (let i = 2; i <= 300; i++) {
      const response = await server.app.inject({ url: '/api/v1/custom_emojis' });
      expect(response.statusCode).toBe(200);
      if (i === 300) expect(response.headers['x-ratelimit-remaining']).toBe('0');
    }
    expectLimited(await server.app.inject({ url: '/api/v1/instance' }), 300);
    // it may first wait up to 20 s for a fresh window
  }, 90_000);

  it('gives each token of an account its 300, and the account 1,500 across all its tokens', async () => {
    await inOneWindow(5 * MINUTE, 60_000);
    const ann = await createAccount(server, { username: 'ann' });
    const tokens = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        issueToken(server.db, { appId: null, accountId: ann.account.id, scopes: ['read'] }),
      ),
    );
    const get = (token: string) =>
      server.app.inject({
        url: '/api/v1/accounts/verify_credentials',
        headers: { authorization: `Bearer ${token}` },
      });
    for (const { token } of tokens.slice(0, 5)) {
      for (let i = 1; i <= 300; i++) {
        const response = await get(token);
        expect(response.statusCode).toBe(200);
        // the tighter of the token's 300 and the account's 1,500
        if (i === 1) expect(response.headers['x-ratelimit-remaining']).toBe('299');
        if (i === 300) expect(response.headers['x-ratelimit-remaining']).toBe('0');
      }
    }
    expectLimited(await get(tokens[0]!.token), 300);
    // the five tokens' 1,500 are the account's: the sixth token and the web session have none left
    expectLimited(await get(tokens[5]!.token), 1500);
    expectLimited(
      await server.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(ann) }),
      1500,
    );
    const bob = await createAccount(server, { username: 'bob' });
    const other = await server.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(bob),
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('299');
    // it may first wait up to a minute for a fresh window, then makes 1,500 requests
  }, 150_000);
});

describeEachDialect('rate limits: the API allowance', (dialect) => {
  let server: TestServer;
  let ann: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    server = await createTestServer(dialect, { rateLimit: limits({ apiPer5Minutes: 3 }) });
    ann = await createAccount(server, { username: 'ann' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  const get = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    server.app.inject({ url: '/api/v1/accounts/verify_credentials', headers, remoteAddress });

  it('counts per token, apart from other tokens and from the address’s unauthenticated requests', async () => {
    await inOneWindow(5 * MINUTE);
    for (let i = 0; i < 3; i++) expect((await get(bearer(ann))).statusCode).toBe(200);
    expectLimited(await get(bearer(ann)), 3);
    const other = await get(bearer(bob));
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    const anonymous = await server.app.inject({ url: '/api/v1/instance' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts unauthenticated requests per address, 404s included; other addresses keep theirs', async () => {
    await inOneWindow(5 * MINUTE);
    const from = (remoteAddress: string, url = '/api/v1/instance') =>
      server.app.inject({ url, remoteAddress });
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    const missing = await from('10.0.0.1', '/api/v1/no_such_thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-ratelimit-remaining']).toBe('1');
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expectLimited(await from('10.0.0.1'), 3);
    expect((await from('10.0.0.2')).statusCode).toBe(200);
    // an IPv6 client holds its /64: another address in it shares the count
    for (let i = 0; i < 3; i++) expect((await from(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
    expectLimited(await from('2001:db8:1:2:ffff::9'), 3);
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts a web session as a token of its own: its cookie and its page’s token together', async () => {
    await inOneWindow(5 * MINUTE);
    const session = await createSession(server.db, bob.account.id, { userAgent: 'test', ip: '10.0.0.3' });
    const viaCookie = () => get({ cookie: `_palchat_session=${session.secret}` }, '10.0.0.3');
    const viaPageToken = () => get({ authorization: `Bearer ${session.accessToken}` }, '10.0.0.3');
    expect((await viaCookie()).statusCode).toBe(200);
    expect((await viaPageToken()).headers['x-ratelimit-remaining']).toBe('1');
    expect((await viaCookie()).statusCode).toBe(200);
    expectLimited(await viaPageToken(), 3);
    expectLimited(await viaCookie(), 3);
    // the account's other session and its app token keep their own allowances
    const other = await createSession(server.db, bob.account.id, { userAgent: 'test', ip: '10.0.0.3' });
    expect((await get({ cookie: `_palchat_session=${other.secret}` })).headers['x-ratelimit-remaining']).toBe(
      '2',
    );
    const app = await issueToken(server.db, { appId: null, accountId: bob.account.id, scopes: ['read'] });
    expect((await get({ authorization: `Bearer ${app.token}` })).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('leaves pages outside /api alone', async () => {
    const page = await server.app.inject({ url: '/oauth/authorize', remoteAddress: '10.0.0.4' });
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describeEachDialect('rate limits: sign-in and sign-up', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimit: limits({ signInPer5Minutes: 2, signUpPer30Minutes: 2 }),
    });
  });
  afterAll(async () => server.close());

  const signIn = (login: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      remoteAddress,
      ...csrfHeaders(),
      payload: { login, password: 'wrong' },
    });

  it('counts sign-in attempts per address, whatever account they name', async () => {
    await inOneWindow(5 * MINUTE);
    expect((await signIn('one', '10.1.0.1')).statusCode).toBe(422);
    expect((await signIn('two', '10.1.0.1')).statusCode).toBe(422);
    expectLimited(await signIn('three', '10.1.0.1'), 2);
    expect((await signIn('three', '10.1.0.2')).statusCode).toBe(422);
  });

  it('counts sign-in attempts per account name, whatever address and spelling they come from', async () => {
    await inOneWindow(5 * MINUTE);
    expect((await signIn('Target@Example.test', '10.2.0.1')).statusCode).toBe(422);
    expect((await signIn(' target@example.test', '10.2.0.2')).statusCode).toBe(422);
    expectLimited(await signIn('TARGET@example.test', '10.2.0.3'), 2);
    expect((await signIn('someone-else', '10.2.0.4')).statusCode).toBe(422);
  });

  it('counts sign-ups per address, the page and POST /api/v1/accounts together, writing nothing past it', async () => {
    await inOneWindow(30 * MINUTE);
    const before = await countRows(server, 'accounts');
    const viaApi = () => server.app.inject({ method: 'POST', url: '/api/v1/accounts', payload: {} });
    expect((await signUp(server, { username: 'dee', email: 'dee@example.test' })).statusCode).toBe(200);
    expect((await viaApi()).statusCode).toBe(401);
    expectLimited(await signUp(server, { username: 'eve', email: 'eve@example.test' }), 2);
    expectLimited(await viaApi(), 2);
    expect(await countRows(server, 'accounts')).toBe(before + 1);
  });
});

describeEachDialect('rate limits: uploads and deletions', (dialect) => {
  let server: TestServer;
  let ann: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimit: limits({ mediaUploadsPer30Minutes: 2, statusDeletionsPer30Minutes: 2 }),
    });
    ann = await createAccount(server, { username: 'ann' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  it('counts media uploads per account over /api/v1/media and /api/v2/media', async () => {
    await inOneWindow(30 * MINUTE);
    const { body, type } = multipartBody(
      {},
      { file: { data: await pngOf(8, 8), filename: 'a.png', type: 'image/png' } },
    );
    const upload = (who: TestAccount, url: string) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(who), 'content-type': type },
        payload: body,
      });
    const countMedia = async () =>
      Number(
        (
          await server.db
            .selectFrom('media_attachments')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect((await upload(ann, '/api/v1/media')).statusCode).toBe(200);
    expect((await upload(ann, '/api/v2/media')).statusCode).toBe(200);
    expectLimited(await upload(ann, '/api/v2/media'), 2);
    expect(await countMedia()).toBe(2);
    expect((await upload(bob, '/api/v1/media')).statusCode).toBe(200);
  });

  it('counts status deletions and unreblogs per account', async () => {
    await inOneWindow(30 * MINUTE);
    const statuses = await Promise.all(
      [1, 2, 3].map((n) => insertStatus(server, ann, { text: `post ${n}` })),
    );
    const remove = (id: string) =>
      server.app.inject({ method: 'DELETE', url: `/api/v1/statuses/${id}`, headers: bearer(ann) });
    expect((await remove(statuses[0]!.id)).statusCode).toBe(200);
    const unreblog = await server.app.inject({
      method: 'POST',
      url: `/api/v1/statuses/${statuses[1]!.id}/unreblog`,
      headers: bearer(ann),
    });
    expect(unreblog.statusCode).toBe(200);
    const before = await countOf(server, 'statuses');
    expectLimited(await remove(statuses[2]!.id), 2);
    const still = await server.db
      .selectFrom('statuses')
      .select('deleted_at')
      .where('id', '=', statuses[2]!.id)
      .executeTakeFirstOrThrow();
    expect(still.deleted_at).toBeNull();
    expect(await countOf(server, 'statuses')).toBe(before);
    // reading is not a deletion
    expect(
      (await server.app.inject({ url: `/api/v1/statuses/${statuses[2]!.id}`, headers: bearer(ann) }))
        .statusCode,
    ).toBe(200);
  });
});
