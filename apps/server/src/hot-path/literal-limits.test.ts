import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeSqliteDatabase } from '../db/node-sqlite-dialect.js';
import { LiteralLimitPostgresDialect, LiteralLimitSqliteDialect } from './literal-limits.js';

interface Schema {
  notes: { id: number; body: string };
}

const open: Kysely<Schema>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

async function notesDb(count: number): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({
    dialect: new LiteralLimitSqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(':memory:')) }),
  });
  open.push(db);
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  for (let id = 1; id <= count; id += 1)
    await db
      .insertInto('notes')
      .values({ id, body: `note ${id}` })
      .execute();
  return db;
}

describe('literal limits on SQLite', () => {
  it('writes a whole-number limit into the text, not as a parameter', async () => {
    const db = await notesDb(0);
    const compiled = db.selectFrom('notes').select('id').where('body', '=', 'x').limit(20).compile();
    expect(compiled.sql).toMatch(/ limit 20$/);
    expect(compiled.parameters).toEqual(['x']);
  });

  it('binds what is not a whole number, and each limit reads its own number of rows', async () => {
    const db = await notesDb(5);
    const bound = db
      .selectFrom('notes')
      .select('id')
      .limit(sql<number>`${2}`)
      .compile();
    expect(bound.sql).toMatch(/ limit \?$/);
    const page = (limit: number) =>
      db.selectFrom('notes').select('id').orderBy('id', 'desc').limit(limit).execute();
    expect((await page(2)).map((row) => row.id)).toEqual([5, 4]);
    expect((await page(3)).map((row) => row.id)).toEqual([5, 4, 3]);
    expect((await page(-1)).length).toBe(5);
  });
});

describe('literal limits on PostgreSQL', () => {
  it('writes a whole-number limit into the text and binds anything else', () => {
    // compiling needs no connection: the pool is never asked for one
    const db = new Kysely<Schema>({ dialect: new LiteralLimitPostgresDialect({ pool: {} as never }) });
    const compiled = db.selectFrom('notes').select('id').where('body', '=', 'x').limit(20).compile();
    expect(compiled.sql).toMatch(/ limit 20$/);
    expect(compiled.parameters).toEqual(['x']);
    const bound = db
      .selectFrom('notes')
      .select('id')
      .limit(sql<number>`${2}`)
      .compile();
    expect(bound.sql).toMatch(/ limit \$1$/);
  });
});
