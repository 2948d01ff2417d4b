import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db, DbOrTx } from '../db/index.js';
import type { Database, FeedKind, StatusesTable } from '../db/schema.js';
import { runTemplate, keptRowsAt } from '../hot-path/index.js';
import type { FeedRowRead } from '../statuses/viewer-relations.js';
import { nowIso } from '../lib/time.js';
import { authorNotLimited } from '../moderation/limited.js';
import { joinedMarks, markColumns, pageMarksOf, type PageMarks } from '../statuses/viewer-marks.js';
import { newestFirst, paginateQuery, type PageQuery } from './pagination.js';
import { followerIdsOf } from '../relationships/conditions.js';

/**
 * Home and list timelines materialized at write time, as Mastodon's per-user feeds. A feed holds candidate
 * statuses: every status its timeline may show above the feed's floor is in it (a few it does not show may be
 * too, e.g. a boost by someone whose boosts are hidden). Reads apply the timeline's own rules to the feed's
 * entries, so blocks, mutes, the replies and boosts rules and exclusive lists still decide at read time, and
 * pages below the floor are read from statuses as before. A feed is built from statuses on its first read
 * and only existing feeds receive new statuses; trimming keeps about FEED_SIZE entries each.
 */
export const FEED_SIZE = 800;
/** Entries a feed may gather beyond FEED_SIZE before it is trimmed (so that not every post trims). */
const TRIM_SLACK = 100;
/** Above every id (ids are 18 digits): the floor of a feed being built, read entirely from statuses meanwhile. */
const UNBUILT = '999999999999999999';
const INSERT_CHUNK = 300;
/** How many of a feed's newest entries a boost of one of them (or of what they boost) stays out of, as Mastodon. */
export const REBLOG_FALLOFF = 40;

export interface FeedRef {
  kind: FeedKind;
  ownerId: string;
}

type StatusQuery = SelectQueryBuilder<Database, 'statuses', StatusesTable>;
/**
 * What a feed is built from: every status the timeline could show whatever the owner's settings that may
 * change later (mutes, blocks, hidden boosts, exclusive lists, whom replies are shown to), which the read
 * applies instead.
 */
export type CandidateQuery = SelectQueryBuilder<Database, 'statuses', { id: string }>;

export interface FeedTimeline {
  /**
   * The statuses the timeline shows, by its rules, built from `values` (or from markers standing for them: a
   * feed page's statement is compiled once per `shape`, see hot-path/query-templates.ts).
   */
  shown: (values: Record<string, string>) => StatusQuery;
  values: Record<string, string>;
  /** what else than `values` the rules' SQL depends on (e.g. a list's replies policy) */
  shape: string;
  /** built only when the feed is (its first read), not on every page */
  candidates: () => CandidateQuery;
  /** the page's statement also reads the marks of `values.viewer` on each status (statuses/viewer-marks.ts) */
  viewerMarks?: boolean;
}

export const homeFeed = (accountId: string): FeedRef => ({ kind: 'home', ownerId: accountId });
export const listFeed = (listId: string): FeedRef => ({ kind: 'list', ownerId: listId });

function entriesOf(db: DbOrTx, feed: FeedRef) {
  return db
    .selectFrom('feed_entries')
    .select('feed_entries.status_id')
    .where('feed_entries.kind', '=', feed.kind)
    .where('feed_entries.owner_id', '=', feed.ownerId);
}

/**
 * A page's status rows, and the version of its authors' rows where the page read them along (a feed's entries):
 * the serializer keeps an author's row at that version instead of reading it (hot-path/kept-rows.ts).
 */
export interface TimelineRows {
  rows: StatusesTable[];
  authorVersions: ReadonlyMap<string, number>;
  /** the viewer's marks, where the page read them along (for the serializer: SerializeOptions.marks) */
  marks?: PageMarks;
}

async function page(query: StatusQuery, pageQuery: PageQuery): Promise<TimelineRows> {
  const rows = newestFirst(await paginateQuery(query, 'statuses.id', pageQuery).execute(), pageQuery);
  return { rows, authorVersions: new Map() };
}

const joined = (newer: TimelineRows, older: TimelineRows): TimelineRows => ({
  rows: [...newer.rows, ...older.rows],
  authorVersions: new Map([...older.authorVersions, ...newer.authorVersions]),
  marks: joinedMarks(newer.marks, older.marks),
});

/**
 * A page of the feed's entries that the timeline shows: driven by the feed's own index, newest entry first, each
 * entry's status checked by the timeline's rules until the page is full (a page costs what it holds, whatever the
 * feed's size; an `in (entries)` list would be built whole, all FEED_SIZE entries, on every read).
 */
async function feedEntriesPage(
  db: Db,
  feed: FeedRef,
  timeline: FeedTimeline,
  floor: string | null,
  pageQuery: PageQuery,
): Promise<TimelineRows> {
  const cursors = (['max_id', 'since_id', 'min_id'] as const).filter((cursor) => pageQuery[cursor]);
  // the limit is part of the statement's text (hot-path/literal-limits.ts), so part of the shape
  const withMarks = timeline.viewerMarks === true;
  const shape = `feed page: ${feed.kind}, ${timeline.shape}, floor ${floor !== null}, ${cursors.join(' ')}, limit ${pageQuery.limit}, marks ${withMarks}`;
  const values = {
    ...timeline.values,
    owner: feed.ownerId,
    floor: floor ?? '',
    ...Object.fromEntries(cursors.map((cursor) => [cursor, pageQuery[cursor] ?? ''])),
  };
  // ids and versions only (the status's and its author's): the rows themselves mostly come from those kept
  const rows = await runTemplate(db, shape, values, (marker) => {
    const entries = timeline
      .shown(marker)
      .clearSelect()
      .select((eb) => [
        'statuses.id',
        'statuses.version',
        'statuses.account_id',
        eb
          .selectFrom('accounts')
          .select('accounts.version')
          .whereRef('accounts.id', '=', 'statuses.account_id')
          .as('author_version'),
        ...(withMarks ? markColumns(marker.viewer!) : []),
      ])
      .innerJoin('feed_entries', 'feed_entries.status_id', 'statuses.id')
      .where('feed_entries.kind', '=', feed.kind)
      .where('feed_entries.owner_id', '=', marker.owner!)
      .$if(floor !== null, (query) => query.where('feed_entries.status_id', '>', marker.floor!));
    const markedPage: PageQuery = { limit: pageQuery.limit };
    for (const cursor of cursors) markedPage[cursor] = marker[cursor];
    return paginateQuery(entries, 'feed_entries.status_id', markedPage);
  });
  const read = newestFirst(rows, pageQuery);
  return {
    rows: await keptRowsAt(db, 'statuses', read),
    ...(withMarks ? { marks: pageMarksOf(read) } : {}),
    authorVersions: new Map(
      read.flatMap((row) =>
        row.author_version === null ? [] : [[row.account_id, Number(row.author_version)]],
      ),
    ),
  };
}

/**
 * One page of a timeline (`timeline`: every status it shows, newest first), from its feed above the floor
 * and from statuses below it.
 */
export async function feedPage(
  db: Db,
  feed: FeedRef,
  timeline: FeedTimeline,
  query: PageQuery,
  /** the feed's row, when the caller read it already (loadViewerRelations) */
  known: FeedRowRead | null = null,
): Promise<TimelineRows> {
  const floor = await feedFloor(db, feed, timeline.candidates, known);
  if (floor === null) return feedEntriesPage(db, feed, timeline, null, query);
  const above = (pageQuery: PageQuery) => feedEntriesPage(db, feed, timeline, floor, pageQuery);
  // built only for pages that reach below the floor: most reads are served by the feed alone
  const below = (pageQuery: PageQuery) =>
    page(timeline.shown(timeline.values).where('statuses.id', '<=', floor), pageQuery);
  const none: TimelineRows = { rows: [], authorVersions: new Map() };
  if (query.min_id) {
    // the page just above min_id: its oldest rows may lie below the floor
    const older = query.min_id < floor ? await below(query) : none;
    if (older.rows.length >= query.limit) return older;
    return joined(await above({ ...query, limit: query.limit - older.rows.length }), older);
  }
  const newer = query.max_id && query.max_id <= floor ? none : await above(query);
  if (newer.rows.length >= query.limit || (query.since_id && query.since_id >= floor)) return newer;
  return joined(newer, await below({ ...query, limit: query.limit - newer.rows.length }));
}

/** The feed's row (its floor), if the feed has been built. */
async function feedRow(db: DbOrTx, feed: FeedRef): Promise<{ floor_id: string | null } | undefined> {
  const [row] = await runTemplate(db, 'feed row', { kind: feed.kind, owner: feed.ownerId }, (marker) =>
    db
      .selectFrom('feeds')
      .select('floor_id')
      .where('kind', '=', marker.kind as FeedKind)
      .where('owner_id', '=', marker.owner!),
  );
  return row;
}

/** The feed's floor (null: the feed holds its whole timeline), building the feed when it does not exist. */
async function feedFloor(
  db: Db,
  feed: FeedRef,
  candidates: () => CandidateQuery,
  known: FeedRowRead | null,
): Promise<string | null> {
  const row = known ? known.row : await feedRow(db, feed);
  if (row) return row.floor_id;
  return buildFeed(db, feed, candidates());
}

/**
 * Registers the feed first (so that statuses posted meanwhile are fanned out into it), then fills it with the
 * newest FEED_SIZE candidates and lowers its floor to the oldest of them.
 */
async function buildFeed(db: Db, feed: FeedRef, candidates: CandidateQuery): Promise<string | null> {
  const registered = await db
    .insertInto('feeds')
    .values({ kind: feed.kind, owner_id: feed.ownerId, floor_id: UNBUILT, entries: 0, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['kind', 'owner_id']).doNothing())
    .executeTakeFirst();
  // someone else is building it: this read comes from statuses
  if (Number(registered.numInsertedOrUpdatedRows ?? 0n) === 0) return UNBUILT;
  const rows = await candidates.orderBy('statuses.id', 'desc').limit(FEED_SIZE).execute();
  const ids = rows.map((row) => row.id);
  await insertEntries(db, feed, ids);
  const floor = ids.length >= FEED_SIZE ? (ids[ids.length - 1] ?? null) : null;
  await db
    .updateTable('feeds')
    .set((eb) => ({ floor_id: floor, entries: eb('entries', '+', ids.length) }))
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .where('floor_id', '=', UNBUILT)
    .execute();
  return floor;
}

async function insertEntries(db: DbOrTx, feed: FeedRef, statusIds: readonly string[]): Promise<void> {
  for (let start = 0; start < statusIds.length; start += INSERT_CHUNK) {
    await db
      .insertInto('feed_entries')
      .values(
        statusIds
          .slice(start, start + INSERT_CHUNK)
          .map((id) => ({ kind: feed.kind, owner_id: feed.ownerId, status_id: id })),
      )
      .onConflict((oc) => oc.columns(['kind', 'owner_id', 'status_id']).doNothing())
      .execute();
  }
}

/**
 * The feeds a new status goes into: its author's home, their followers' homes (boosts and replies too: the
 * home rules decide at read time), the homes following one of its hashtags when it is public and original,
 * and the lists its author is in.
 */
function feedsReceiving(eb: ExpressionBuilder<Database, 'feeds'>, status: StatusesTable) {
  const homes = [
    eb('feeds.owner_id', '=', status.account_id),
    eb('feeds.owner_id', 'in', followerIdsOf(status.account_id)),
  ];
  if (status.visibility === 'public' && !status.reblog_of_id) {
    homes.push(
      eb(
        'feeds.owner_id',
        'in',
        eb
          .selectFrom('status_tags')
          .innerJoin('followed_tags', 'followed_tags.tag_id', 'status_tags.tag_id')
          .select('followed_tags.account_id')
          .where('status_tags.status_id', '=', status.id),
      ),
    );
    // a limited author's posts reach their followers only, not those of their hashtags
    homes[homes.length - 1] = eb.and([homes[homes.length - 1]!, authorNotLimited(status.account_id)]);
  }
  return eb.or([
    eb.and([eb('feeds.kind', '=', 'home'), eb.or(homes)]),
    eb.and([
      eb('feeds.kind', '=', 'list'),
      eb(
        'feeds.owner_id',
        'in',
        eb
          .selectFrom('list_accounts')
          .select('list_accounts.list_id')
          .where('list_accounts.account_id', '=', status.account_id),
      ),
    ]),
  ]);
}

/**
 * Mastodon's rule for boosts: a boost does not enter a feed whose REBLOG_FALLOFF newest entries hold the
 * boosted status or another boost of it (the reader saw it a moment ago).
 */
function boostedRecently(eb: ExpressionBuilder<Database, 'feeds'>, reblogOfId: string) {
  const recent = eb
    .selectFrom('feed_entries as recent')
    .select('recent.status_id')
    .whereRef('recent.kind', '=', 'feeds.kind')
    .whereRef('recent.owner_id', '=', 'feeds.owner_id')
    .orderBy('recent.status_id', 'desc')
    .limit(REBLOG_FALLOFF);
  return eb.exists(
    eb
      .selectFrom('statuses as seen')
      .select('seen.id')
      .where('seen.id', 'in', recent)
      .where((inner) =>
        inner.or([inner('seen.id', '=', reblogOfId), inner('seen.reblog_of_id', '=', reblogOfId)]),
      ),
  );
}

/**
 * Fan-out on write: a new (or edited) status into every existing feed that may show it, but a boost into none
 * that showed its status a moment ago (boostedRecently).
 */
export async function fanOutToFeeds(db: Db, status: StatusesTable): Promise<void> {
  if (status.visibility === 'direct') return;
  const { reblog_of_id: reblogOfId } = status;
  await db
    .insertInto('feed_entries')
    .columns(['kind', 'owner_id', 'status_id'])
    .expression(
      db
        .selectFrom('feeds')
        .select(['feeds.kind', 'feeds.owner_id', sql<string>`cast(${status.id} as text)`.as('status_id')])
        .where((eb) => feedsReceiving(eb, status))
        .$if(reblogOfId !== null, (query) =>
          query.where((eb) => eb.not(boostedRecently(eb, reblogOfId ?? ''))),
        ),
    )
    .onConflict((oc) => oc.columns(['kind', 'owner_id', 'status_id']).doNothing())
    .execute();
  const full = await db
    .updateTable('feeds')
    .set((eb) => ({ entries: eb('entries', '+', 1) }))
    .where((eb) => feedsReceiving(eb, status))
    .returning(['kind', 'owner_id', 'entries'])
    .execute();
  for (const row of full) {
    if (row.entries > FEED_SIZE + TRIM_SLACK) await trimFeed(db, { kind: row.kind, ownerId: row.owner_id });
  }
}

/**
 * Once a status was fanned out: the feeds that may show it but do not hold it, i.e. those a boost stayed out
 * of (boostedRecently). Their streams must not show it either.
 */
export async function feedsLeftOut(db: Db, status: StatusesTable): Promise<FeedRef[]> {
  if (status.visibility === 'direct') return [];
  const rows = await db
    .selectFrom('feeds')
    .select(['feeds.kind', 'feeds.owner_id'])
    .where((eb) =>
      eb.and([
        feedsReceiving(eb, status),
        eb.not(
          eb.exists(
            eb
              .selectFrom('feed_entries as held')
              .select('held.status_id')
              .whereRef('held.kind', '=', 'feeds.kind')
              .whereRef('held.owner_id', '=', 'feeds.owner_id')
              .where('held.status_id', '=', status.id),
          ),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => ({ kind: row.kind, ownerId: row.owner_id }));
}

/**
 * Keeps the newest FEED_SIZE entries; the floor rises to the newest entry let go. The floor rises before the
 * entries go, so that the feed never claims statuses it no longer holds.
 */
async function trimFeed(db: DbOrTx, feed: FeedRef): Promise<void> {
  const cut = await entriesOf(db, feed)
    .orderBy('feed_entries.status_id', 'desc')
    .offset(FEED_SIZE)
    .limit(1)
    .executeTakeFirst();
  if (!cut) return;
  await db
    .updateTable('feeds')
    .set({ floor_id: cut.status_id, entries: FEED_SIZE })
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .execute();
  await db
    .deleteFrom('feed_entries')
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .where('status_id', '<=', cut.status_id)
    .execute();
}

/**
 * After a follow (home) or a list addition: the author's recent statuses join the feed, above its floor,
 * as Mastodon merges a followed account's posts into the home feed.
 */
export async function mergeAuthorIntoFeed(db: DbOrTx, feed: FeedRef, authorId: string): Promise<void> {
  const row = await feedRow(db, feed);
  if (!row) return;
  let recent = db
    .selectFrom('statuses')
    .select('id')
    .where('account_id', '=', authorId)
    .where('visibility', '!=', 'direct')
    .where('deleted_at', 'is', null);
  if (row.floor_id && row.floor_id !== UNBUILT) recent = recent.where('id', '>', row.floor_id);
  const ids = (await recent.orderBy('id', 'desc').limit(FEED_SIZE).execute()).map((status) => status.id);
  if (ids.length === 0) return;
  await insertEntries(db, feed, ids);
  const updated = await db
    .updateTable('feeds')
    .set((eb) => ({ entries: eb('entries', '+', ids.length) }))
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .returning('entries')
    .executeTakeFirst();
  if (updated && updated.entries > FEED_SIZE + TRIM_SLACK) await trimFeed(db, feed);
}

/**
 * After an unfollow (home) or a list removal: the author's statuses leave the feed, except, in a home, public
 * originals tagged with a hashtag the owner follows (those stay in home without the follow).
 */
export async function removeAuthorFromFeed(db: DbOrTx, feed: FeedRef, authorId: string): Promise<void> {
  await db
    .deleteFrom('feed_entries')
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .where('status_id', 'in', (eb) => {
      let authored = eb
        .selectFrom('statuses')
        .select('statuses.id')
        .where('statuses.account_id', '=', authorId);
      if (feed.kind === 'home') {
        authored = authored.where((inner) =>
          inner.not(
            inner.and([
              inner('statuses.visibility', '=', 'public'),
              inner('statuses.reblog_of_id', 'is', null),
              inner.exists(
                inner
                  .selectFrom('status_tags')
                  .innerJoin('followed_tags', 'followed_tags.tag_id', 'status_tags.tag_id')
                  .select('status_tags.status_id')
                  .whereRef('status_tags.status_id', '=', 'statuses.id')
                  .where('followed_tags.account_id', '=', feed.ownerId),
              ),
            ]),
          ),
        );
      }
      return authored;
    })
    .execute();
}

/** Forgets a feed; it is built again from statuses on its next read (e.g. after a hashtag is followed). */
export async function dropFeed(db: DbOrTx, feed: FeedRef): Promise<void> {
  await db
    .deleteFrom('feed_entries')
    .where('kind', '=', feed.kind)
    .where('owner_id', '=', feed.ownerId)
    .execute();
  await db.deleteFrom('feeds').where('kind', '=', feed.kind).where('owner_id', '=', feed.ownerId).execute();
}

/** A deleted status (and its boosts) leaves every feed. */
export async function removeStatusesFromFeeds(db: DbOrTx, statusIds: readonly string[]): Promise<void> {
  if (statusIds.length === 0) return;
  await db
    .deleteFrom('feed_entries')
    .where('status_id', 'in', [...statusIds])
    .execute();
}
