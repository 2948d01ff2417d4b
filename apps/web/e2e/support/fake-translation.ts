import http from 'node:http';

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

/** A LibreTranslate stand-in (POST /translate, GET /languages); its first translation request fails. */
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

/** The fake service behind the server's TRANSLATION_URL, which scripts/e2e.mjs sets for every run. */
export function fakeTranslation(): Promise<FakeTranslation> {
  const url = process.env.E2E_TRANSLATION_URL;
  if (!url)
    throw new Error('E2E_TRANSLATION_URL is not set: run the end-to-end tests through scripts/e2e.mjs');
  return fakeLibreTranslate(url);
}
