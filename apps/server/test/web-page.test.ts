import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, userSettingsSchema } from '@palchat/api';
import { updateServerSettings } from '../src/settings/service.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { csrfHeaders, signUpSession, useWebDist } from './helpers/auth.js';

describeEachDialect('the web client page', (dialect) => {
  let server: TestServer;
  const dist = useWebDist();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist.dir, 'assets'));
    fs.writeFileSync(path.join(dist.dir, 'assets/app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist.dir, 'assets/style-def456.css'), 'p{}');
    fs.writeFileSync(path.join(dist.dir, 'assets/style-def456.css.br'), 'brotli bytes');
    fs.writeFileSync(path.join(dist.dir, 'assets/style-def456.css.gz'), 'gzip bytes');
    fs.writeFileSync(path.join(dist.dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(dist.dir, 'favicon.ico'), 'icon');
    server = await createTestServer(dialect, { webDistDir: dist.dir });
  });
  afterAll(async () => server.close());

  it('serves every client route with the signed-out initial state and a CSRF cookie', async () => {
    for (const url of [
      '/',
      '/home',
      '/@alice/123',
      '/auth/sign_in',
      '/deck/getting-started',
      '/no/such/page',
    ]) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const state = dist.stateOf(response.body);
      expect(state.identity).toEqual({
        signedIn: false,
        accountId: null,
        username: null,
        permissions: 0,
        disabledAccountId: null,
        movedToAccountId: null,
      });
      expect(state.accessToken).toBeNull();
      const visitor = response.cookies.find((c) => c.name === '_palchat_csrf');
      expect(visitor?.httpOnly).toBe(true);
      // the token is bound to the visitor cookie, never the cookie itself (csrf-binding.test.ts)
      expect(state.csrfToken).toBe(
        csrfHeaders({ _palchat_csrf: visitor?.value ?? '' }).headers['x-csrf-token'],
      );
    }
  });

  it('keeps the visitor cookie of a returning visitor, and so its token', async () => {
    const response = await server.app.inject({ url: '/', cookies: { _palchat_csrf: 'kept' } });
    expect(dist.stateOf(response.body).csrfToken).toBe(
      csrfHeaders({ _palchat_csrf: 'kept' }).headers['x-csrf-token'],
    );
    expect(response.cookies.find((c) => c.name === '_palchat_csrf')).toBeUndefined();
  });

  it('carries server flags from the settings, escaped so that no text can close the script', async () => {
    await updateServerSettings(server.db, {
      site_title: '</script><script>alert(1)</script>',
      registrations_mode: 'closed',
      timeline_preview: 'false',
    });
    const response = await server.app.inject({ url: '/public/local' });
    expect(response.body).not.toContain('<script>alert(1)');
    const state = dist.stateOf(response.body);
    expect(state.server).toMatchObject({
      title: '</script><script>alert(1)</script>',
      registrationsMode: 'closed',
      publicTimelinesVisible: false,
      explorePageEnabled: true,
      signUpUrl: '/auth/sign_up',
      maxMediaAttachments: 4,
    });
    await server.db.deleteFrom('server_settings').execute();
  });

  it('gives a signed-in visitor identity, permissions, settings and the access token', async () => {
    const session = await signUpSession(server, 'Mia');
    await server.db.updateTable('accounts').set({ role: 'admin' }).where('username', '=', 'Mia').execute();
    const state = dist.stateOf(
      (await server.app.inject({ url: '/home', cookies: { _palchat_session: session } })).body,
    );
    expect(state.identity).toMatchObject({
      signedIn: true,
      username: 'Mia',
      permissions: Permission.administrator | Permission.viewDashboard | Permission.manageReports,
    });
    expect(state.settings).toEqual(userSettingsSchema.parse({}));
    expect(state.accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    await server.db
      .updateTable('accounts')
      .set({ role: 'moderator' })
      .where('username', '=', 'Mia')
      .execute();
    const moderator = dist.stateOf(
      (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
    );
    expect(moderator.identity.permissions).toBe(Permission.manageReports);
  });

  it('carries what the first screen would otherwise ask the API for: the account and the server (issue #30)', async () => {
    const session = await signUpSession(server, 'Noa');
    const cookies = { _palchat_session: session };
    const page = dist.stateOf((await server.app.inject({ url: '/home', cookies })).body);
    const credentials = await server.app.inject({ url: '/api/v1/accounts/verify_credentials', cookies });
    expect(page.account).toEqual(credentials.json());
    expect(page.account).toMatchObject({ username: 'Noa', source: { privacy: 'public' } });
    const instance = await server.app.inject({ url: '/api/v2/instance' });
    expect(page.instance).toEqual(instance.json());
    const signedOut = dist.stateOf((await server.app.inject({ url: '/home' })).body);
    expect(signedOut.account).toBeNull();
    expect(signedOut.instance).toEqual(instance.json());
  });

  it('serves built files: hashed assets cached for a year, the rest revalidated', async () => {
    const asset = await server.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
    const worker = await server.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await server.app.inject({ url: '/favicon.ico' })).body).toBe('icon');
    const index = await server.app.inject({ url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('id="initial-state"');
  });

  it('sends an asset as the browser accepts it, built twins first, to anyone, even with a wrong token', async () => {
    const asked = (acceptEncoding: string) =>
      server.app.inject({
        url: '/assets/style-def456.css',
        headers: { 'accept-encoding': acceptEncoding, authorization: 'Bearer not-a-token' },
      });
    for (const [accepted, coding, body] of [
      ['gzip, deflate, br', 'br', 'brotli bytes'],
      ['gzip', 'gzip', 'gzip bytes'],
      ['br;q=0, gzip;q=0.5', 'gzip', 'gzip bytes'],
      ['identity', undefined, 'p{}'],
    ] as const) {
      const response = await asked(accepted);
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(coding);
      expect(response.body, accepted).toBe(body);
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('finds an asset that a newer build wrote after it was asked for in vain', async () => {
    const url = '/assets/late-789.js';
    expect((await server.app.inject({ url })).statusCode).toBe(404);
    fs.writeFileSync(path.join(dist.dir, 'assets/late-789.js'), 'late()');
    const late = await server.app.inject({ url });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('late()');
    expect((await server.app.inject({ url: '/assets/..%2Fsw.js' })).statusCode).toBe(404);
  });

  it('serves client routes with a trailing slash, and never answers /health or /.well-known/ with the page', async () => {
    for (const url of ['/home/', '/deck/getting-started/?x=1']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    expect((await server.app.inject({ url: '/favicon.ico/' })).body).toBe('icon');
    const health = await server.app.inject({ url: '/health' });
    expect(health.body).toBe('OK');
    for (const url of ['/.well-known/host-meta', '/.well-known/webfinger?resource=acct:a@b']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
  });

  it('leaves server paths and missing assets to JSON 404s', async () => {
    for (const url of ['/api/v1/nothing', '/oauth/nothing', '/system/nothing.png', '/assets/missing.js']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
    const traversal = await server.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.headers['content-type']).toContain('text/html');
  });

  describe('/api/web/settings', () => {
    it('needs a signed-in user', async () => {
      expect((await server.app.inject({ url: '/api/web/settings' })).statusCode).toBe(401);
    });

    it("starts a new account in the simple single column; an account's saved layout stays", async () => {
      const session = await signUpSession(server, 'nina');
      const pageSettings = async () =>
        dist.stateOf((await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body)
          .settings;
      expect((await pageSettings()).layout).toBe('single-column');
      const auth = csrfHeaders({ _palchat_session: session });
      await server.app.inject({
        method: 'PUT',
        url: '/api/web/settings',
        ...auth,
        payload: { layout: 'auto' },
      });
      // another setting saved later leaves the chosen layout alone
      await server.app.inject({
        method: 'PUT',
        url: '/api/web/settings',
        ...auth,
        payload: { reduceMotion: true },
      });
      expect(await pageSettings()).toMatchObject({ layout: 'auto', reduceMotion: true });
    });

    it('reads, merges and validates the web settings', async () => {
      const session = await signUpSession(server, 'sam');
      const auth = csrfHeaders({ _palchat_session: session });
      const put = (payload: unknown) =>
        server.app.inject({ method: 'PUT', url: '/api/web/settings', ...auth, payload: payload as object });

      const first = await put({ layout: 'multi-column', columns: [{ id: 'home', uuid: 'c1', params: {} }] });
      expect(first.statusCode).toBe(200);
      const second = await put({ introductionVersion: 20261121 });
      expect(second.json()).toEqual({
        ...userSettingsSchema.parse({}),
        layout: 'multi-column',
        columns: [{ id: 'home', uuid: 'c1', params: {} }],
        introductionVersion: 20261121,
      });
      const read = await server.app.inject({
        url: '/api/web/settings',
        cookies: { _palchat_session: session },
      });
      expect(read.json()).toEqual(second.json());

      for (const invalid of [
        { layout: 'sideways' },
        { columns: [{ id: 'nope', uuid: 'x' }] },
        { introductionVersion: -1 },
      ]) {
        const response = await put(invalid);
        expect(response.statusCode).toBe(422);
        expect(response.json<{ error: string }>().error).toMatch(/^Validation failed/);
      }
      const unchanged = await server.app.inject({
        url: '/api/web/settings',
        cookies: { _palchat_session: session },
      });
      expect(unchanged.json()).toEqual(second.json());
      const page = dist.stateOf(
        (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
      );
      expect(page.settings).toEqual(second.json());
    });

    it('saves the reading settings and refuses bad values without saving anything', async () => {
      const session = await signUpSession(server, 'rita');
      const auth = csrfHeaders({ _palchat_session: session });
      const put = (payload: object) =>
        server.app.inject({ method: 'PUT', url: '/api/web/settings', ...auth, payload });
      const read = async () =>
        (
          await server.app.inject({ url: '/api/web/settings', cookies: { _palchat_session: session } })
        ).json();

      expect(await read()).toMatchObject({
        displayMedia: 'default',
        expandSpoilers: false,
        autoplayGifs: false,
        reduceMotion: false,
      });
      const reading = {
        displayMedia: 'show_all',
        expandSpoilers: true,
        autoplayGifs: true,
        reduceMotion: true,
        unfollowModal: false,
        boostModal: true,
        missingAltTextModal: false,
      };
      const saved = await put(reading);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject(reading);
      const pinned = [{ id: 'hashtag', uuid: 'tag-cats', params: { id: 'cats' } }];
      expect((await put({ columns: pinned, displayMedia: 'hide_all' })).statusCode).toBe(200);
      const expected = { ...reading, displayMedia: 'hide_all', columns: pinned };

      for (const invalid of [
        { displayMedia: 'sometimes' },
        { expandSpoilers: 'yes' },
        { autoplayGifs: 1 },
        { reduceMotion: null },
        { boostModal: 'sometimes' },
        { deleteModal: 0 },
        // one bad value refuses the whole patch
        { expandSpoilers: false, displayMedia: 'everything' },
        { reduceMotion: false, columns: [{ id: 'hashtag', uuid: '' }] },
        // a hashtag or list column names what it shows; uuids are unique
        { columns: [{ id: 'hashtag', uuid: 'h', params: {} }] },
        { columns: [{ id: 'list', uuid: 'l', params: { id: 42 } }] },
        {
          columns: [
            { id: 'home', uuid: 'same', params: {} },
            { id: 'notifications', uuid: 'same', params: {} },
          ],
        },
      ]) {
        const response = await put(invalid);
        expect(response.statusCode).toBe(422);
        expect(response.json<{ error: string }>().error).toMatch(/^Validation failed/);
      }
      expect(await read()).toMatchObject(expected);
      const page = dist.stateOf(
        (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
      );
      expect(page.settings).toMatchObject(expected);
    });

    it('paints the saved theme from the first byte and refuses unknown themes', async () => {
      const session = await signUpSession(server, 'tess');
      const auth = csrfHeaders({ _palchat_session: session });
      const put = (payload: object) =>
        server.app.inject({ method: 'PUT', url: '/api/web/settings', ...auth, payload });
      const pageHtml = async () =>
        (await server.app.inject({ url: '/home', cookies: { _palchat_session: session } })).body;

      expect(await pageHtml()).not.toContain('data-theme');
      expect((await put({ theme: 'dark' })).json()).toMatchObject({ theme: 'dark' });
      expect(await pageHtml()).toMatch(/<html data-theme="dark"/);
      for (const invalid of [{ theme: 'purple' }, { theme: null }, { theme: '"><script>' }]) {
        expect((await put(invalid)).statusCode).toBe(422);
      }
      expect((await put({ theme: 'high-contrast' })).statusCode).toBe(200);
      expect(await pageHtml()).toMatch(/<html data-theme="high-contrast"/);
      // signed out, the page follows the system
      expect((await server.app.inject({ url: '/home' })).body).not.toContain('data-theme');
    });
  });
});

describeEachDialect('the web client page before the client is built', (dialect) => {
  let server: TestServer;
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-nodist-'));
  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: emptyDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(emptyDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear text', async () => {
    const response = await server.app.inject({ url: '/home' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('The web client is not built: run npm run build');
  });
});
