import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpSession, csrfHeaders, useWebDist } from './helpers/auth.js';
import { openEventStream } from './helpers/event-stream-client.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { createFederatedServer } from './helpers/federation.js';
import {
  createTestServer,
  describeEachDialect,
  GENEROUS_RATE_LIMITS,
  type TestServer,
} from './helpers/harness.js';
import { inOneWindow } from './helpers/rate-limits.js';

/**
 * Issue 31 item 1: browser-based clients on their own origin (Phanpy, Elk, …) call the API as on Mastodon
 * (rack-cors in its config/initializers/cors.rb): any origin, bearer tokens only, never the session cookie.
 */

const APP_ORIGIN = 'http://127.0.0.1:8080';
const EXPOSED = 'Link, X-RateLimit-Reset, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id';

function preflight(server: TestServer, url: string, method: string, headers?: string) {
  return server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: APP_ORIGIN,
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });
}

function expectReadableAnywhere(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['access-control-allow-origin'], what).toBe('*');
  expect(response.headers['access-control-allow-credentials'], what).toBeUndefined();
}

const expectNoCors = (response: LightMyRequestResponse, what: string) =>
  expect(response.headers['access-control-allow-origin'], what).toBeUndefined();

describeEachDialect('CORS for third-party web clients', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let aliceSession: string;
  const dist = useWebDist();

  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: dist.dir });
    alice = await createAccount(server, { username: 'alice' });
    aliceSession = await signUpSession(server, 'carol');
  });
  afterAll(async () => server.close());

  it('answers preflights of the API and of the token endpoints, echoing the requested headers', async () => {
    const api = await preflight(server, '/api/v1/timelines/home', 'GET', 'authorization, idempotency-key');
    expect(api.statusCode).toBe(204);
    expectReadableAnywhere(api, 'api');
    expect(api.headers['access-control-allow-methods']).toBe('POST, PUT, DELETE, GET, PATCH, OPTIONS');
    expect(api.headers['access-control-allow-headers']).toBe('authorization, idempotency-key');
    expect(api.headers['access-control-max-age']).toBe('7200');
    expect(api.body).toBe('');

    // a route that only knows POST, and one that does not exist: the browser asks before either
    for (const url of ['/api/v1/apps', '/api/v1/no-such-thing']) {
      const response = await preflight(server, url, 'POST', 'content-type');
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-headers'], url).toBe('content-type');
    }
    for (const url of ['/oauth/token', '/oauth/revoke']) {
      const response = await preflight(server, url, 'POST', 'content-type');
      expect(response.statusCode, url).toBe(204);
      expectReadableAnywhere(response, url);
      expect(response.headers['access-control-allow-methods'], url).toBe('POST');
    }
    const discovery = await preflight(server, '/.well-known/oauth-authorization-server', 'GET');
    expect(discovery.statusCode).toBe(204);
    expect(discovery.headers['access-control-allow-methods']).toBe('GET');
    expect(discovery.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('marks answers readable, errors included, and exposes the pagination and rate-limit headers', async () => {
    const origin = { origin: APP_ORIGIN };
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      headers: origin,
      payload: { client_name: 'Elsewhere', redirect_uris: `${APP_ORIGIN}/callback`, scopes: 'read' },
    });
    expect(registered.statusCode).toBe(200);
    expectReadableAnywhere(registered, 'apps');
    expect(registered.headers['access-control-expose-headers']).toBe(EXPOSED);

    const posted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...origin, ...bearer(alice) },
      payload: { status: 'hello' },
    });
    expect(posted.statusCode).toBe(200);
    const home = await server.app.inject({
      url: '/api/v1/timelines/home?limit=1',
      headers: { ...origin, ...bearer(alice) },
    });
    expect(home.statusCode).toBe(200);
    expect(home.headers.link).toContain('rel="next"');
    expect(home.headers['x-ratelimit-remaining']).toBeDefined();
    expectReadableAnywhere(home, 'home');
    expect(home.headers['access-control-expose-headers']).toBe(EXPOSED);

    const errors: Array<[number, InjectOptions]> = [
      [401, { url: '/api/v1/timelines/home', headers: origin }],
      [401, { url: '/api/v1/timelines/home', headers: { ...origin, authorization: 'Bearer nope' } }],
      [404, { url: '/api/v1/no-such-thing', headers: origin }],
      [422, { method: 'POST', url: '/api/v1/apps', headers: origin, payload: { client_name: '' } }],
      [400, { method: 'POST', url: '/oauth/token', headers: origin, payload: { grant_type: 'password' } }],
      [404, { url: '/.well-known/no-such-document', headers: origin }],
    ];
    for (const [status, request] of errors) {
      const response = await server.app.inject(request);
      const what = `${request.method ?? 'GET'} ${String(request.url)}`;
      expect(response.statusCode, what).toBe(status);
      expect(response.json<{ error: string }>().error, what).toBeTruthy();
      expectReadableAnywhere(response, what);
    }
  });

  it('leaves the pages, the consent page, the session endpoints and the media without CORS', async () => {
    const signInPreflight = await preflight(server, '/auth/sign_in', 'POST', 'content-type, x-csrf-token');
    expect(signInPreflight.statusCode).toBe(404);
    expectNoCors(signInPreflight, 'preflight /auth/sign_in');
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      headers: { ...csrfHeaders().headers, origin: APP_ORIGIN },
      payload: { login: 'carol', password: 'wrong' },
    });
    expect(signIn.statusCode).toBe(422);
    expectNoCors(signIn, 'POST /auth/sign_in');
    for (const url of ['/', '/home', '/oauth/authorize?client_id=x', '/system/media/none.png', '/health']) {
      const response = await server.app.inject({ url, headers: { origin: APP_ORIGIN } });
      expectNoCors(response, url);
    }
  });

  it("never lets the session cookie speak for another site's request, which counts as anonymous", async () => {
    const cookies = { _palchat_session: aliceSession };
    const verify = (headers: Record<string, string>) =>
      server.app.inject({ url: '/api/v1/accounts/verify_credentials', cookies, headers });
    expect((await verify({})).statusCode).toBe(200);
    expect((await verify({ origin: new URL(server.config.publicUrl).origin })).statusCode).toBe(200);
    // the page's own host, as a proxy or a development server in front of it passes it on
    expect((await verify({ origin: 'http://palchat.test:5173', host: 'palchat.test:5173' })).statusCode).toBe(
      200,
    );
    for (const origin of [APP_ORIGIN, 'null']) {
      const refused = await verify({ origin });
      expect(refused.statusCode, origin).toBe(401);
      expectReadableAnywhere(refused, origin);
    }

    // a write with the cookie and its CSRF token, from another site: not the account's
    const csrf = csrfHeaders(cookies);
    const post = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      cookies: csrf.cookies,
      headers: { ...csrf.headers, origin: APP_ORIGIN },
      payload: { status: 'not mine' },
    });
    expect(post.statusCode).toBe(401);
    const statuses = await server.db.selectFrom('statuses').select('text').execute();
    expect(statuses.map((row) => row.text)).not.toContain('not mine');

    // a bearer token works from anywhere, cookie or not
    const withToken = await verify({ origin: APP_ORIGIN, ...bearer(alice) });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toMatchObject({ username: 'alice' });
  });

  it('serves the event streams to other origins, with a token', async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const health = await fetch(`${base}/api/v1/streaming/health`, { headers: { origin: APP_ORIGIN } });
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
    const stream = await openEventStream(`${base}/api/v1/streaming/user?access_token=${alice.token}`, {
      origin: APP_ORIGIN,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('access-control-allow-origin')).toBe('*');
      expect(stream.headers.get('access-control-expose-headers')).toBe(EXPOSED);
      await stream.comment(')');
    } finally {
      stream.close();
    }
  });
});

describe('CORS on rate-limited answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite', { rateLimit: { ...GENEROUS_RATE_LIMITS, apiPer5Minutes: 1 } });
  });
  afterAll(async () => server.close());

  it('keeps the headers on a 429, so that a browser client can read its Retry-After', async () => {
    await inOneWindow(5 * 60_000);
    const get = () => server.app.inject({ url: '/api/v1/instance', headers: { origin: APP_ORIGIN } });
    expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expectReadableAnywhere(limited, '429');
    expect(limited.headers['access-control-expose-headers']).toBe(EXPOSED);
  });
});

describe('CORS on the federation documents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createFederatedServer();
    await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => server.close());

  it('lets any origin read NodeInfo, WebFinger and a profile, as Mastodon does', async () => {
    for (const [url, accept] of [
      ['/.well-known/nodeinfo', 'application/json'],
      ['/nodeinfo/2.1', 'application/json'],
      ['/.well-known/webfinger?resource=acct:alice@social.example', 'application/jrd+json'],
      ['/users/alice', 'application/activity+json'],
    ] as const) {
      const response = await server.app.inject({ url, headers: { origin: APP_ORIGIN, accept } });
      expect(response.statusCode, url).toBe(200);
      expectReadableAnywhere(response, url);
    }
    const nodeinfo = await preflight(server, '/nodeinfo/2.1', 'GET');
    expect(nodeinfo.statusCode).toBe(204);
    expect(nodeinfo.headers['access-control-allow-methods']).toBe('GET');
  });
});
