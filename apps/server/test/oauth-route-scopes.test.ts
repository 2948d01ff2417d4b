import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../src/auth/oauth-service.js';
import { formatMessage } from '../src/i18n/format.js';

import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { csrfHeaders, signUpSession } from './helpers/auth.js';
import { caller, countOf } from './helpers/social.js';

const OUTSIDE_SCOPES = formatMessage('en', 'auth.outside_scopes');

/** The same account seen through a third-party application token with only the given scopes. */
async function withScopes(server: TestServer, who: TestAccount, scopes: string): Promise<TestAccount> {
  const issued = await issueToken(server.db, {
    appId: null,
    accountId: who.account.id,
    scopes: scopes.split(' '),
  });
  return { account: who.account, token: issued.token };
}

describeEachDialect('OAuth scopes on API routes', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let bobStatus: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    bobStatus = (await call(bob, 'POST', '/api/v1/statuses', { status: 'hello from bob' })).id;
  });
  afterAll(async () => server.close());

  it('lets a read-only token read but refuses every write, changing nothing', async () => {
    const reader = await withScopes(server, alice, 'read');
    expect((await call(reader, 'GET', '/api/v1/timelines/home')).status).toBe(200);
    expect((await call(reader, 'GET', '/api/v1/notifications')).status).toBe(200);
    expect((await call(reader, 'GET', '/api/v1/friend_messages/preferences')).status).toBe(200);
    expect((await call(reader, 'GET', '/api/web/settings')).status).toBe(200);

    const statuses = await countOf(server, 'statuses');
    const favourites = await countOf(server, 'favourites');
    const writes = [
      ['POST', '/api/v1/statuses', { status: 'not allowed' }],
      ['POST', `/api/v1/statuses/${bobStatus}/favourite`, undefined],
      ['POST', `/api/v1/accounts/${bob.account.id}/follow`, undefined],
      ['POST', '/api/v1/lists', { title: 'nope' }],
      ['PATCH', '/api/v1/friend_messages/preferences', { enable_sounds: false }],
      ['PUT', '/api/web/settings', { theme: 'light' }],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await call(reader, method, url, payload);
      expect({ url, status: response.status, body: response.body }).toEqual({
        url,
        status: 403,
        body: { error: OUTSIDE_SCOPES },
      });
    }
    expect(await countOf(server, 'statuses')).toBe(statuses);
    expect(await countOf(server, 'favourites')).toBe(favourites);
    const relationship = (await call(alice, 'GET', `/api/v1/accounts/relationships?id[]=${bob.account.id}`))
      .json as { following: boolean }[];
    expect(relationship[0]?.following).toBe(false);
  });

  it('lets write:statuses post but not favourite', async () => {
    const poster = await withScopes(server, alice, 'write:statuses');
    const posted = await call(poster, 'POST', '/api/v1/statuses', { status: 'granular scopes' });
    expect(posted.status).toBe(200);
    const favourite = await call(poster, 'POST', `/api/v1/statuses/${bobStatus}/favourite`);
    expect(favourite.status).toBe(403);
    expect(await countOf(server, 'favourites')).toBe(0);
    // writing is not reading
    expect((await call(poster, 'GET', '/api/v1/timelines/home')).status).toBe(403);
  });

  it('lets the follow scope follow, and admin routes need admin scopes', async () => {
    const follower = await withScopes(server, alice, 'follow');
    const followed = await call(follower, 'POST', `/api/v1/accounts/${bob.account.id}/follow`);
    expect(followed.status).toBe(200);
    expect(followed.body.following).toBe(true);

    const staff = await createAccount(server, { username: 'staff', role: 'admin' });
    const everyday = await withScopes(server, staff, 'read write follow');
    expect((await call(everyday, 'GET', '/api/v1/admin/reports')).status).toBe(403);
    const moderating = await withScopes(server, staff, 'admin:read:reports');
    expect((await call(moderating, 'GET', '/api/v1/admin/reports')).status).toBe(200);
    expect((await call(moderating, 'GET', '/api/v1/admin/dashboard')).status).toBe(403);
  });

  it('lets the profile scope see verify_credentials only', async () => {
    const profile = await withScopes(server, alice, 'profile');
    const me = await call(profile, 'GET', '/api/v1/accounts/verify_credentials');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('alice');
    expect((await call(profile, 'GET', `/api/v1/accounts/${bob.account.id}`)).status).toBe(403);
  });

  it('leaves the web session (cookie or its own token) unrestricted', async () => {
    const session = await signUpSession(server, 'carol');
    const auth = csrfHeaders({ _palchat_session: session });
    const posted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      ...auth,
      payload: { status: 'from the web' },
    });
    expect(posted.statusCode).toBe(200);
    const staff = await createAccount(server, { username: 'webstaff', role: 'admin' });
    expect((await call(staff, 'GET', '/api/v1/admin/dashboard')).status).toBe(200);
  });

  it('checks a streaming token given in the query string', async () => {
    const pusher = await withScopes(server, alice, 'push');
    const refused = await server.app.inject({
      method: 'GET',
      url: `/api/v1/streaming?stream=user&access_token=${pusher.token}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: OUTSIDE_SCOPES });
  });
});

/** Routes that need no scope: public data and the OAuth plumbing. Adding one here is a deliberate decision. */
const PUBLIC_ROUTES = [
  'GET /api/v1/apps/verify_credentials',
  'GET /api/v1/custom_emojis',
  'GET /api/v1/instance',
  'GET /api/v1/instance/activity',
  'GET /api/v1/instance/domain_blocks',
  'GET /api/v1/instance/extended_description',
  'GET /api/v1/instance/languages',
  'GET /api/v1/instance/peers',
  'GET /api/v1/instance/privacy_policy',
  'GET /api/v1/instance/rules',
  'GET /api/v1/instance/terms_of_service',
  'GET /api/v1/instance/terms_of_service/:date',
  'GET /api/v1/instance/translation_languages',
  'GET /api/v1/streaming/health',
  'GET /api/v1/trends',
  'GET /api/v1/trends/links',
  'GET /api/v1/trends/statuses',
  'GET /api/v1/trends/tags',
  'GET /api/v2/instance',
  'POST /api/v1/apps',
];

describe('the route table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(async () => server.close());

  const apiRoutes = () =>
    server.app.routeScopes.filter((route) => route.url.startsWith('/api/') && route.method !== 'OPTIONS');

  it('declares the scopes of every API route', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
    const undeclared = apiRoutes().filter((route) => route.scopes === undefined || route.scopes.length === 0);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const open = apiRoutes()
      .filter((route) => route.scopes === 'public')
      // Fastify adds a HEAD route to every GET one, with the same options
      .map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`);
    expect(open.filter((route) => !PUBLIC_ROUTES.includes(route))).toEqual([]);
  });

  it('refuses a token without the scopes on every scoped route', async () => {
    const alice = await createAccount(server, { username: 'alice' });
    const pusher = await withScopes(server, alice, 'push');
    // the push subscription routes take exactly `push`: a token with another narrow scope tries them
    const lister = await withScopes(server, alice, 'read:lists');
    const scoped = apiRoutes().filter((route) => route.scopes !== 'public');
    for (const route of scoped) {
      const token = route.scopes?.includes('push') ? lister.token : pusher.token;
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[a-zA-Z_]+/g, '1').replace('*', 'x'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(`${route.method} ${route.url} ${response.statusCode}`).toBe(`${route.method} ${route.url} 403`);
    }
  });
});
