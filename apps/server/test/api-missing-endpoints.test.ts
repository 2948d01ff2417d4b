import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueToken } from '../src/auth/oauth-service.js';
import { accountRow, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { caller } from './helpers/social.js';

const NOT_AWAITING = 'This method is only available while the e-mail is awaiting confirmation';
const OTHER_APP = 'This method is only available to the application the user originally signed-up with';

interface DimensionEntry {
  key: string;
  human_key: string;
  value: string;
  unit?: string;
  human_value?: string;
}

/**
 * Endpoints current Mastodon apps call (masto.js's suite among them): identity proofs, e-mail confirmations, the
 * admin dimensions Mastodon knows and the link publishers moderators review.
 */
describeEachDialect('Mastodon endpoints apps call', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let admin: TestAccount;
  let moderator: TestAccount;
  let user: TestAccount;

  const scoped = async (who: TestAccount, scopes: string[], appId: string | null = null) => ({
    account: who.account,
    token: (await issueToken(server.db, { appId, accountId: who.account.id, scopes })).token,
  });

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    admin = await createAccount(server, { username: 'ada', role: 'admin' });
    moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
    user = await createAccount(server, { username: 'una' });
  });
  afterAll(async () => server.close());

  it('answers identity proofs with an empty list for a known account (Mastodon 3.x)', async () => {
    const proofs = await call(user, 'GET', `/api/v1/accounts/${admin.account.id}/identity_proofs`);
    expect(proofs.status).toBe(200);
    expect(proofs.json).toEqual([]);
    expect((await call(user, 'GET', '/api/v1/accounts/999999/identity_proofs')).status).toBe(404);
    expect((await call(null, 'GET', `/api/v1/accounts/${admin.account.id}/identity_proofs`)).status).toBe(
      401,
    );
  });

  async function registerApp(name: string) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { client_name: name, redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write' },
    });
    const app = created.json<{ client_id: string; client_secret: string }>();
    const issued = await server.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'read write',
      },
    });
    const row = await server.db
      .selectFrom('oauth_apps')
      .select('id')
      .where('client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    return { id: row.id, token: issued.json<{ access_token: string }>().access_token };
  }

  it('keeps the app an account signed up with; e-mail confirmation answers as Mastodon for a confirmed address', async () => {
    const app = await registerApp('Signup Client');
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { authorization: `Bearer ${app.token}` },
      payload: { username: 'newbie', email: 'newbie@example.test', password: 'long enough', agreement: true },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const token = signUp.json<{ access_token: string }>().access_token;
    const headers = { authorization: `Bearer ${token}` };
    const newbie = await server.db
      .selectFrom('users')
      .select(['account_id', 'created_by_app_id', 'email'])
      .where('email_lower', '=', 'newbie@example.test')
      .executeTakeFirstOrThrow();
    expect(newbie.created_by_app_id).toBe(app.id);

    const resend = await server.app.inject({
      method: 'POST',
      url: '/api/v1/emails/confirmations',
      headers,
      payload: { email: 'other@example.test' },
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json()).toEqual({ error: NOT_AWAITING });
    const unchanged = await server.db
      .selectFrom('users')
      .select('email')
      .where('account_id', '=', newbie.account_id)
      .executeTakeFirstOrThrow();
    expect(unchanged.email).toBe('newbie@example.test');

    const other = await registerApp('Other Client');
    const otherToken = (
      await issueToken(server.db, { appId: other.id, accountId: newbie.account_id, scopes: ['write'] })
    ).token;
    const fromOther = await server.app.inject({
      method: 'POST',
      url: '/api/v1/emails/confirmations',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(fromOther.statusCode).toBe(403);
    expect(fromOther.json()).toEqual({ error: OTHER_APP });
    expect((await call(user, 'POST', '/api/v1/emails/confirmations')).json).toEqual({ error: OTHER_APP });
    expect((await call(null, 'POST', '/api/v1/emails/confirmations')).status).toBe(401);

    const check = await server.app.inject({ url: '/api/v1/emails/check_confirmation', headers });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toBe(true);
  });

  it('answers every dimension Mastodon knows that is asked for, from the real data', async () => {
    const remote = accountRow('faraway', { domain: 'remote.example' });
    await server.db.insertInto('accounts').values(remote).execute();
    await follow(server, user, remote);
    await insertStatus(server, remote, { local: 0, language: 'de', tags: ['Fedi'] });
    await insertStatus(server, remote, { local: 0, language: 'de' });
    await insertStatus(server, user, { language: 'en', tags: ['Fedi'] });
    const tag = await server.db
      .selectFrom('tags')
      .select('id')
      .where('name_lower', '=', 'fedi')
      .executeTakeFirstOrThrow();
    const root = await scoped(admin, ['admin:read']);
    const today = new Date().toISOString().slice(0, 10);
    const keys = [
      'languages',
      'sources',
      'servers',
      'space_usage',
      'software_versions',
      'tag_servers',
      'tag_languages',
      'instance_accounts',
      'instance_languages',
    ];
    const response = await call(root, 'POST', '/api/v1/admin/dimensions', {
      keys: [...keys, 'not_a_dimension'],
      start_at: today,
      end_at: today,
      limit: 5,
      tag_servers: { id: tag.id },
      tag_languages: { id: tag.id },
      instance_accounts: { domain: 'Remote.Example' },
      instance_languages: { domain: 'remote.example' },
    });
    expect(response.status, response.raw.body).toBe(200);
    const answered = response.json as { key: string; data: DimensionEntry[] }[];
    expect(answered.map((dimension) => dimension.key)).toEqual(keys);
    const data = (key: string) => answered.find((dimension) => dimension.key === key)?.data ?? [];
    expect(data('languages')).toEqual([
      { key: 'de', human_key: 'German', value: '2' },
      { key: 'en', human_key: 'English', value: '1' },
    ]);
    // the accounts made in this test: written straight to the database (web) and one through an app
    expect(data('sources')).toContainEqual({ key: 'Signup Client', human_key: 'Signup Client', value: '1' });
    expect(data('sources')[0]).toMatchObject({ key: 'web', human_key: 'Website' });
    expect(data('servers')).toEqual([{ key: 'remote.example', human_key: 'remote.example', value: '2' }]);
    const local = server.ctx.config.localDomain;
    expect(data('tag_servers')).toEqual(
      [
        { key: local, human_key: local, value: '1' },
        { key: 'remote.example', human_key: 'remote.example', value: '1' },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(
      data('tag_languages')
        .map((entry) => entry.key)
        .sort(),
    ).toEqual(['de', 'en']);
    expect(data('instance_accounts')).toEqual([{ key: 'faraway', human_key: 'faraway', value: '1' }]);
    expect(data('instance_languages')).toEqual([{ key: 'de', human_key: 'German', value: '2' }]);
    const space = data('space_usage');
    expect(space.map((entry) => entry.key)).toEqual([
      dialect === 'sqlite' ? 'sqlite' : 'postgresql',
      'media',
    ]);
    for (const entry of space) {
      expect(entry.unit).toBe('bytes');
      expect(entry.human_value).toMatch(/^\d+(\.\d+)? (Bytes?|KB|MB|GB|TB)$/);
    }
    expect(data('software_versions').map((entry) => entry.key)).toContain('palchat');

    // a key whose parameter is missing is answered, empty
    const bare = await call(root, 'POST', '/api/v1/admin/dimensions', {
      keys: ['tag_servers', 'tag_languages', 'instance_accounts', 'instance_languages'],
    });
    expect(bare.json).toEqual([
      { key: 'tag_servers', data: [] },
      { key: 'tag_languages', data: [] },
      { key: 'instance_accounts', data: [] },
      { key: 'instance_languages', data: [] },
    ]);
    const mod = await scoped(moderator, ['admin:read']);
    expect((await call(mod, 'POST', '/api/v1/admin/dimensions', { keys: ['languages'] })).status).toBe(403);
  });

  it('lists link publishers and lets moderators reject and approve them in the trends', async () => {
    for (const [url, title] of [
      ['https://news.example/story', 'A story'],
      ['https://blog.example/post', 'A post'],
    ] as const) {
      await server.db
        .insertInto('preview_cards')
        .values({
          url,
          title,
          description: '',
          image: null,
          provider_name: '',
          fetched_at: new Date().toISOString(),
        })
        .execute();
      await insertStatus(server, user, { link_url: url, text: url });
    }
    const mod = await scoped(moderator, ['admin:read', 'admin:write']);
    const listed = await call(mod, 'GET', '/api/v1/admin/trends/links/publishers');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      {
        id: 'blog.example',
        domain: 'blog.example',
        trendable: true,
        reviewed_at: null,
        requested_review_at: null,
        requires_review: false,
      },
      {
        id: 'news.example',
        domain: 'news.example',
        trendable: true,
        reviewed_at: null,
        requested_review_at: null,
        requires_review: false,
      },
    ]);
    const trendingUrls = async () =>
      ((await call(null, 'GET', '/api/v1/trends/links')).json as { url: string }[])
        .map((link) => link.url)
        .sort();
    expect(await trendingUrls()).toEqual(['https://blog.example/post', 'https://news.example/story']);

    const rejected = await call(mod, 'POST', '/api/v1/admin/trends/links/publishers/news.example/reject');
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ domain: 'news.example', trendable: false });
    expect(typeof (rejected.json as { reviewed_at: unknown }).reviewed_at).toBe('string');
    expect(await trendingUrls()).toEqual(['https://blog.example/post']);
    const approved = await call(mod, 'POST', '/api/v1/admin/trends/links/publishers/news.example/approve');
    expect(approved.json).toMatchObject({ domain: 'news.example', trendable: true });
    expect(await trendingUrls()).toEqual(['https://blog.example/post', 'https://news.example/story']);

    expect(
      (await call(mod, 'POST', '/api/v1/admin/trends/links/publishers/nobody.example/approve')).status,
    ).toBe(404);
    const plain = await scoped(user, ['admin:read', 'admin:write']);
    expect((await call(plain, 'GET', '/api/v1/admin/trends/links/publishers')).status).toBe(403);
    const reader = await scoped(moderator, ['admin:read']);
    expect(
      (await call(reader, 'POST', '/api/v1/admin/trends/links/publishers/news.example/reject')).status,
    ).toBe(403);
  });
});
