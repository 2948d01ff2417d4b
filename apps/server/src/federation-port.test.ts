import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEDERATED_URL, federationConfig } from '../test/helpers/federation.js';
import { bearer, createAccount, insertStatus } from '../test/helpers/factories.js';
import { createTestServer, type TestServer } from '../test/helpers/harness.js';
import { runtimeOf } from './federation/runtime.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The reads that ask other servers through the port: a remote handle, a thread, a post. */
async function readAround(running: TestServer) {
  const alice = await createAccount(running, { username: 'alice' });
  const status = await insertStatus(running, alice);
  const get = (url: string) => running.app.inject({ method: 'GET', url, headers: bearer(alice) });
  return {
    lookup: await get('/api/v1/accounts/lookup?acct=bob@remote.example'),
    context: await get(`/api/v1/statuses/${status.id}/context`),
    status: await get(`/api/v1/statuses/${status.id}`),
    statusRow: status,
  };
}

describe('the federation port on AppContext', () => {
  it('is absent with federation off, and the domains answer from what is stored', async () => {
    server = await createTestServer('sqlite', { federation: federationConfig({ enabled: false }) });
    expect(server.ctx.federation).toBeUndefined();
    expect(runtimeOf(server.ctx)).toBeUndefined();
    const { lookup, context, status } = await readAround(server);
    expect(lookup.statusCode).toBe(404);
    expect(context.json()).toEqual({ ancestors: [], descendants: [] });
    expect(status.statusCode).toBe(200);
  });

  it('is installed by federation over its runtime, and the domains ask it', async () => {
    server = await createTestServer('sqlite', {
      publicUrl: FEDERATED_URL,
      localDomain: 'social.example',
      federation: federationConfig(),
    });
    const port = server.ctx.federation!;
    expect(runtimeOf(server.ctx)).toBeDefined();
    const resolveAccount = vi.spyOn(port, 'resolveAccount').mockResolvedValue(null);
    const requestAncestors = vi.spyOn(port, 'requestAncestors');
    const requestMissingMediaCopies = vi.spyOn(port, 'requestMissingMediaCopies');
    const { lookup, context, status, statusRow } = await readAround(server);
    expect(lookup.statusCode).toBe(404);
    expect(resolveAccount).toHaveBeenCalledWith('bob@remote.example');
    expect(context.statusCode).toBe(200);
    expect(requestAncestors).toHaveBeenCalledWith(expect.objectContaining({ id: statusRow.id }));
    expect(status.statusCode).toBe(200);
    expect(requestMissingMediaCopies).toHaveBeenCalledWith([expect.objectContaining({ id: statusRow.id })]);
  });
});
