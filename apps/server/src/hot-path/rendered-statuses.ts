import type { Status } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import type { StatusParts } from '../statuses/status-parts.js';
import { keepNewest, perObject } from '../lib/per-object.js';

/** A status's fields before `reblog`, the same for every viewer. */
export type StatusHead = Pick<
  Status,
  | 'id'
  | 'created_at'
  | 'in_reply_to_id'
  | 'in_reply_to_account_id'
  | 'sensitive'
  | 'spoiler_text'
  | 'visibility'
  | 'language'
  | 'uri'
  | 'url'
  | 'replies_count'
  | 'reblogs_count'
  | 'favourites_count'
  | 'quotes_count'
  | 'edited_at'
  | 'content'
>;

/** A status's fields between `reblog` and the per-page ones (card, poll, quote…), the same for every viewer. */
export type StatusTail = Pick<
  Status,
  'application' | 'account' | 'media_attachments' | 'mentions' | 'tags' | 'emojis'
>;

/**
 * The viewer-independent rendering of a status, as objects (to build the entity) and as UTF-8 JSON members
 * without braces (to assemble a response without stringifying or encoding them again).
 */
export interface StatusSkeleton {
  head: StatusHead;
  tail: StatusTail;
  headJson: Buffer;
  tailJson: Buffer;
}

/** What a skeleton was rendered from: it is reused only while every one of them is the same. */
interface Rendered {
  row: StatusesTable;
  rowColumns: number;
  author: AuthorVersion;
  parts: StatusParts;
  /** a boost's wrapper (no content, url or media of its own) */
  wrapper: boolean;
  skeleton: StatusSkeleton;
}

/** The same object for as long as an account's row stays the same, every column. */
export type AuthorVersion = object;

interface KeptAuthor {
  row: AccountRow;
  columns: number;
  version: AuthorVersion;
}

/** Statuses whose rendering is kept per process, and authors whose row is remembered for it. */
export const RENDERED_STATUSES_KEPT = 10_000;

/**
 * Kept per app (each server process has its own). An entry is checked against what each page reads anyway, so
 * nothing needs to announce a change, in this process or another:
 * - the status's row, every column (edits, counters, sensitive marks, a remote update's content);
 * - its author's row, every column (profile changes, counters, roles, suspension, avatar and header copies);
 * - its parts (mentions, hashtags, media), by identity: status-parts.ts decides when those are read again (an
 *   edit, its TTL, remote media not copied yet).
 * Whatever depends on the viewer or changes without touching those (poll votes, cards, quotes, quote approval,
 * the viewer's marks and filters) is never kept here.
 */
const cacheOf = perObject<AppContext, { statuses: Map<string, Rendered>; authors: Map<string, KeptAuthor> }>(
  () => ({ statuses: new Map(), authors: new Map() }),
);

/** Whether `row` has `columns` columns, each equal to the same column of `kept`. */
function sameColumns(kept: object, columns: number, row: object): boolean {
  let count = 0;
  for (const key in row) {
    if ((row as Record<string, unknown>)[key] !== (kept as Record<string, unknown>)[key]) return false;
    count += 1;
  }
  return count === columns;
}

const columnCount = (row: object): number => Object.keys(row).length;

/** JSON of an object's members without its braces, to be spliced into a larger object. */
const members = (value: object): Buffer => Buffer.from(JSON.stringify(value).slice(1, -1));

/**
 * The version of an author's row: compared once per page however many of its statuses the page holds, and a
 * new version as soon as any column differs from the row seen last.
 */
export function authorVersion(ctx: AppContext, row: AccountRow): AuthorVersion {
  const { authors } = cacheOf(ctx);
  const kept = authors.get(row.id);
  // a row kept at its version (hot-path/kept-rows.ts) is the very object seen last
  if (kept && (kept.row === row || sameColumns(kept.row, kept.columns, row))) return kept.version;
  const version = {};
  authors.delete(row.id);
  authors.set(row.id, { row, columns: columnCount(row), version });
  keepNewest(authors, RENDERED_STATUSES_KEPT);
  return version;
}

/**
 * The skeleton of `row` by the author at `author` (authorVersion()) with `parts`, kept since it was last
 * rendered from the same inputs, or made by `render` and kept.
 */
export function statusSkeleton(
  ctx: AppContext,
  row: StatusesTable,
  author: AuthorVersion,
  parts: StatusParts,
  wrapper: boolean,
  render: () => { head: StatusHead; tail: StatusTail },
): StatusSkeleton {
  const { statuses } = cacheOf(ctx);
  const kept = statuses.get(row.id);
  if (
    kept &&
    kept.author === author &&
    kept.parts === parts &&
    kept.wrapper === wrapper &&
    // a row kept at its version (hot-path/kept-rows.ts) is the very object rendered from
    (kept.row === row || sameColumns(kept.row, kept.rowColumns, row))
  ) {
    return kept.skeleton;
  }
  const { head, tail } = render();
  const skeleton: StatusSkeleton = { head, tail, headJson: members(head), tailJson: members(tail) };
  statuses.delete(row.id);
  statuses.set(row.id, { row, rowColumns: columnCount(row), author, parts, wrapper, skeleton });
  keepNewest(statuses, RENDERED_STATUSES_KEPT);
  return skeleton;
}
