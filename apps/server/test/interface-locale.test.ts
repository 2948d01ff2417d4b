import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { csrfHeaders, signUp, signUpSession, TEST_PASSWORD, useWebDist } from './helpers/auth.js';

/** Issue 34: the account's interface language (Mastodon's `locale`), the page's <html lang dir> and its choice. */
describeEachDialect('the interface language', (dialect) => {
  let server: TestServer;
  const dist = useWebDist();
  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: dist.dir });
  });
  afterAll(async () => server.close());

  const page = (headers: Record<string, string>, session?: string) =>
    server.app.inject({ url: '/home', headers, cookies: session ? { _palchat_session: session } : {} });
  const storedLocale = async (username: string) =>
    (
      await server.db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select('users.locale')
        .where('accounts.username', '=', username)
        .executeTakeFirstOrThrow()
    ).locale;

  it('gives a signed-out visitor the best match of Accept-Language, in <html lang dir> and the settings', async () => {
    for (const [accepted, locale, dir] of [
      ['ar-EG,ar;q=0.9,en;q=0.5', 'ar', 'rtl'],
      ['sv-SE, de;q=0.8, en;q=0.7', 'de', 'ltr'],
      ['pt, en;q=0.1', 'pt-BR', 'ltr'],
      ['zh-Hans-CN', 'zh-CN', 'ltr'],
      ['fa;q=0.2, ja;q=0.9', 'ja', 'ltr'],
      ['sv-SE', 'en', 'ltr'],
    ] as const) {
      const response = await page({ 'accept-language': accepted });
      expect(response.body, accepted).toContain(`<html lang="${locale}" dir="${dir}">`);
      expect(dist.stateOf(response.body).settings.locale, accepted).toBe(locale);
      expect(response.headers.vary).toContain('accept-language');
    }
    expect((await page({})).body).toContain('<html lang="en" dir="ltr">');
  });

  it('starts a new account in the language its sign-up page sent, and refuses one that is no language', async () => {
    const response = await signUp(server, { username: 'lena', email: 'lena@example.test', locale: 'de' });
    expect(response.statusCode).toBe(200);
    expect(await storedLocale('lena')).toBe('de');
    const refused = await signUp(server, {
      username: 'lenb',
      email: 'lenb@example.test',
      locale: '<script>',
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('locale');
  });

  it("renders the signed-in page in the account's language, whatever the browser says", async () => {
    const session = await signUpSession(server, 'yuki');
    await server.db
      .updateTable('users')
      .set({ locale: 'fa' })
      .where('email_lower', '=', 'yuki@example.test')
      .execute();
    const response = await page({ 'accept-language': 'de' }, session);
    expect(response.body).toContain('<html lang="fa" dir="rtl">');
    expect(dist.stateOf(response.body).settings.locale).toBe('fa');
  });

  it('is saved with the web settings, kept for the next sign-in, and a language it lacks is refused', async () => {
    const session = await signUpSession(server, 'omar');
    const auth = csrfHeaders({ _palchat_session: session });
    const put = (payload: object) =>
      server.app.inject({ method: 'PUT', url: '/api/web/settings', ...auth, payload });
    const saved = await put({ locale: 'ar', reduceMotion: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ locale: 'ar', reduceMotion: true });
    expect(await storedLocale('omar')).toBe('ar');
    // another setting saved later leaves the language alone
    expect((await put({ theme: 'dark' })).json()).toMatchObject({ locale: 'ar', theme: 'dark' });

    for (const invalid of [{ locale: 'xx' }, { locale: 'EN' }, { locale: 7 }, { locale: null }]) {
      const response = await put(invalid);
      expect(response.statusCode, JSON.stringify(invalid)).toBe(422);
      expect(response.json<{ error: string }>().error).toMatch(/^Validation failed/);
    }
    expect(await storedLocale('omar')).toBe('ar');

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      payload: { login: 'omar@example.test', password: TEST_PASSWORD },
    });
    const next = signIn.cookies.find((cookie) => cookie.name === '_palchat_session')?.value ?? '';
    expect(next).not.toBe('');
    const response = await page({ 'accept-language': 'en' }, next);
    expect(response.body).toContain('<html data-theme="dark" lang="ar" dir="rtl">');
  });

  it('shows an account registered through the API with a language the interface lacks in English', async () => {
    const session = await signUpSession(server, 'sven');
    await server.db
      .updateTable('users')
      .set({ locale: 'sv' })
      .where('email_lower', '=', 'sven@example.test')
      .execute();
    const read = await server.app.inject({
      url: '/api/web/settings',
      cookies: { _palchat_session: session },
    });
    expect(read.json()).toMatchObject({ locale: 'en' });
    // saving another setting leaves the registered language as it was
    const auth = csrfHeaders({ _palchat_session: session });
    await server.app.inject({
      method: 'PUT',
      url: '/api/web/settings',
      ...auth,
      payload: { theme: 'light' },
    });
    expect(await storedLocale('sven')).toBe('sv');
  });
});
