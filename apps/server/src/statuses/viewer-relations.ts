import type { Expression, ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, FeedKind } from '../db/schema.js';
import type { FeedRef } from '../timelines/feeds.js';
import { runTemplate } from '../hot-path/index.js';
import type { ViewerRelations } from './visibility.js';
import { viewerHasRelations } from '../relationships/conditions.js';

/** A feed's row (its floor) as read along with the relations; `row` undefined: the feed is not built yet. */
export interface FeedRowRead {
  row: { floor_id: string | null } | undefined;
}

/** The viewer's relations, and a feed's row where one was named. */
export interface ViewerRelationsRead {
  relations: ViewerRelations;
  feed: FeedRowRead | null;
}

/** SQLite answers 0 or 1, PostgreSQL a boolean; the feed's columns only when a feed is named */
export interface RelationsRow {
  blocks: unknown;
  blocked_by: unknown;
  mutes: unknown;
  domain_blocks: unknown;
  exclusive_lists: unknown;
  feed_built?: unknown;
  feed_floor?: string | null;
}

/**
 * Which kinds of relation the viewer has at all, read in one statement for each page that uses them (never kept:
 * a block or a mute made a moment ago counts at the next read). Most people block, mute and hide nobody, and a
 * timeline's statement then leaves out the rules that could only exclude through such relations, which it would
 * otherwise check for every row it reads. With `feed`, the same statement reads that feed's row (one round trip
 * less for a feed page on PostgreSQL).
 */
export async function loadViewerRelations(
  db: Db,
  viewerId: string,
  feed?: FeedRef,
): Promise<ViewerRelationsRead> {
  const values: Record<string, string> = feed
    ? { viewer: viewerId, kind: feed.kind, owner: feed.ownerId }
    : { viewer: viewerId };
  const [row] = await runTemplate(db, `viewer relations${feed ? ', feed row' : ''}`, values, (marker) =>
    db
      .selectNoFrom((eb) =>
        relationColumns(
          eb,
          eb.val(marker.viewer!),
          feed ? { kind: eb.val(marker.kind as FeedKind), owner: eb.val(marker.owner!) } : undefined,
        ),
      )
      .$castTo<RelationsRow>(),
  );
  return relationsOf(row, feed !== undefined);
}

/**
 * The columns of the relations statement, for `viewer` (a bound value, or a column of a statement that reads
 * them along with something else: auth/bearer-tokens.ts) and, with `feed`, that feed's row.
 */
export function relationColumns<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: Expression<string>,
  feed?: { kind: Expression<FeedKind>; owner: Expression<string> },
) {
  // the subqueries name only their own tables: the caller's tables in scope do not matter to them
  const scope = eb as unknown as ExpressionBuilder<Database, never>;
  const feedRow = (feedRef: { kind: Expression<FeedKind>; owner: Expression<string> }) =>
    scope.selectFrom('feeds').where('kind', '=', feedRef.kind).where('owner_id', '=', feedRef.owner);
  const has = viewerHasRelations(viewer);
  return [
    has.blocks.as('blocks'),
    has.blockedBy.as('blocked_by'),
    has.mutes.as('mutes'),
    has.domainBlocks.as('domain_blocks'),
    scope
      .exists(
        scope.selectFrom('lists').select('id').where('account_id', '=', viewer).where('exclusive', '=', 1),
      )
      .as('exclusive_lists'),
    ...(feed
      ? [
          scope.exists(feedRow(feed).select('owner_id')).as('feed_built'),
          feedRow(feed).select('floor_id').as('feed_floor'),
        ]
      : []),
  ];
}

/** The relations (and the feed's row, `withFeed`) from the columns of relationColumns(); no row: assume all. */
export function relationsOf(row: Partial<RelationsRow> | undefined, withFeed: boolean): ViewerRelationsRead {
  const relations = {
    blocks: Boolean(row?.blocks ?? true),
    blockedBy: Boolean(row?.blocked_by ?? true),
    mutes: Boolean(row?.mutes ?? true),
    domainBlocks: Boolean(row?.domain_blocks ?? true),
    exclusiveLists: Boolean(row?.exclusive_lists ?? true),
  };
  if (!withFeed || !row) return { relations, feed: null };
  return { relations, feed: { row: row.feed_built ? { floor_id: row.feed_floor ?? null } : undefined } };
}

/** The relations a statement's rules depend on, for a query template's shape. */
export const relationsShape = (relations: ViewerRelations): string =>
  `relations: ${Object.entries(relations)
    .filter(([, present]) => present)
    .map(([relation]) => relation)
    .join(' ')}`;
