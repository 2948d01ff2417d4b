import { afterAll, beforeAll, expect, it } from 'vitest';
import { applicationSchema, type Application } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { csrfHeaders, TEST_PASSWORD } from './helpers/auth.js';

const REDIRECT = 'https://client.example/callback';

describeEachDialect('server texts in the reader’s language', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let app: Application;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { client_name: 'Test Client', redirect_uris: REDIRECT, scopes: 'read write' },
    });
    app = applicationSchema.parse(created.json());
  });
  afterAll(async () => server.close());

  const setLocale = (account: TestAccount, locale: string) =>
    server.db.updateTable('users').set({ locale }).where('account_id', '=', account.account.id).execute();

  it('answers an API error in the best language of Accept-Language, keeping the code and the JSON shape', async () => {
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/v1/statuses/123456',
      headers: { 'accept-language': 'sv, fr;q=0.5, de-AT;q=0.9' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Eintrag nicht gefunden' });

    const ownFollow = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${alice.account.id}/follow`,
      headers: { ...bearer(alice), 'accept-language': 'sv' },
    });
    // Alice's own locale (en) wins over the header; a machine-readable code stays as it is
    expect(ownFollow.json()).toEqual({ error: 'You cannot follow yourself', code: 'self_follow' });
  });

  it('writes a validation failure in the language, zod’s reason too', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/timelines/public?limit=lots',
      headers: { 'accept-language': 'de' },
    });
    const body = response.json<{ error: string; code: string }>();
    expect(response.statusCode).toBe(422);
    expect(body.code).toBe('validation_failed');
    expect(body.error).toMatch(/^Prüfung fehlgeschlagen: limit /);
    expect(body.error).not.toMatch(/Invalid|expected/);
  });

  it('lets a signed-in account’s locale win over Accept-Language (token and session alike)', async () => {
    const bob = await createAccount(server, { username: 'bob' });
    await setLocale(bob, 'ja');
    const viaToken = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob.account.id}/follow`,
      headers: { ...bearer(bob), 'accept-language': 'de' },
    });
    expect(viaToken.statusCode).toBe(422);
    expect(viaToken.json()).toEqual({ error: '自分自身をフォローすることはできません', code: 'self_follow' });

    await setLocale(bob, 'pt-BR');
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob.account.id}/mute`,
      headers: { ...bearer(bob), 'accept-language': 'de' },
    });
    expect(again.json()).toEqual({ error: 'Você não pode silenciar a si mesmo', code: 'self_mute' });

    // an unsupported stored locale falls back to the browser's
    await setLocale(bob, 'sv');
    const fallback = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob.account.id}/block`,
      headers: { ...bearer(bob), 'accept-language': 'fr' },
    });
    expect(fallback.json()).toEqual({
      error: 'Vous ne pouvez pas vous bloquer vous-même',
      code: 'self_block',
    });
  });

  it('shows the OAuth pages in Arabic, right to left, to an account signed up from an Arabic browser', async () => {
    const visitor = csrfHeaders();
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      cookies: visitor.cookies,
      headers: { ...visitor.headers, 'accept-language': 'ar' },
      payload: {
        username: 'samira',
        email: 'samira@example.test',
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        agreement: true,
      },
    });
    expect(signUp.statusCode).toBe(200);
    const session = signUp.cookies.find((cookie) => cookie.name === '_palchat_session')?.value ?? '';
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id ?? '',
      redirect_uri: REDIRECT,
      scope: 'read write:statuses',
    });
    // the stored locale speaks now, whatever this browser asks
    const page = await server.app.inject({
      method: 'GET',
      url: `/oauth/authorize?${query.toString()}`,
      cookies: { _palchat_session: session },
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<h1>التفويض مطلوب</h1>');
    expect(page.body).toContain('<strong>Test Client</strong>');
    expect(page.body).toContain('قراءة كل بيانات حسابك');
    expect(page.body).toContain('value="authorize">تفويض</button>');
    expect(page.body).not.toContain('Authorize');

    const refused = await server.app.inject({
      method: 'GET',
      url: `/oauth/authorize?${new URLSearchParams({ ...Object.fromEntries(query), client_id: 'unknown' }).toString()}`,
      headers: { 'accept-language': 'fa-IR' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="fa" dir="rtl">');
    expect(refused.body).toContain('احراز هویت کارخواه ناموفق بود: این برنامه ناشناخته است.');
  });

  it('keeps English for a browser that asks for nothing the server speaks', async () => {
    const page = await server.app.inject({
      method: 'GET',
      url: '/oauth/authorize?client_id=unknown',
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('Client authentication failed: this application is unknown.');
  });
});
