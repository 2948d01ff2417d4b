import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql, type KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../lib/time.js';
import { nodeSqliteDatabase } from '../db/node-sqlite-dialect.js';
import { runTemplate } from './query-templates.js';

interface Schema {
  events: { id: number; owner: string; expires_at: string | null };
}

const open: Kysely<Schema>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

async function eventsDb(plugins: KyselyPlugin[] = []) {
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(':memory:')) }),
    plugins,
  });
  open.push(db);
  await sql`create table events (id integer primary key, owner text not null, expires_at text)`.execute(db);
  const past = '2000-01-01T00:00:00.000Z';
  const future = '2999-01-01T00:00:00.000Z';
  await db
    .insertInto('events')
    .values([
      { id: 1, owner: 'ann', expires_at: null },
      { id: 2, owner: 'ann', expires_at: past },
      { id: 3, owner: 'ann', expires_at: future },
      { id: 4, owner: 'bob', expires_at: null },
    ])
    .execute();
  return db;
}

/** An owner's events that have not expired, newest first, optionally below a cursor. */
const ownEvents = (db: Kysely<Schema>, before: boolean) => (values: Record<string, string>) =>
  db
    .selectFrom('events')
    .select('id')
    .where('owner', '=', values.owner!)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
    .$if(before, (query) => query.where('id', '<', values.before as unknown as number))
    .orderBy('id', 'desc')
    .limit(values.limit as unknown as number);

describe('query templates', () => {
  it('binds each run’s values and the current time where the builder had markers', async () => {
    const db = await eventsDb();
    const ids = async (owner: string, limit: number) =>
      (await runTemplate(db, 'events', { owner, limit }, ownEvents(db, false))).map((row) => row.id);
    expect(await ids('ann', 10)).toEqual([3, 1]);
    expect(await ids('ann', 1)).toEqual([3]);
    expect(await ids('bob', 10)).toEqual([4]);
    expect(await ids('nobody', 10)).toEqual([]);
  });

  it('keeps one compiled statement per shape', async () => {
    const db = await eventsDb();
    const page = (before?: number) =>
      runTemplate(
        db,
        `events${before ? ' before' : ''}`,
        { owner: 'ann', limit: 10, ...(before ? { before } : {}) },
        ownEvents(db, Boolean(before)),
      );
    expect((await page()).map((row) => row.id)).toEqual([3, 1]);
    expect((await page(3)).map((row) => row.id)).toEqual([1]);
    expect((await page()).map((row) => row.id)).toEqual([3, 1]);
  });

  it('refuses a run that lacks a value the statement needs', async () => {
    const db = await eventsDb();
    await expect(runTemplate(db, 'events', { owner: 'ann' }, ownEvents(db, false))).rejects.toThrow(
      /no value for limit/,
    );
  });

  it('shows every run to plugins once, as a statement Kysely built', async () => {
    const seen: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = await eventsDb([recorder]);
    seen.length = 0;
    for (let run = 0; run < 3; run += 1)
      await runTemplate(db, 'events', { owner: 'ann', limit: 5 }, ownEvents(db, false));
    expect(seen).toEqual(['SelectQueryNode', 'SelectQueryNode', 'SelectQueryNode']);
  });
});
