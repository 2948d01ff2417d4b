import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { refreshPreviewCard } from '../src/statuses/cards.js';

// a name that answers a public address when it is checked and a loopback one when it is looked up again
const PUBLIC_ADDRESS = '93.184.215.14';

describeEachDialect('outgoing requests and DNS rebinding', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let internal: http.Server;
  let reached: string[];

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    reached = [];
    internal = http.createServer((request, response) => {
      reached.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><head><title>Internal admin console</title></head></html>');
    });
    // both loopback families, whichever "localhost" stands for
    await new Promise<void>((resolve) => internal.listen(0, resolve));
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await new Promise((resolve) => internal.close(resolve));
    await server.close();
  });

  it('connects only to the address it checked: a name rebinding to 127.0.0.1 reads nothing inside', async () => {
    let lookups = 0;
    vi.spyOn(dns, 'lookup').mockImplementation((async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: PUBLIC_ADDRESS, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    }) as never);
    const url = `http://localhost:${(internal.address() as AddressInfo).port}/admin`;

    expect(await refreshPreviewCard(server.db, url, { timeoutMs: 1000 })).toBe(false);
    expect(reached).toEqual([]);
    expect(lookups).toBe(1);

    const created = await call(alice, 'POST', '/api/v1/statuses', { status: `look ${url}` });
    const card = (await call(alice, 'GET', `/api/v1/statuses/${created.id}`)).body.card;
    expect(JSON.stringify(card ?? null)).not.toContain('Internal admin console');
  });

  it('refuses a name that resolves to a private address, with an injected resolver', async () => {
    const url = `http://intranet.example:${(internal.address() as AddressInfo).port}/`;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await refreshPreviewCard(server.db, url, { resolve })).toBe(false);
    expect(reached).toEqual([]);
    // the same name allowed by configuration is read through the same resolver
    expect(
      await refreshPreviewCard(server.db, `${url}?allowed`, {
        resolve,
        allowedPrivateAddresses: ['127.0.0.1'],
      }),
    ).toBe(true);
    expect(reached).toEqual(['/?allowed']);
  });
});
