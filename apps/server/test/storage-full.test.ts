import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../src/i18n/format.js';

import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { createTestServer, postgresReachable, type TestServer } from './helpers/harness.js';

const STORAGE_FULL = formatMessage('en', 'http.storage_full');

describe('a full disk (SQLite)', () => {
  let server: TestServer;
  let ann: TestAccount;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-full-'));
    server = await createTestServer('sqlite', { databaseUrl: `sqlite:${path.join(dir, 'db.sqlite3')}` });
    ann = await createAccount(server, { username: 'ann' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (n: number) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(ann),
      payload: { status: `${n} ${'x'.repeat(480)}` },
    });

  it('answers 507 with a clear message, and works again once there is room', async () => {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(server.db);
    await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count) + 4}`).execute(server.db);
    let refused;
    for (let n = 0; n < 200 && !refused; n++) {
      const response = await post(n);
      if (response.statusCode !== 200) refused = response;
    }
    expect(refused?.statusCode).toBe(507);
    expect(refused?.json()).toEqual({ error: STORAGE_FULL });
    await sql.raw('pragma max_page_count = 1073741823').execute(server.db);
    expect((await post(1000)).statusCode).toBe(200);
  });
});

describe.skipIf(!postgresReachable)('a full disk (PostgreSQL: disk_full)', () => {
  let server: TestServer;
  let ann: TestAccount;
  beforeAll(async () => {
    server = await createTestServer('postgres');
    ann = await createAccount(server, { username: 'ann' });
    // what PostgreSQL answers when it cannot extend a file
    await sql`create function disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`.execute(
      server.db,
    );
    await sql`create trigger disk_full before insert on statuses for each row execute function disk_full()`.execute(
      server.db,
    );
  });
  afterAll(async () => server.close());

  it('answers 507 with a clear message', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(ann),
      payload: { status: 'hello' },
    });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ error: STORAGE_FULL });
  });
});
