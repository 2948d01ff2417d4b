import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { QueryRecorder } from './helpers/query-recorder.js';
import { caller } from './helpers/social.js';

/**
 * A home page reads its statuses' ids and versions, and whole rows only for those this process does not keep at
 * that version (db/kept-rows.ts): so every update of a status, however it is written, must change
 * its version.
 */
describeEachDialect('status versions', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let carol: TestAccount;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    server = await createTestServer(dialect, {}, { dbPlugins: [recorder] });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  const versionOf = async (id: string): Promise<number> =>
    Number(
      (
        await server.db
          .selectFrom('statuses')
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version,
    );

  /** Carol's home page, and how many of its statements read whole status rows by id. */
  const home = async (): Promise<{ statuses: Status[]; rowReads: number }> => {
    recorder.recorded.length = 0;
    const response = await server.app.inject({ url: '/api/v1/timelines/home', headers: bearer(carol) });
    expect(response.statusCode).toBe(200);
    const rowReads = recorder.recorded.filter(({ node, queryId }) => {
      const { sql: text } = server.db.getExecutor().compileQuery(node, queryId);
      return /^select \* from "statuses" where "statuses"\."id" (in \(select "value" from json_each|= any)/.test(
        text,
      );
    }).length;
    return { statuses: response.json<Status[]>(), rowReads };
  };

  it('changes with every update of the row, whatever writes it', async () => {
    const status = await insertStatus(server, alice, { text: 'versioned' });
    let last = await versionOf(status.id);
    const updates = [
      () =>
        server.db.updateTable('statuses').set({ spoiler_text: 'cw' }).where('id', '=', status.id).execute(),
      () =>
        server.db
          .updateTable('statuses')
          .set((eb) => ({ replies_count: eb('replies_count', '+', 1) }))
          .where('id', '=', status.id)
          .execute(),
      // a write that changes nothing, or names the version it had: the version changes all the same
      () =>
        server.db.updateTable('statuses').set({ spoiler_text: 'cw' }).where('id', '=', status.id).execute(),
      () => server.db.updateTable('statuses').set({ version: last }).where('id', '=', status.id).execute(),
      () => sql`update statuses set sensitive = 1 where id = ${status.id}`.execute(server.db),
      async () =>
        expect((await call(carol, 'POST', `/api/v1/statuses/${status.id}/favourite`)).status).toBe(200),
    ];
    for (const update of updates) {
      await update();
      const version = await versionOf(status.id);
      expect(version).not.toBe(last);
      last = version;
    }
  });

  it('reads again the whole rows of the statuses whose version changed, and only those', async () => {
    const first = await insertStatus(server, alice, { text: 'first' });
    const second = await insertStatus(server, alice, { text: 'second' });
    expect((await home()).rowReads).toBe(1);
    const kept = await home();
    expect(kept.rowReads).toBe(0);
    expect(kept.statuses.find((status) => status.id === first.id)?.spoiler_text).toBe('');

    // as another process or a moderator's SQL would write it: nothing here hears of it
    await sql`update statuses set spoiler_text = 'changed elsewhere' where id = ${first.id}`.execute(
      server.db,
    );
    const changed = await home();
    expect(changed.rowReads).toBe(1);
    expect(changed.statuses.find((status) => status.id === first.id)?.spoiler_text).toBe('changed elsewhere');
    expect(changed.statuses.find((status) => status.id === second.id)?.content).toBe('<p>second</p>');
    expect((await home()).rowReads).toBe(0);
  });
});
