import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaseIdSlot, type IdSlotLease } from '../src/db/id-slot.js';
import { newId, useIdSlot } from '../src/lib/ids.js';
import { csrfHeaders, signUpSession } from './helpers/auth.js';
import {
  createTestServer,
  postgresReachable,
  TEST_POSTGRES_URL,
  type TestServer,
} from './helpers/harness.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

async function terminateBackends(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const result = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
    [applicationName],
  );
  await admin.end();
  return result.rowCount ?? 0;
}

async function eventually<T>(attempt: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await attempt();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** Losing PostgreSQL (backend terminated, network cut) answers 503 while it lasts, and the process lives on. */
describe.skipIf(!postgresReachable)('a lost PostgreSQL connection', () => {
  const applicationName = `outage_${randomUUID().slice(0, 8)}`;
  let proxy: TcpProxy;
  let server: TestServer;
  let lease: IdSlotLease;
  let session: string;

  const databaseUrl = () => {
    const url = new URL(TEST_POSTGRES_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  };
  const post = (text: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      ...csrfHeaders({ _palchat_session: session }),
      payload: { status: text },
    });

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    server = await createTestServer('postgres', { databaseUrl: databaseUrl() });
    lease = await leaseIdSlot(databaseUrl(), `outage_${applicationName}`, { onSlot: useIdSlot, retryMs: 50 });
    session = await signUpSession(server, 'outage');
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await lease.release();
    useIdSlot(0);
    await server.close();
    await proxy.close();
  });

  it('answers 503 with Retry-After during a network cut, then 200 once it is back', async () => {
    expect((await post('before the cut')).statusCode).toBe(200);
    proxy.cut();
    const during = await post('during the cut');
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json()).toMatchObject({ code: 'database_unavailable' });
    expect(lease.slot).toBeNull();
    expect(() => newId()).toThrow(/id slot/);
    proxy.restore();
    await eventually(async () => (lease.slot !== null ? true : undefined), 'the id slot is leased again');
    await eventually(
      async () => ((await post('after the cut')).statusCode === 200 ? true : undefined),
      '200',
    );
  });

  it('survives pg_terminate_backend of every connection it holds', async () => {
    expect((await post('before termination')).statusCode).toBe(200);
    expect(await terminateBackends(applicationName)).toBeGreaterThan(0);
    await eventually(
      async () => ((await post('after termination')).statusCode === 200 ? true : undefined),
      '200',
    );
    expect(lease.slot).not.toBeNull();
  });
});
