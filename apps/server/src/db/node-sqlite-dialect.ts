import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; queries with `in (?, ?, …)` lists of varying length make the set open-ended. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Node's built-in `node:sqlite` in the shape Kysely's SqliteDialect expects (better-sqlite3's): no native addon
 * bound to one Node ABI. Kysely prepares every query it runs, so each SQL text is prepared once here and its
 * statement reused (the least recently used evicted past the cache size): SQLite parses and plans it only once.
 */
export function nodeSqliteDatabase(database: DatabaseSync, cacheSize = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
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

function adaptStatement(statement: StatementSync): SqliteStatement {
  // Kysely binds positional `?` parameters from one array; node:sqlite takes them as separate arguments.
  const bind = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  return {
    // A statement yields rows (a select, or a write with `returning`) exactly when it has result columns.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}
