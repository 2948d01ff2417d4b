import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../db/dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- usable on any schema
type AnyDb = Kysely<any>;

/**
 * A list of ids as one bound value, for inBoundList(): an array on PostgreSQL, its JSON on SQLite. Unlike an
 * `in (?, ?, …)` list, the statement's text stays the same whatever the list's length, so one prepared statement
 * (and one query template) serves every page.
 */
export function boundList(db: AnyDb, values: readonly string[]): string | readonly string[] {
  return isPostgres(db) ? values : JSON.stringify(values);
}

/** `column` is one of the list bound as `value` (a query template's marker for boundList()'s value). */
export function inBoundList(db: AnyDb, column: string, value: string): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(cast(${value} as text[]))`
    : sql<SqlBool>`${sql.ref(column)} in (select "value" from json_each(${value}))`;
}

/**
 * The list bound as `value` as a table named `alias` of one column, `value`: to drive a join from it, one index
 * lookup per value (on SQLite an `in (select … json_each(?))` first builds the list into a temporary index).
 */
export function boundListTable<A extends string>(
  db: AnyDb,
  value: string,
  alias: A,
): AliasedRawBuilder<{ value: string }, A> {
  return isPostgres(db)
    ? sql<{ value: string }>`(select unnest(cast(${value} as text[])) as value)`.as(alias)
    : sql<{ value: string }>`json_each(${value})`.as(alias);
}
