import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/helpers/factories.js';
import { listenFederatedServer } from '../../test/helpers/federation.js';
import type { TestServer } from '../../test/helpers/harness.js';
import {
  postNamingKeyId,
  startHugeDocumentServer,
  type HugeDocumentServer,
} from '../../test/helpers/huge-document.js';

const MB = 1024 * 1024;

describe('documents fetched from other servers are capped', () => {
  let server: TestServer & { url: string };
  let huge: HugeDocumentServer;

  beforeAll(async () => {
    server = await listenFederatedServer();
    await createAccount(server, { username: 'alice' });
    huge = await startHugeDocumentServer(200 * MB);
  });
  afterAll(async () => {
    await huge.close();
    await server.close();
  });

  it('aborts a 200 MB actor named as a keyId at the cap, and does not fetch it again', async () => {
    const rssBefore = process.memoryUsage().rss;
    const keyId = `${huge.url}/users/huge#main-key`;
    const first = await postNamingKeyId(`${server.url}/inbox`, keyId);
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(huge.requests).toEqual(['/users/huge']);

    const second = await postNamingKeyId(`${server.url}/inbox`, keyId);
    expect(second.status).toBeGreaterThanOrEqual(400);
    expect(huge.requests).toEqual(['/users/huge']);

    // a socket's buffers let some megabytes out before the abort is felt; nowhere near 200 MB
    expect(huge.bytesSent()).toBeLessThan(16 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB);
  });

  it('refuses a host for a while once it sent oversized documents three times', async () => {
    const other = await startHugeDocumentServer(200 * MB);
    try {
      for (const name of ['a', 'b', 'c', 'd', 'e'])
        expect(
          (await postNamingKeyId(`${server.url}/inbox`, `${other.url}/users/${name}#main-key`)).status,
        ).toBeGreaterThanOrEqual(400);
      expect(other.requests).toEqual(['/users/a', '/users/b', '/users/c']);
      expect(other.bytesSent()).toBeLessThan(3 * 16 * MB);
    } finally {
      await other.close();
    }
  });
});
