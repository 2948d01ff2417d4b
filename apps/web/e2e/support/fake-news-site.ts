import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const NEWS_SITE_NAME = 'The Loopback Gazette';

export interface FakeNewsSite {
  /** an article's address; its page carries OpenGraph metadata for the server's link preview */
  articleUrl(slug: string): string;
  close(): Promise<void>;
}

/**
 * A news site on 127.0.0.1 (the e2e server may read it: scripts/e2e.mjs sets ALLOWED_PRIVATE_ADDRESSES), so
 * that posts linking to it get real preview cards, as links to the open web do.
 */
export async function startFakeNewsSite(): Promise<FakeNewsSite> {
  const server = http.createServer((request, response) => {
    const slug = (request.url ?? '/').slice(1);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<html><head><title>${slug}</title>` +
        `<meta property="og:title" content="Breaking: ${slug}">` +
        '<meta property="og:description" content="What happened, and why it matters.">' +
        `<meta property="og:site_name" content="${NEWS_SITE_NAME}"></head><body></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    articleUrl: (slug) => `${origin}/${slug}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
