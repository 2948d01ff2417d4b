import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { translationSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller, multipartBody, pngOf } from './helpers/social.js';

interface TranslateRequest {
  q: string[];
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

const WORDS: Record<string, string> = { Bonjour: 'Hello', monde: 'world', chat: 'cat', chien: 'dog' };

/** A LibreTranslate stand-in: swaps a few French words, and can fail or stall on demand. */
function fakeLibreTranslate() {
  const requests: TranslateRequest[] = [];
  const state = { mode: 'ok' as 'ok' | 'fail' | 'stall' };
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/languages') {
      reply(200, [
        { code: 'fr', name: 'French', targets: ['de', 'en', 'fr'] },
        { code: 'en', name: 'English', targets: ['de', 'en', 'fr'] },
      ]);
      return;
    }
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (state.mode === 'stall') return; // never answers: the caller's timeout must end it
      if (state.mode === 'fail' || request.url !== '/translate') {
        reply(500, { error: 'broken' });
        return;
      }
      const body = JSON.parse(raw) as TranslateRequest;
      requests.push(body);
      const translate = (text: string) =>
        text.replace(/\p{L}+/gu, (word) => WORDS[word] ?? word).replace('EVIL', '<script>alert(1)</script>');
      reply(200, {
        translatedText: body.q.map(translate),
        detectedLanguage: body.q.map(() => ({ confidence: 90, language: 'fr' })),
      });
    });
  });
  return { server, requests, state };
}

describeEachDialect('status translation', (dialect) => {
  let server: TestServer;
  let unconfigured: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  const fake = fakeLibreTranslate();

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    server = await createTestServer(dialect, {
      translation: { url: `http://127.0.0.1:${port}`, apiKey: 'sesame', timeoutMs: 400 },
    });
    unconfigured = await createTestServer('sqlite');
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    await follow(server, bob, alice);
  });
  afterAll(async () => {
    await Promise.all([server.close(), unconfigured.close()]);
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const post = async (body: Record<string, unknown>) => {
    const response = await call(alice, 'POST', '/api/v1/statuses', body);
    expect(response.status).toBe(200);
    return response.id;
  };

  it('announces translation only when a service is configured', async () => {
    const on = await server.app.inject({ method: 'GET', url: '/api/v2/instance' });
    expect(on.json().configuration.translation).toEqual({ enabled: true });
    const off = await unconfigured.app.inject({ method: 'GET', url: '/api/v2/instance' });
    expect(off.json().configuration.translation).toEqual({ enabled: false });
  });

  it('lists the languages the service translates between', async () => {
    const languages = await server.app.inject({
      method: 'GET',
      url: '/api/v1/instance/translation_languages',
    });
    expect(languages.json()).toEqual({ fr: ['de', 'en'], en: ['de', 'fr'] });
    const none = await unconfigured.app.inject({
      method: 'GET',
      url: '/api/v1/instance/translation_languages',
    });
    expect(none.json()).toEqual({});
  });

  it('translates text, content warning, media descriptions and poll options, sanitizing the result', async () => {
    const { body, type } = multipartBody(
      { description: 'Un chat' },
      { file: { data: await pngOf(8, 8), filename: 'a.png', type: 'image/png' } },
    );
    const media = await server.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { ...bearer(alice), 'content-type': type },
      payload: body,
    });
    const mediaId = String(media.json().id);
    const withMedia = await post({
      status: 'Bonjour le monde EVIL',
      spoiler_text: 'Un chien & un chat',
      media_ids: [mediaId],
      language: 'fr',
    });
    const translated = await call(bob, 'POST', `/api/v1/statuses/${withMedia}/translate`);
    expect(translated.status).toBe(200);
    const translation = translationSchema.parse(translated.json);
    expect(translation).toEqual({
      content: '<p>Hello le world </p>',
      spoiler_text: 'Un dog & un cat',
      language: 'en',
      detected_source_language: 'fr',
      provider: 'LibreTranslate',
      media_attachments: [{ id: mediaId, description: 'Un cat' }],
      poll: null,
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ source: 'auto', target: 'en', format: 'html', api_key: 'sesame' });
    // plain texts travel escaped, so that the HTML format leaves them intact
    expect(sent?.q).toContain('Un chien &amp; un chat');

    const withPoll = await post({
      status: 'Chat ou chien ?',
      poll: { options: ['chat', 'chien'], expires_in: 3600 },
    });
    const pollTranslation = await call(bob, 'POST', `/api/v1/statuses/${withPoll}/translate`, {
      lang: 'de-AT',
    });
    expect(pollTranslation.body).toMatchObject({
      language: 'de',
      poll: { options: [{ title: 'cat' }, { title: 'dog' }] },
    });
    expect(fake.requests.at(-1)?.target).toBe('de');
    expect((await call(bob, 'POST', `/api/v1/statuses/${withPoll}/translate`, { lang: '<b>' })).status).toBe(
      422,
    );
  });

  it('translates into the viewer’s interface language by default', async () => {
    await server.db
      .updateTable('users')
      .set({ locale: 'fr' })
      .where('account_id', '=', bob.account.id)
      .execute();
    const id = await post({ status: 'Hello world' });
    expect((await call(bob, 'POST', `/api/v1/statuses/${id}/translate`)).body.language).toBe('fr');
    await server.db
      .updateTable('users')
      .set({ locale: 'en' })
      .where('account_id', '=', bob.account.id)
      .execute();
  });

  it('translates only public and unlisted statuses the viewer can see', async () => {
    const stranger = await createAccount(server, { username: 'stranger' });
    const before = fake.requests.length;
    const unlisted = await post({ status: 'Bonjour', visibility: 'unlisted' });
    expect((await call(bob, 'POST', `/api/v1/statuses/${unlisted}/translate`)).status).toBe(200);
    const privateOne = await post({ status: 'Bonjour', visibility: 'private' });
    expect((await call(bob, 'POST', `/api/v1/statuses/${privateOne}/translate`)).status).toBe(404);
    expect((await call(stranger, 'POST', `/api/v1/statuses/${privateOne}/translate`)).status).toBe(404);
    const direct = await post({ status: '@bob Bonjour', visibility: 'direct' });
    expect((await call(bob, 'POST', `/api/v1/statuses/${direct}/translate`)).status).toBe(404);
    expect((await call(bob, 'POST', '/api/v1/statuses/123456/translate')).status).toBe(404);
    expect((await call(null, 'POST', `/api/v1/statuses/${unlisted}/translate`)).status).toBe(401);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('answers 503 when the service fails, stalls or is not configured', async () => {
    const id = await post({ status: 'Bonjour' });
    const unavailable = { error: 'Translation service unavailable' };
    fake.state.mode = 'fail';
    const failed = await call(bob, 'POST', `/api/v1/statuses/${id}/translate`);
    expect({ status: failed.status, body: failed.body }).toEqual({ status: 503, body: unavailable });
    fake.state.mode = 'stall';
    const stalled = await call(bob, 'POST', `/api/v1/statuses/${id}/translate`);
    expect({ status: stalled.status, body: stalled.body }).toEqual({ status: 503, body: unavailable });
    fake.state.mode = 'ok';

    const carol = await createAccount(unconfigured, { username: 'carol' });
    const status = await caller(unconfigured)(carol, 'POST', '/api/v1/statuses', { status: 'Bonjour' });
    const off = await caller(unconfigured)(carol, 'POST', `/api/v1/statuses/${status.id}/translate`);
    expect({ status: off.status, body: off.body }).toEqual({ status: 503, body: unavailable });
  });
});
