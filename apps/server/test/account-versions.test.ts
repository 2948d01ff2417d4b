import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { QueryRecorder } from './helpers/query-recorder.js';
import { caller } from './helpers/social.js';

/**
 * A home page reads its authors' versions with its statuses, and their whole rows only when this process does
 * not keep them at that version (db/kept-rows.ts): every update of an account, however it is written, must change
 * its version, and the page must show it at the next read. The viewer's filters are read along with the marks
 * of every page (never kept).
 */
describeEachDialect('account versions', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let carol: TestAccount;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    server = await createTestServer(dialect, {}, { dbPlugins: [recorder] });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice', display_name: 'Alice' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  const versionOf = async (id: string): Promise<number> =>
    Number(
      (
        await server.db
          .selectFrom('accounts')
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version,
    );

  /** Carol's home page, and how many of its statements read whole account rows by id. */
  const home = async (): Promise<{ statuses: Status[]; accountReads: number }> => {
    recorder.recorded.length = 0;
    const response = await server.app.inject({ url: '/api/v1/timelines/home', headers: bearer(carol) });
    expect(response.statusCode).toBe(200);
    const accountReads = recorder.recorded.filter(({ node, queryId }) => {
      const { sql: text } = server.db.getExecutor().compileQuery(node, queryId);
      return /^select \* from "accounts" where "accounts"\."id" (in \(select "value" from json_each|= any)/.test(
        text,
      );
    }).length;
    return { statuses: response.json<Status[]>(), accountReads };
  };

  const authorOf = (page: { statuses: Status[] }, id: string) =>
    page.statuses.find((status) => status.id === id)?.account;

  it('changes with every update of the row, whatever writes it', async () => {
    let last = await versionOf(alice.account.id);
    const updates = [
      () =>
        server.db
          .updateTable('accounts')
          .set({ display_name: 'Alice A.' })
          .where('id', '=', alice.account.id)
          .execute(),
      () =>
        server.db
          .updateTable('accounts')
          .set((eb) => ({ followers_count: eb('followers_count', '+', 1) }))
          .where('id', '=', alice.account.id)
          .execute(),
      // a write that changes nothing, or names the version it had: the version changes all the same
      () =>
        server.db
          .updateTable('accounts')
          .set({ display_name: 'Alice A.' })
          .where('id', '=', alice.account.id)
          .execute(),
      () =>
        server.db.updateTable('accounts').set({ version: last }).where('id', '=', alice.account.id).execute(),
      () => sql`update accounts set note = 'raw' where id = ${alice.account.id}`.execute(server.db),
      async () =>
        expect(
          (
            await server.app.inject({
              method: 'PATCH',
              url: '/api/v1/accounts/update_credentials',
              headers: bearer(alice),
              payload: { display_name: 'Alice' },
            })
          ).statusCode,
        ).toBe(200),
    ];
    for (const update of updates) {
      await update();
      const version = await versionOf(alice.account.id);
      expect(version).not.toBe(last);
      last = version;
    }
  });

  it('reads an author’s row again when its version changed, and shows the change at the next read', async () => {
    const status = await insertStatus(server, alice, { text: 'profile' });
    // the first read records the reader's activity (a write to the reader's row): the second reads that row again
    await home();
    await home();
    const kept = await home();
    expect(kept.accountReads).toBe(0);
    expect(authorOf(kept, status.id)?.display_name).toBe('Alice');

    // as another process or a moderator's SQL would write them: nothing here hears of it
    await sql`update accounts set display_name = 'Renamed elsewhere' where id = ${alice.account.id}`.execute(
      server.db,
    );
    const renamed = await home();
    expect(renamed.accountReads).toBe(1);
    expect(authorOf(renamed, status.id)?.display_name).toBe('Renamed elsewhere');

    await sql`update accounts set avatar_path = ${'avatars/elsewhere.png'} where id = ${alice.account.id}`.execute(
      server.db,
    );
    expect(authorOf(await home(), status.id)?.avatar).toContain('avatars/elsewhere.png');
    await sql`update accounts set statuses_count = statuses_count + 5 where id = ${alice.account.id}`.execute(
      server.db,
    );
    const counted = await server.db
      .selectFrom('accounts')
      .select('statuses_count')
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(authorOf(await home(), status.id)?.statuses_count).toBe(counted.statuses_count);
    expect((await home()).accountReads).toBe(0);
  });

  it('applies a filter made, changed or removed since the last read at the next one', async () => {
    const status = await insertStatus(server, alice, { text: 'the solar eclipse tonight' });
    const filteredOf = async () =>
      (await home()).statuses.find((entry) => entry.id === status.id)?.filtered ?? [];
    expect(await filteredOf()).toEqual([]);

    const filter = await call(carol, 'POST', '/api/v2/filters', {
      title: 'eclipse',
      context: ['home'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'eclipse', whole_word: true }],
    });
    expect(filter.status, filter.raw.body).toBe(200);
    const titles = (await filteredOf()).map(
      (result) => (result as { filter: { title: string } }).filter.title,
    );
    expect(titles).toEqual(['eclipse']);

    // expired in the database: no longer active
    await server.db
      .updateTable('filters')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', String(filter.id))
      .execute();
    expect(await filteredOf()).toEqual([]);

    await server.db
      .updateTable('filters')
      .set({ expires_at: null })
      .where('id', '=', String(filter.id))
      .execute();
    expect((await filteredOf()).length).toBe(1);
    expect((await call(carol, 'DELETE', `/api/v2/filters/${String(filter.id)}`)).status).toBe(200);
    expect(await filteredOf()).toEqual([]);
  });
});
