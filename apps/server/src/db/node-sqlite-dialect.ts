import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; queries with `in (?, ?, …)` lists of varying length make the set open-ended. */
export const STATEMENT_CACHE_SIZE = 500;

const ROLLBACK = /^\s*rollback\b/i;
const BEGIN = /^\s*begin\s*$/i;

/**
 * Kysely opens a transaction with a plain (deferred) `begin`. A deferred transaction that reads, then writes after
 * another process (`npm run admin`, say) has committed meanwhile, fails at once with SQLITE_BUSY: its snapshot is
 * stale and the busy timeout does not apply. Taking the write lock at `begin` makes it wait its turn instead; the
 * server has one connection, so it never holds that lock from itself.
 */
const BEGIN_IMMEDIATE = 'begin immediate';

/**
 * What Kysely's rollback runs when there is no transaction left to roll back: SQLite rolls a transaction back
 * itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM…), and the ROLLBACK Kysely then issues would
 * fail with "cannot rollback - no transaction is active", hiding the error that caused it.
 */
const ALREADY_ROLLED_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Node's built-in `node:sqlite` in the shape Kysely's SqliteDialect expects (better-sqlite3's): no native addon
 * bound to one Node ABI. Kysely prepares every query it runs, so each SQL text is prepared once here and its
 * statement reused (the least recently used evicted past the cache size): SQLite parses and plans it only once.
 */
export function nodeSqliteDatabase(database: DatabaseSync, cacheSize = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(text) {
      if (!database.isTransaction && ROLLBACK.test(text)) return ALREADY_ROLLED_BACK;
      const sql = BEGIN.test(text) ? BEGIN_IMMEDIATE : text;
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = adaptStatement(database.prepare(sql));
      statements.set(sql, statement);
      if (statements.size > cacheSize) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

/**
 * A function making a row object from a row as an array, with the statement's column names as keys in order (the
 * last of two same names wins, as in node:sqlite's own objects). node:sqlite makes its row objects one property
 * at a time, in dictionary mode and with a null prototype; an object literal compiled per statement is made
 * several times faster and its properties are read faster after (one shape shared by every row).
 */
function rowMaker(names: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  // a `__proto__` key in a literal would set the prototype: a computed key defines it as a property
  const members = names.map(
    (name, index) => `${name === '__proto__' ? '["__proto__"]' : JSON.stringify(name)}: values[${index}]`,
  );
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled once per column list: a literal builds rows fastest
  return new Function('values', `return { ${members.join(', ')} };`) as (
    values: readonly unknown[],
  ) => Record<string, unknown>;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  // Kysely binds positional `?` parameters from one array; node:sqlite takes them as separate arguments.
  const bind = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  const columns = statement.columns();
  // A statement yields rows (a select, or a write with `returning`) exactly when it has result columns.
  if (columns.length === 0) {
    return {
      reader: false,
      all: (parameters) => statement.all(...bind(parameters)),
      run: (parameters) => statement.run(...bind(parameters)),
      iterate: (parameters) => statement.iterate(...bind(parameters)),
    };
  }
  statement.setReturnArrays(true);
  const row = rowMaker(columns.map((column) => column.name));
  return {
    reader: true,
    all: (parameters) => (statement.all(...bind(parameters)) as unknown as unknown[][]).map(row),
    run: (parameters) => statement.run(...bind(parameters)),
    *iterate(parameters) {
      for (const values of statement.iterate(...bind(parameters))) yield row(values as unknown as unknown[]);
    },
  };
}
