import type { Db } from '../db/index.js';
import type { FeedKind } from '../db/schema.js';
import type { FeedRef } from '../timelines/feeds.js';
import { runTemplate } from '../db/query-templates.js';
import type { ViewerRelations } from './visibility.js';

/** A feed's row (its floor) as read along with the relations; `row` undefined: the feed is not built yet. */
export interface FeedRowRead {
  row: { floor_id: string | null } | undefined;
}

/** SQLite answers 0 or 1, PostgreSQL a boolean; the feed's columns only when a feed is named */
interface RelationsRow {
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
): Promise<{ relations: ViewerRelations; feed: FeedRowRead | null }> {
  const values: Record<string, string> = feed
    ? { viewer: viewerId, kind: feed.kind, owner: feed.ownerId }
    : { viewer: viewerId };
  const [row] = await runTemplate(db, `viewer relations${feed ? ', feed row' : ''}`, values, (marker) =>
    db
      .selectNoFrom((eb) => {
        const feedRow = () =>
          eb
            .selectFrom('feeds')
            .where('kind', '=', marker.kind as FeedKind)
            .where('owner_id', '=', marker.owner!);
        return [
          eb
            .exists(eb.selectFrom('blocks').select('id').where('account_id', '=', marker.viewer!))
            .as('blocks'),
          eb
            .exists(eb.selectFrom('blocks').select('id').where('target_account_id', '=', marker.viewer!))
            .as('blocked_by'),
          eb.exists(eb.selectFrom('mutes').select('id').where('account_id', '=', marker.viewer!)).as('mutes'),
          eb
            .exists(eb.selectFrom('domain_blocks').select('id').where('account_id', '=', marker.viewer!))
            .as('domain_blocks'),
          eb
            .exists(
              eb
                .selectFrom('lists')
                .select('id')
                .where('account_id', '=', marker.viewer!)
                .where('exclusive', '=', 1),
            )
            .as('exclusive_lists'),
          ...(feed
            ? [
                eb.exists(feedRow().select('owner_id')).as('feed_built'),
                feedRow().select('floor_id').as('feed_floor'),
              ]
            : []),
        ];
      })
      .$castTo<RelationsRow>(),
  );
  const relations = {
    blocks: Boolean(row?.blocks ?? true),
    blockedBy: Boolean(row?.blocked_by ?? true),
    mutes: Boolean(row?.mutes ?? true),
    domainBlocks: Boolean(row?.domain_blocks ?? true),
    exclusiveLists: Boolean(row?.exclusive_lists ?? true),
  };
  if (!feed || !row) return { relations, feed: null };
  return { relations, feed: { row: row.feed_built ? { floor_id: row.feed_floor ?? null } : undefined } };
}

/** The relations a statement's rules depend on, for a query template's shape. */
export const relationsShape = (relations: ViewerRelations): string =>
  `relations: ${Object.entries(relations)
    .filter(([, present]) => present)
    .map(([relation]) => relation)
    .join(' ')}`;
