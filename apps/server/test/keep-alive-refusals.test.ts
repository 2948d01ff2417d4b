import { afterAll, beforeAll, expect, it } from 'vitest';
import { DRAINED_BODY_BYTES } from '../src/http/unread-body.js';
import { bearer, createAccount } from './helpers/factories.js';
import {
  createTestServer,
  describeEachDialect,
  GENEROUS_RATE_LIMITS,
  type TestServer,
} from './helpers/harness.js';
import { RawConnection } from './helpers/raw-http.js';
import { multipartBody, pngOf } from './helpers/social.js';

const MiB = 1024 * 1024;

describeEachDialect('keep-alive connections after an upload refused before its body is read', (dialect) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimit: { ...GENEROUS_RATE_LIMITS, mediaUploadsPer30Minutes: 1 },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(async () => server.close());

  const uploadOf = (data: Buffer) =>
    multipartBody({}, { file: { data, filename: 'a.png', type: 'image/png' } });
  /** a body of `bytes` that is no image: refused by its first bytes */
  const notAnImage = (bytes: number) => uploadOf(Buffer.alloc(bytes, 7));
  /** a PNG header followed by more than an image may have: refused once 16 MiB were read */
  const tooLarge = async () => uploadOf(Buffer.concat([await pngOf(8, 8), Buffer.alloc(17 * MiB)]));

  /** A fresh account's bearer header; `spent`: it has used up its uploads of the window already. */
  let accounts = 0;
  async function uploader(spent = false): Promise<Record<string, string>> {
    const headers = bearer(await createAccount(server, { username: `uploader${++accounts}` }));
    if (spent) {
      const { body, type } = uploadOf(await pngOf(8, 8));
      const first = await server.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...headers, 'content-type': type },
        payload: body,
      });
      expect(first.statusCode).toBe(200);
    }
    return headers;
  }

  /** The upload on a keep-alive connection, then a GET on the same connection as soon as the refusal arrived. */
  async function refusedThenNext(upload: { body: Buffer; type: string }, headers: Record<string, string>) {
    const connection = await RawConnection.open(port);
    try {
      const head = [
        'POST /api/v1/media HTTP/1.1',
        'Host: localhost',
        `Content-Type: ${upload.type}`,
        `Content-Length: ${upload.body.length}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      connection.send(`${head.join('\r\n')}\r\n\r\n`, upload.body);
      const refusal = await connection.answer();
      connection.send('GET /api/v1/instance HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const next = await connection.answer();
      return {
        refusal: refusal?.status,
        connection: refusal?.headers.connection,
        next: next?.status ?? (connection.closed ? 'closed' : 'no answer'),
      };
    } finally {
      connection.close();
    }
  }

  it('drains a small refused body and answers the next request on the same connection', async () => {
    const small = notAnImage(DRAINED_BODY_BYTES / 4);
    expect(await refusedThenNext(small, await uploader())).toEqual({
      refusal: 422,
      connection: 'keep-alive',
      next: 200,
    });
    expect(await refusedThenNext(small, {})).toMatchObject({ refusal: 401, next: 200 });
    expect(await refusedThenNext(small, await uploader(true))).toMatchObject({ refusal: 429, next: 200 });
  });

  it('closes the connection after a large refused body instead of leaving the next request hanging', async () => {
    const large = notAnImage(8 * MiB);
    const closed = { connection: 'close', next: 'closed' };
    expect(await refusedThenNext(large, await uploader())).toEqual({ refusal: 422, ...closed });
    expect(await refusedThenNext(await tooLarge(), await uploader())).toEqual({ refusal: 413, ...closed });
    expect(await refusedThenNext(large, {})).toEqual({ refusal: 401, ...closed });
    expect(await refusedThenNext(large, await uploader(true))).toEqual({ refusal: 429, ...closed });
    // and the server still serves the next connection
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/instance`)).status).toBe(200);
  });
});
