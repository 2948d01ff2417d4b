import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureCache } from '../lib/egress/failure-cache.js';
import { BodyTooLargeError } from '../lib/egress/read-body.js';
import {
  createDocumentLoader,
  HttpStatusError,
  loadingOnce,
  preloadedContextLoader,
  refusedStatusOf,
} from './document-loader.js';

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
      if (request.url === '/secret') {
        // as Mastodon serves a direct post: only to (here: any) signed fetch
        const status = request.headers.signature ? 200 : 403;
        response.writeHead(status, { 'content-type': 'application/activity+json' });
        response.end(JSON.stringify(status === 200 ? { id: `${origin}/secret`, type: 'Note' } : {}));
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

  it('reports a refusal with its status, and does not hold a signed refusal against the next signer', async () => {
    const failures = new FailureCache();
    const egress = { allowedPrivateAddresses: ['127.0.0.1'] };
    const { privateKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const signed = (keyId: string) =>
      createDocumentLoader({ egress, failures, signer: { keyId: new URL(keyId), privateKey } });
    const unsigned = createDocumentLoader({ egress, failures });
    const refusal = await unsigned(`${origin}/secret`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpStatusError);
    expect(refusedStatusOf(refusal)).toBe(403);
    expect(refusedStatusOf(new Error('ECONNRESET'))).toBeNull();
    // a refusal depends on who asks: it is not remembered, and the next (signed) fetch gets in
    await expect(signed(`${origin}/users/a#main-key`)(`${origin}/secret`)).resolves.toMatchObject({
      document: { type: 'Note' },
    });
  });

  it('fetches a document once for concurrent loads of it (per signer), and again once they ended', async () => {
    const inFlight = new Map();
    const load = loadingOnce(loader(['127.0.0.1']), inFlight);
    const otherSigner = loadingOnce(loader(['127.0.0.1']), inFlight, `${origin}/users/b#main-key`);
    const fetches = () => requests.filter((url) => url === '/users/once').length;
    const documents = await Promise.all([
      ...Array.from({ length: 8 }, () => load(`${origin}/users/once`)),
      otherSigner(`${origin}/users/once`),
    ]);
    expect(documents.map((document) => document.document)).toEqual(
      Array.from({ length: 9 }, () => ({ id: `${origin}/actor`, type: 'Person' })),
    );
    expect(fetches()).toBe(2);
    expect(inFlight.size).toBe(0);
    await load(`${origin}/users/once`);
    expect(fetches()).toBe(3);
  });

  it('serves only preloaded JSON-LD contexts', async () => {
    const context = await preloadedContextLoader('https://www.w3.org/ns/activitystreams');
    expect(context.document).toBeTruthy();
    await expect(preloadedContextLoader(`${origin}/context.jsonld`)).rejects.toThrow(/not loaded/);
    expect(requests).not.toContain('/context.jsonld');
  });
});
