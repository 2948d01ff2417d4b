import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/helpers/harness.js';
import { createAccount, insertStatus, type TestAccount } from '../../test/helpers/factories.js';
import { call } from '../../test/helpers/messaging.js';

/**
 * PostgreSQL plans a named statement anew on every run until it finds its generic plan no costlier than the custom
 * ones (after five runs). The timelines' statements are large: planning one cost 6 ms against 0.7 ms of execution,
 * so each must settle on its generic plan (db/literal-limits.ts, db/named-statements.ts).
 */
describe('PostgreSQL keeps the timelines’ statements planned', () => {
  let server: TestServer;
  let reader: TestAccount;

  beforeAll(async () => {
    // one connection: the prepared statements and their counts are the connection's own
    server = await createTestServer('postgres', { databasePoolSize: 1 });
    reader = await createAccount(server, { username: 'planned' });
    // enough rows that a page is a small part of the table: the planner's choice depends on it
    const writers: TestAccount[] = [];
    for (let index = 0; index < 20; index += 1)
      writers.push(await createAccount(server, { username: `plannedwriter${index}` }));
    for (let index = 0; index < 1000; index += 1) await insertStatus(server, writers[index % 20]!, {});
    await sql`analyze`.execute(server.db);
  });
  afterAll(async () => server.close());

  it('runs the public and local timelines on a generic plan after their first reads', async () => {
    for (const url of ['/api/v1/timelines/public', '/api/v1/timelines/public?local=true'])
      for (let run = 0; run < 8; run += 1) expect((await call(server, reader, 'GET', url)).status).toBe(200);
    const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
      select generic_plans, custom_plans from pg_prepared_statements
      where statement like 'with "page" as materialized (select "statuses".* from "statuses"%'`.execute(
      server.db,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Number(row.generic_plans)).toBeGreaterThan(0);
  });
});
