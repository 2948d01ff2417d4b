import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './index.js';
import { nodeSqliteDatabase } from './node-sqlite-dialect.js';

interface Schema {
  notes: { id: Generated<number>; body: string; data: Uint8Array | null };
}

const open: Kysely<Schema>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

async function memoryDb(database = new DatabaseSync(':memory:'), cacheSize?: number) {
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: nodeSqliteDatabase(database, cacheSize) }),
  });
  open.push(db);
  await sql`create table notes (id integer primary key, body text not null, data blob)`.execute(db);
  return db;
}

describe('node:sqlite dialect', () => {
  it('binds positional parameters and reports inserted ids and changed rows', async () => {
    const db = await memoryDb();
    const inserted = await db
      .insertInto('notes')
      .values({ body: 'one', data: null })
      .executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(1n);
    await db.insertInto('notes').values({ body: 'two', data: null }).execute();

    const updated = await db
      .updateTable('notes')
      .set({ body: 'changed' })
      .where('id', '<=', 2)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const rows = await db.selectFrom('notes').select(['id', 'body']).where('body', '=', 'changed').execute();
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { id: 1, body: 'changed' },
      { id: 2, body: 'changed' },
    ]);
  });

  it('returns rows from writes with a returning clause', async () => {
    const db = await memoryDb();
    const row = await db
      .insertInto('notes')
      .values({ body: 'hello', data: new Uint8Array([1, 2, 3]) })
      .returning(['id', 'body', 'data'])
      .executeTakeFirstOrThrow();
    expect({ ...row, data: [...(row.data ?? [])] }).toEqual({ id: 1, body: 'hello', data: [1, 2, 3] });
  });

  it('streams select results', async () => {
    const db = await memoryDb();
    await db
      .insertInto('notes')
      .values([1, 2, 3].map((n) => ({ body: `n${n}`, data: null })))
      .execute();
    const seen: string[] = [];
    for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) seen.push(row.body);
    expect(seen).toEqual(['n1', 'n2', 'n3']);
  });

  it('names row properties as the columns, a later same name winning, `__proto__` an own property', async () => {
    const db = await memoryDb();
    await db.insertInto('notes').values({ body: 'one', data: null }).execute();
    const { rows } = await sql<Record<string, unknown>>`
      select id, body as "__proto__", 'first' as twice, 'second' as twice, data from notes`.execute(db);
    expect(rows).toHaveLength(1);
    const [row] = rows as [Record<string, unknown>];
    expect(Object.keys(row)).toEqual(['id', '__proto__', 'twice', 'data']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('one');
    expect(row.twice).toBe('second');
    expect(row.data).toBeNull();
  });

  it('rolls a failed transaction back', async () => {
    const db = await memoryDb();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('notes').values({ body: 'lost', data: null }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });

  it('takes the write lock when a transaction begins, so that another process writing meanwhile waits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-immediate-'));
    try {
      const file = path.join(dir, 'shared.sqlite3');
      const ours = new DatabaseSync(file);
      ours.exec('pragma journal_mode = WAL'); // as the server's: readers do not block a writer
      const db = await memoryDb(ours);
      const otherProcess = new DatabaseSync(file);
      otherProcess.exec('pragma busy_timeout = 0');
      await db.transaction().execute(async (tx) => {
        await tx.selectFrom('notes').selectAll().execute();
        // a deferred transaction would let this in, and then fail its own write with SQLITE_BUSY
        expect(() => otherProcess.exec("insert into notes (body) values ('meanwhile')")).toThrow(
          /locked|busy/i,
        );
        await tx.insertInto('notes').values({ body: 'ours' }).execute();
      });
      otherProcess.exec("insert into notes (body) values ('after')");
      expect((await db.selectFrom('notes').select('body').execute()).map((row) => row.body)).toEqual([
        'ours',
        'after',
      ]);
      otherProcess.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prepares each SQL text once and keeps at most the cache size of statements', async () => {
    const database = new DatabaseSync(':memory:');
    const prepare = vi.spyOn(database, 'prepare');
    const db = await memoryDb(database, 2);
    prepare.mockClear();

    const byId = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).execute();
    await byId(1);
    await byId(2);
    expect(prepare).toHaveBeenCalledTimes(1);

    await db.selectFrom('notes').select('id').execute();
    await db.selectFrom('notes').select('data').execute();
    await byId(3); // evicted by the two texts above
    expect(prepare).toHaveBeenCalledTimes(4);
  });
});

describe('createDatabase on SQLite', () => {
  it('opens the file in WAL mode with foreign keys, a busy timeout and FTS5', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-sqlite-'));
    const db = createDatabase({ url: `sqlite:${path.join(dir, 'nested', 'test.sqlite3')}` });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0] as unknown;
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);

      await sql`create virtual table search using fts5(body)`.execute(db);
      await sql`insert into search (body) values ('federated chat'), ('plain text')`.execute(db);
      const found = await sql<{ body: string }>`select body from search where search match 'chat'`.execute(
        db,
      );
      expect(found.rows.map((row) => row.body)).toEqual(['federated chat']);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('closes quietly when the folder is gone before the checkpoint worker opened the file', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      for (let round = 0; round < 5; round++) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-sqlite-'));
        const db = createDatabase({ url: `sqlite:${path.join(dir, 'test.sqlite3')}` });
        await sql`select 1`.execute(db); // Kysely closes only a database it has opened a connection to
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(uncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });

  it('lets the error of a transaction SQLite rolled back itself (SQLITE_FULL) through, not a failed ROLLBACK', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-full-'));
    try {
      const database = new DatabaseSync(path.join(dir, 'full.sqlite3'));
      const db = await memoryDb(database);
      const pages = Number(
        (database.prepare('pragma page_count').get() as { page_count: number }).page_count,
      );
      database.exec(`pragma max_page_count = ${pages + 2}`);
      const filling = db.transaction().execute(async (tx) => {
        for (let i = 0; i < 100; i++)
          await tx
            .insertInto('notes')
            .values({ body: 'x'.repeat(2000) })
            .execute();
      });
      await expect(filling).rejects.toMatchObject({ errcode: 13, message: expect.stringMatching(/full/) });
      database.exec('pragma max_page_count = 1073741823');
      await db.insertInto('notes').values({ body: 'room again' }).execute();
      expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'room again' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
