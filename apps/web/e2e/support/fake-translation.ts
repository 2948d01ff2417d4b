import http from 'node:http';
import { expect, type Page } from '@playwright/test';

/** What the fake translates, German to English; HTML around the words is kept. */
const DICTIONARY: Record<string, string> = {
  'Guten Morgen zusammen': 'Good morning <script>alert(1)</script>everyone',
};

function translate(text: string): string {
  return Object.entries(DICTIONARY).reduce((html, [from, to]) => html.replace(from, to), text);
}

export interface FakeTranslation {
  /** translation requests seen so far (the first one fails) */
  calls(): number;
  close(): Promise<void>;
}

/**
 * A LibreTranslate stand-in (POST /translate, GET /languages) on the port of TRANSLATION_URL, for runs whose
 * server was started with that variable: the real translate endpoint is then exercised end to end.
 */
async function fakeLibreTranslate(url: string): Promise<FakeTranslation> {
  let calls = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/languages') {
        response.end(
          JSON.stringify([
            { code: 'de', name: 'German', targets: ['en'] },
            { code: 'en', name: 'English', targets: ['de'] },
          ]),
        );
        return;
      }
      calls += 1;
      if (calls === 1) {
        response.statusCode = 500;
        response.end('{"error":"overloaded"}');
        return;
      }
      const { q } = JSON.parse(body) as { q: string[] };
      response.end(
        JSON.stringify({
          translatedText: q.map(translate),
          detectedLanguage: [{ language: 'de', confidence: 90 }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(url).port), '127.0.0.1', resolve));
  return {
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Without TRANSLATION_URL the server has no translation service: the page's requests are answered here
 * instead (translation switched on in the instance answer, Mastodon's Translation entity, first call failing).
 */
async function interceptTranslation(page: Page, statusId: string): Promise<FakeTranslation> {
  let calls = 0;
  await page.route('**/api/v2/instance', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { configuration?: Record<string, unknown> };
    body.configuration = { ...body.configuration, translation: { enabled: true } };
    await route.fulfill({ response, json: body });
  });
  await page.route(`**/api/v1/statuses/${statusId}/translate`, async (route) => {
    calls += 1;
    expect(route.request().method()).toBe('POST');
    if (calls === 1) {
      await route.fulfill({ status: 503, json: { error: 'Translation service unavailable' } });
      return;
    }
    await route.fulfill({
      json: {
        content: `<p>${translate('Guten Morgen zusammen')}</p>`,
        spoiler_text: '',
        language: 'en',
        detected_source_language: 'de',
        provider: 'LibreTranslate',
        media_attachments: [],
        poll: null,
      },
    });
  });
  return { calls: () => calls, close: async () => undefined };
}

/** The real server with a fake LibreTranslate when TRANSLATION_URL is set, else intercepted answers. */
export function fakeTranslation(page: Page, statusId: string): Promise<FakeTranslation> {
  const url = process.env.TRANSLATION_URL;
  return url ? fakeLibreTranslate(url) : interceptTranslation(page, statusId);
}
