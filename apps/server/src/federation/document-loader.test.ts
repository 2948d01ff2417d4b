import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureCache } from '../lib/egress/failure-cache.js';
import { BodyTooLargeError } from '../lib/egress/read-body.js';
import { createDocumentLoader, preloadedContextLoader } from './document-loader.js';

describe('federation document loader', () => {
  let remote: http.Server;
  let origin: string;
  const requests: string[] = [];
  beforeAll(async () => {
    remote = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'application/activity+json' });
        response.end(`{"name":"${'a'.repeat(2 * 1024 * 1024)}"}`);
        return;
      }
      if (request.url === '/moved') {
        response.writeHead(301, { location: '/actor' }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify({ id: `${origin}/actor`, type: 'Person' }));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => remote.close(resolve)));

  const loader = (allowed: string[]) =>
    createDocumentLoader({ egress: { allowedPrivateAddresses: allowed }, failures: new FailureCache() });

  it('loads a document through redirects, from allowed addresses only', async () => {
    const document = await loader(['127.0.0.1'])(`${origin}/moved`);
    expect(document).toMatchObject({ documentUrl: `${origin}/actor`, document: { type: 'Person' } });
    await expect(loader([])(`${origin}/actor`)).rejects.toThrow();
  });

  it('aborts past 1 MiB and does not fetch a failed URL again', async () => {
    const load = loader(['127.0.0.1']);
    await expect(load(`${origin}/big`)).rejects.toBeInstanceOf(BodyTooLargeError);
    const before = requests.length;
    await expect(load(`${origin}/big`)).rejects.toThrow(/failed recently/);
    expect(requests.length).toBe(before);
  });

  it('serves only preloaded JSON-LD contexts', async () => {
    const context = await preloadedContextLoader('https://www.w3.org/ns/activitystreams');
    expect(context.document).toBeTruthy();
    await expect(preloadedContextLoader(`${origin}/context.jsonld`)).rejects.toThrow(/not loaded/);
    expect(requests).not.toContain('/context.jsonld');
  });
});
