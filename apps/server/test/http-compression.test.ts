import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/harness.js';

describe('compressed API answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(async () => server.close());

  const instance = (acceptEncoding?: string) =>
    server.app.inject({
      url: '/api/v2/instance',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends brotli or gzip to clients that accept them, the same JSON underneath', async () => {
    const plain = await instance();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await instance('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await instance('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const small = await server.app.inject({
      url: '/api/v1/accounts/lookup?acct=nobody',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
