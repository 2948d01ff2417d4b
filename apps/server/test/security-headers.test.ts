import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUpSession, useWebDist } from './helpers/auth.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { multipartBody } from './helpers/social.js';

const SPLASH_STYLE = '#splash{position:fixed}';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectEveryResponseHeaders(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
}

describeEachDialect('security headers', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  const dist = useWebDist();
  beforeAll(async () => {
    // the built page carries inline styles (the splash): the policy allows exactly those, by hash
    const html = fs
      .readFileSync(path.join(dist.dir, 'index.html'), 'utf8')
      .replace('</head>', `<style>${SPLASH_STYLE}</style></head>`);
    fs.writeFileSync(path.join(dist.dir, 'index.html'), html);
    fs.mkdirSync(path.join(dist.dir, 'assets'));
    fs.writeFileSync(path.join(dist.dir, 'assets/app-abc123.js'), 'console.log(1)');
    server = await createTestServer(dialect, { webDistDir: dist.dir });
    alice = await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => server.close());

  it('gives every client route a strict Content-Security-Policy and the document headers', async () => {
    const session = await signUpSession(server, 'page_reader');
    for (const [url, cookies] of [
      ['/', {}],
      ['/@alice', {}],
      ['/home', { _palchat_session: session }],
    ] as const) {
      const response = await server.app.inject({ url, cookies });
      expect(response.statusCode, url).toBe(200);
      expectEveryResponseHeaders(response, url);
      const csp = directivesOf(response);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      const styleHash = `'sha256-${crypto.createHash('sha256').update(SPLASH_STYLE).digest('base64')}'`;
      expect(csp.get('style-src'), url).toEqual(["'self'", styleHash]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual([
        "'self'",
        'blob:',
        server.config.publicUrl.replace(/^http/, 'ws'),
      ]);
      expect(csp.get('img-src'), url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('media-src'), url).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(csp.get('worker-src'), url).toEqual(["'self'"]);
      expect(csp.get('manifest-src'), url).toEqual(["'self'"]);
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      // the only script element without a src is the initial state, which is data, not code
      const inline = [...response.body.matchAll(/<script\b([^>]*)>/g)].filter(([, attributes]) => {
        return !/\bsrc=/.test(attributes ?? '');
      });
      expect(inline.map(([tag]) => tag)).toEqual(['<script id="initial-state" type="application/json">']);
    }
  });

  it('sends nosniff, frame and referrer headers with API answers, errors and the client files', async () => {
    const responses = {
      api: await server.app.inject({ url: '/api/v2/instance' }),
      notFound: await server.app.inject({ url: '/api/v1/no_such_thing' }),
      unauthorized: await server.app.inject({ url: '/api/v1/accounts/verify_credentials' }),
      forbidden: await server.app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        payload: { login: 'x', password: 'y' },
      }),
      invalid: await server.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: bearer(alice),
        payload: { status: '' },
      }),
      asset: await server.app.inject({ url: '/assets/app-abc123.js' }),
    };
    expect(responses.api.statusCode).toBe(200);
    expect(responses.notFound.statusCode).toBe(404);
    expect(responses.unauthorized.statusCode).toBe(401);
    expect(responses.forbidden.statusCode).toBe(403);
    expect(responses.invalid.statusCode).toBe(422);
    expect(responses.asset.statusCode).toBe(200);
    for (const [what, response] of Object.entries(responses)) expectEveryResponseHeaders(response, what);
  });

  it('serves an upload with its stored type, nosniff and a sandboxing policy, whatever it carries', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const hostile = Buffer.concat([
      jpeg,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const { body, type } = multipartBody(
      {},
      { file: { data: hostile, filename: 'a.html', type: 'text/html' } },
    );
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { ...bearer(alice), 'content-type': type },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);
    const { url } = upload.json<{ url: string }>();
    const media = await server.app.inject({ url: new URL(url).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expectEveryResponseHeaders(media, 'media');
    const csp = directivesOf(media);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
  });

  it('gives the OAuth consent page a policy of its own: its style by hash, its form and the redirect', async () => {
    const session = await signUpSession(server, 'consenting');
    const app = await server.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { client_name: 'Elk', redirect_uris: 'https://elk.example/callback', scopes: 'read' },
    });
    const { client_id } = app.json<{ client_id: string }>();
    const page = await server.app.inject({
      url: `/oauth/authorize?response_type=code&client_id=${client_id}&redirect_uri=${encodeURIComponent('https://elk.example/callback')}&scope=read`,
      cookies: { _palchat_session: session },
    });
    expect(page.statusCode).toBe(200);
    expectEveryResponseHeaders(page, 'consent page');
    const csp = directivesOf(page);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')?.[0]).toMatch(/^'sha256-/);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://elk.example']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.body).not.toMatch(/\bon[a-z]+=/);
    // the form posts back and is answered with a redirect to the app
    const form = new URLSearchParams(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        ([, name, value]): [string, string] => [
          name ?? '',
          (value ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
        ],
      ),
    );
    form.set('decision', 'authorize');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      cookies: { _palchat_session: session },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toMatch(/^https:\/\/elk\.example\/callback\?code=/);
  });
});
