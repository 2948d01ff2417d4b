import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storedId } from '../lib/ids.js';
import { keepNewest } from '../lib/per-object.js';

const optionalId = z
  .string()
  .regex(/^\d{1,18}$/, 'must be a numeric id')
  .transform(storedId)
  .optional();

/** A whole number of rows, brought within 1..maxLimit (limit=0 gives one row, limit=500 the maximum). */
function limitSchema(defaultLimit: number, maxLimit: number) {
  return z.coerce
    .number()
    .int()
    .default(defaultLimit)
    .transform((value) => Math.min(Math.max(value, 1), maxLimit));
}

/**
 * Mastodon's cursor parameters: newest first below max_id, above since_id, or the page just above min_id.
 * Malformed values (a cursor or limit that is not a number) are refused with 422; numbers are taken as given.
 */
export function pageQuerySchema(defaultLimit = 20, maxLimit = 40) {
  return z.object({
    max_id: optionalId,
    since_id: optionalId,
    min_id: optionalId,
    limit: limitSchema(defaultLimit, maxLimit),
  });
}

const emptyQueryResults = new WeakMap<z.ZodType, object>();

function isEmptyQuery(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return false;
  for (const _key in query) return false;
  return true;
}

/**
 * `schema.parse(query)`. A request without parameters (most first pages) gets a copy of the first such parse:
 * a schema's answer to no parameters is always the same (its defaults).
 */
export function parseQuery<T extends z.ZodType<object>>(schema: T, query: unknown): z.output<T> {
  if (!isEmptyQuery(query)) return schema.parse(query);
  let parsed = emptyQueryResults.get(schema);
  if (parsed === undefined) {
    parsed = schema.parse({});
    emptyQueryResults.set(schema, parsed);
  }
  return { ...parsed } as z.output<T>;
}

export interface PageQuery {
  max_id?: string | undefined;
  since_id?: string | undefined;
  min_id?: string | undefined;
  limit: number;
}

/** Restricts and orders a query by the cursor column; rows come back newest first in every case. */
export function paginateQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  page: PageQuery,
): SelectQueryBuilder<DB, TB, O> {
  const ref = sql.ref<string>(column);
  let restricted = query;
  if (page.max_id) restricted = restricted.where(ref, '<', page.max_id);
  if (page.since_id) restricted = restricted.where(ref, '>', page.since_id);
  if (page.min_id) restricted = restricted.where(ref, '>', page.min_id);
  return restricted.orderBy(ref, page.min_id ? 'asc' : 'desc').limit(page.limit);
}

/** Rows fetched with min_id come oldest first; pages are always served newest first. */
export function newestFirst<T>(rows: T[], page: PageQuery): T[] {
  return page.min_id ? [...rows].reverse() : rows;
}

/** Link bases kept (one per protocol, host and request target seen lately; most pages are the first of theirs). */
const LINK_BASES_KEPT = 1000;
const linkBases = new Map<string, string>();

/**
 * The links' URL up to their cursor: the request's path and parameters but its cursors, on this server's origin,
 * followed by `?` or `&`.
 */
function linkBase(request: FastifyRequest): string {
  const key = `${request.protocol}://${request.host} ${request.url}`;
  let base = linkBases.get(key);
  if (base === undefined) {
    const requested = new URL(request.url, 'http://placeholder');
    const url = new URL(requested.pathname, `${request.protocol}://${request.host}`);
    for (const [name, value] of requested.searchParams) {
      if (!['max_id', 'since_id', 'min_id'].includes(name)) url.searchParams.append(name, value);
    }
    base = `${url.toString()}${url.search ? '&' : '?'}`;
    linkBases.set(key, base);
    keepNewest(linkBases, LINK_BASES_KEPT);
  }
  return base;
}

/** `cursor=value` as URLSearchParams writes it (ids are digits, written as they are). */
const cursorParameter = (cursor: string, value: string): string =>
  /^\d+$/.test(value) ? `${cursor}=${value}` : new URLSearchParams({ [cursor]: value }).toString();

/** Mastodon's Link header: next (older, max_id) when the page is full, prev (newer, min_id) when non-empty. */
export function setLinkHeader(
  request: FastifyRequest,
  reply: FastifyReply,
  cursors: string[],
  page: PageQuery,
  /** whether an older page may follow; by default, when the page holds `limit` rows */
  full = cursors.length >= page.limit,
): void {
  const newest = cursors[0];
  const oldest = cursors[cursors.length - 1];
  if (!newest || !oldest) return;
  const base = linkBase(request);
  const prev = `<${base}${cursorParameter('min_id', newest)}>; rel="prev"`;
  reply.header('Link', full ? `<${base}${cursorParameter('max_id', oldest)}>; rel="next", ${prev}` : prev);
}

/** Offset paging (directory, search, trends). */
export function offsetQuerySchema(defaultLimit = 20, maxLimit = 40) {
  return z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: limitSchema(defaultLimit, maxLimit),
  });
}

/** Sets the Link header from rows paged by a joining row's id (`cursor`), and gives the rows without it. */
export function withoutCursors<Row extends { cursor: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: Row[],
  page: PageQuery,
): Omit<Row, 'cursor'>[] {
  setLinkHeader(
    request,
    reply,
    rows.map((row) => row.cursor),
    page,
  );
  return rows.map(({ cursor: _cursor, ...row }) => row);
}
