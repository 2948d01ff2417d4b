import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { AccountRow } from '../auth/viewer.js';
import type { Db } from '../db/index.js';
import type { Database, ListsTable, StatusesTable } from '../db/schema.js';
import {
  loadViewerRelations,
  relationsShape,
  type ViewerRelationsRead,
} from '../statuses/viewer-relations.js';
import {
  boostedReadableBy,
  inPublicViews,
  notSilencedBy,
  visibleTo,
  type ViewerRelations,
} from '../statuses/visibility.js';
import { authorNotLimited } from '../moderation/limited.js';
import { runTemplate } from '../hot-path/index.js';
import { splitMarks, withMarks } from '../statuses/viewer-marks.js';
import { feedPage, homeFeed, listFeed, type CandidateQuery, type TimelineRows } from './feeds.js';
import { newestFirst, pageQuerySchema, paginateQuery, type PageQuery } from './pagination.js';
import { queryFlag } from './query-flag.js';
import { followedIdsOf, followOfColumn } from '../relationships/conditions.js';

type StatusQuery = SelectQueryBuilder<Database, 'statuses', StatusesTable>;
type StatusScope = ExpressionBuilder<Database, 'statuses'>;
/** A page of statuses, with the viewer's marks on them when it read them along. */
type PageRows = Pick<TimelineRows, 'rows' | 'marks'>;

export const timelineQuerySchema = pageQuerySchema(20, 40).extend({
  local: queryFlag,
  remote: queryFlag,
  only_media: queryFlag,
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const accountStatusesQuerySchema = pageQuerySchema(20, 40).extend({
  pinned: queryFlag,
  exclude_replies: queryFlag,
  exclude_reblogs: queryFlag,
  only_media: queryFlag,
  tagged: z.string().max(100).optional(),
});
export type AccountStatusesQuery = z.infer<typeof accountStatusesQuerySchema>;

/**
 * Statuses (and boosted originals) the viewer may read, by authors the viewer neither blocks nor mutes; with
 * `relations`, only the rules the viewer's relations can trigger.
 */
function readableStatuses(db: Db, viewerId: string | null, relations?: ViewerRelations): StatusQuery {
  return db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where(visibleTo(viewerId, 'statuses', relations))
    .where(notSilencedBy(viewerId, 'statuses', relations))
    .where(boostedReadableBy(viewerId, { silenced: false, relations }));
}

async function page(query: StatusQuery, pageQuery: PageQuery): Promise<StatusesTable[]> {
  return newestFirst(await paginateQuery(query, 'statuses.id', pageQuery).execute(), pageQuery);
}

/** A public view: which statuses it shows (`viewerId` null: signed out), built from `values` or their markers. */
interface PublicView {
  /** what else than the values the SQL depends on (which filters apply) */
  shape: string;
  values: Record<string, string>;
  shown: (values: Record<string, string>, viewerId: string | null) => StatusQuery;
}

/**
 * A page of `view` read with the viewer's marks on its statuses (none signed out), as the feeds' pages are: its
 * statement compiled once per shape (hot-path/query-templates.ts), not built for every read.
 */
async function markedPage(
  db: Db,
  view: PublicView,
  pageQuery: PageQuery,
  viewerId: string | null,
): Promise<PageRows> {
  const cursors = (['max_id', 'since_id', 'min_id'] as const).filter((cursor) => pageQuery[cursor]);
  // the limit is part of the statement's text (hot-path/literal-limits.ts), so part of the shape
  const shape = `${view.shape}, ${cursors.join(' ')}, limit ${pageQuery.limit}, signed in ${viewerId !== null}`;
  const values = {
    ...view.values,
    ...(viewerId === null ? {} : { viewer: viewerId }),
    ...Object.fromEntries(cursors.map((cursor) => [cursor, pageQuery[cursor] ?? ''])),
  };
  const paged = (marker: Record<string, string>) => {
    const markedQuery: PageQuery = { limit: pageQuery.limit };
    for (const cursor of cursors) markedQuery[cursor] = marker[cursor];
    return paginateQuery(
      view.shown(marker, viewerId === null ? null : marker.viewer!),
      'statuses.id',
      markedQuery,
    );
  };
  if (viewerId === null) return { rows: newestFirst(await runTemplate(db, shape, values, paged), pageQuery) };
  const order = pageQuery.min_id ? 'asc' : 'desc';
  const read = await runTemplate(db, shape, values, (marker) =>
    withMarks(db, paged(marker), order, marker.viewer!),
  );
  const { rows, marks } = splitMarks(read);
  return { rows: newestFirst(rows, pageQuery), marks };
}

type AccountColumn = 'statuses.account_id' | 'statuses.in_reply_to_account_id';

/** Not a reply, or a reply to oneself, to the viewer or, with `followed`, to an account the viewer follows. */
function repliesWithin(eb: StatusScope, viewerId: string, followed: boolean) {
  return eb.or([
    eb('statuses.in_reply_to_account_id', 'is', null),
    eb('statuses.in_reply_to_account_id', '=', eb.ref('statuses.account_id')),
    eb('statuses.in_reply_to_account_id', '=', viewerId),
    ...(followed ? [eb.exists(followOfColumn(viewerId, 'statuses.in_reply_to_account_id'))] : []),
  ]);
}

function withMedia(eb: StatusScope) {
  return eb.exists(
    eb
      .selectFrom('status_media')
      .select('status_media.status_id')
      .whereRef('status_media.status_id', '=', 'statuses.id'),
  );
}

/** Which of applyPlaceFilters' conditions apply (they change the statement's text). */
const placeShape = (filters: TimelineQuery) =>
  `local ${filters.local === true}, remote ${filters.remote === true}, media ${filters.only_media === true}`;

function applyPlaceFilters(query: StatusQuery, filters: TimelineQuery): StatusQuery {
  let filtered = query;
  if (filters.local) filtered = filtered.where('statuses.local', '=', 1);
  else if (filters.remote) filtered = filtered.where('statuses.local', '=', 0);
  if (filters.only_media) filtered = filtered.where(withMedia);
  return filtered;
}

/**
 * Home: the viewer's own statuses, those of followed accounts (their boosts unless hidden, replies only
 * within the followed circle) and public posts in followed hashtags; members of exclusive lists stay out.
 */
export async function homeTimeline(
  db: Db,
  viewer: AccountRow,
  query: PageQuery,
  /** the viewer's relations and home feed row when the request read them already (auth/bearer-tokens.ts) */
  known?: ViewerRelationsRead,
): Promise<TimelineRows> {
  const feed = homeFeed(viewer.id);
  const { relations, feed: feedRow } = known ?? (await loadViewerRelations(db, viewer.id, feed));
  return feedPage(
    db,
    feed,
    {
      shown: (values) => homeStatuses(db, values.viewer!, relations),
      values: { viewer: viewer.id },
      shape: `home, ${relationsShape(relations)}`,
      candidates: () => homeCandidates(db, viewer.id),
      viewerMarks: true,
    },
    query,
    feedRow,
  );
}

/** What home may ever show: the viewer's and followed accounts' statuses, public posts in followed hashtags. */
function homeCandidates(db: Db, viewerId: string): CandidateQuery {
  return db
    .selectFrom('statuses')
    .select('statuses.id')
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.visibility', '!=', 'direct')
    .where((eb) =>
      eb.or([
        eb('statuses.account_id', '=', viewerId),
        eb('statuses.account_id', 'in', followedIdsOf(viewerId)),
        eb.and([
          eb('statuses.visibility', '=', 'public'),
          eb('statuses.reblog_of_id', 'is', null),
          eb.exists(followedTagOf(eb, viewerId)),
          authorNotLimited(sql.ref('statuses.account_id')),
        ]),
      ]),
    );
}

/** The viewer's followed hashtags among the status's. */
const followedTagOf = (eb: StatusScope, viewerId: string) =>
  eb
    .selectFrom('status_tags')
    .innerJoin('followed_tags', 'followed_tags.tag_id', 'status_tags.tag_id')
    .select('status_tags.status_id')
    .whereRef('status_tags.status_id', '=', 'statuses.id')
    .where('followed_tags.account_id', '=', viewerId);

function homeStatuses(db: Db, viewerId: string, relations: ViewerRelations): StatusQuery {
  const exclusiveListMember = (eb: StatusScope) =>
    eb.exists(
      eb
        .selectFrom('list_accounts')
        .innerJoin('lists', 'lists.id', 'list_accounts.list_id')
        .select('list_accounts.account_id')
        .whereRef('list_accounts.account_id', '=', 'statuses.account_id')
        .where('lists.account_id', '=', viewerId)
        .where('lists.exclusive', '=', 1),
    );
  return readableStatuses(db, viewerId, relations)
    .where('statuses.visibility', '!=', 'direct')
    .where((eb) =>
      eb.or([
        eb('statuses.account_id', '=', viewerId),
        eb.and([
          eb.exists(followOfColumn(viewerId, 'statuses.account_id')),
          repliesWithin(eb, viewerId, true),
          eb.or([
            eb('statuses.reblog_of_id', 'is', null),
            eb.not(
              eb.exists(
                followOfColumn(viewerId, 'statuses.account_id').where('follows.show_reblogs', '=', 0),
              ),
            ),
          ]),
          ...(relations.exclusiveLists ? [eb.not(exclusiveListMember(eb))] : []),
        ]),
        eb.and([
          eb('statuses.visibility', '=', 'public'),
          eb('statuses.reblog_of_id', 'is', null),
          eb.exists(followedTagOf(eb, viewerId)),
          authorNotLimited(sql.ref('statuses.account_id')),
        ]),
      ]),
    );
}

/** Public, community (local) or remote: public top-level posts and self-replies, no boosts. */
export async function publicTimeline(
  db: Db,
  viewer: AccountRow | null,
  query: TimelineQuery,
): Promise<PageRows> {
  const shown = (viewerId: string | null) =>
    readableStatuses(db, viewerId)
      .where('statuses.visibility', '=', 'public')
      .where('statuses.reblog_of_id', 'is', null)
      .where(inPublicViews(viewerId))
      .where((eb) =>
        eb.or([
          eb('statuses.in_reply_to_account_id', 'is', null),
          eb('statuses.in_reply_to_account_id', '=', eb.ref('statuses.account_id')),
        ]),
      );
  return markedPage(
    db,
    {
      shape: `public: ${placeShape(query)}`,
      values: {},
      shown: (_values, viewerId) => applyPlaceFilters(shown(viewerId), query),
    },
    query,
    viewer?.id ?? null,
  );
}

export async function tagTimeline(
  db: Db,
  viewer: AccountRow | null,
  tag: string,
  query: TimelineQuery,
): Promise<PageRows> {
  // Driven by the tag's own statuses (status_tags_tag), not by every original status: only composed statuses
  // have tags (a boost has none), so no `reblog_of_id is null` here for the planner to scan an index by.
  const shown = (values: Record<string, string>, viewerId: string | null) =>
    readableStatuses(db, viewerId)
      .where('statuses.visibility', '=', 'public')
      .where(inPublicViews(viewerId))
      .where('statuses.id', 'in', (eb) =>
        eb
          .selectFrom('status_tags')
          .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
          .select('status_tags.status_id')
          .where('tags.name_lower', '=', values.tag!),
      );
  return markedPage(
    db,
    {
      shape: `tag: ${placeShape(query)}`,
      values: { tag: tag.toLowerCase() },
      shown: (values, viewerId) => applyPlaceFilters(shown(values, viewerId), query),
    },
    query,
    viewer?.id ?? null,
  );
}

/** A list's members' posts the owner may read; replies follow the list's replies policy. */
export async function listTimeline(
  db: Db,
  viewer: AccountRow,
  list: ListsTable,
  query: PageQuery,
): Promise<TimelineRows> {
  const feed = listFeed(list.id);
  const { relations, feed: feedRow } = await loadViewerRelations(db, viewer.id, feed);
  return feedPage(
    db,
    feed,
    {
      shown: (values) => listStatuses(db, values.viewer!, { ...list, id: values.list! }, relations),
      values: { viewer: viewer.id, list: list.id },
      shape: `list, replies ${list.replies_policy}, ${relationsShape(relations)}`,
      candidates: () => listCandidates(db, list.id),
      viewerMarks: true,
    },
    query,
    feedRow,
  );
}

/** What a list may ever show: its members' statuses. */
function listCandidates(db: Db, listId: string): CandidateQuery {
  return db
    .selectFrom('statuses')
    .select('statuses.id')
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.visibility', '!=', 'direct')
    .where('statuses.account_id', 'in', (eb) =>
      eb
        .selectFrom('list_accounts')
        .select('list_accounts.account_id')
        .where('list_accounts.list_id', '=', listId),
    );
}

function listStatuses(db: Db, viewerId: string, list: ListsTable, relations: ViewerRelations): StatusQuery {
  // correlated, as `follows` above: the list's (list, account) index per row read, not a list of its members
  const member = (eb: StatusScope, column: AccountColumn) =>
    eb.exists(
      eb
        .selectFrom('list_accounts')
        .select('list_accounts.account_id')
        .where('list_accounts.list_id', '=', list.id)
        .whereRef('list_accounts.account_id', '=', column),
    );
  return readableStatuses(db, viewerId, relations)
    .where('statuses.visibility', '!=', 'direct')
    .where((eb) => member(eb, 'statuses.account_id'))
    .where((eb) => {
      if (list.replies_policy === 'followed') return repliesWithin(eb, viewerId, true);
      if (list.replies_policy === 'list') {
        return eb.or([repliesWithin(eb, viewerId, false), member(eb, 'statuses.in_reply_to_account_id')]);
      }
      return eb.or([
        eb('statuses.in_reply_to_account_id', 'is', null),
        eb('statuses.in_reply_to_account_id', '=', eb.ref('statuses.account_id')),
      ]);
    });
}

/** Public posts sharing a link. */
export async function linkTimeline(
  db: Db,
  viewer: AccountRow | null,
  url: string,
  query: PageQuery,
): Promise<PageRows> {
  const shown = (values: Record<string, string>, viewerId: string | null) =>
    readableStatuses(db, viewerId)
      .where('statuses.visibility', '=', 'public')
      .where('statuses.reblog_of_id', 'is', null)
      .where(inPublicViews(viewerId))
      .where('statuses.link_url', '=', values.url!);
  return markedPage(db, { shape: 'link', values: { url }, shown }, query, viewer?.id ?? null);
}

/** A profile's posts as the viewer may see them (nothing when the author blocks the viewer). */
export async function accountStatuses(
  db: Db,
  account: AccountRow,
  viewer: AccountRow | null,
  query: AccountStatusesQuery,
): Promise<StatusesTable[]> {
  let base = db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where('statuses.account_id', '=', account.id)
    .where(visibleTo(viewer?.id ?? null))
    .where(boostedReadableBy(viewer?.id ?? null, { silenced: false }));
  if (query.pinned) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('status_pins')
          .select('status_pins.status_id')
          .whereRef('status_pins.status_id', '=', 'statuses.id')
          .where('status_pins.account_id', '=', account.id),
      ),
    );
  }
  if (query.exclude_replies) {
    base = base.where((eb) =>
      eb.or([
        eb('statuses.in_reply_to_id', 'is', null),
        eb('statuses.in_reply_to_account_id', '=', eb.ref('statuses.account_id')),
      ]),
    );
  }
  if (query.exclude_reblogs) base = base.where('statuses.reblog_of_id', 'is', null);
  if (query.only_media) base = base.where(withMedia);
  if (query.tagged) {
    const tagged = query.tagged.replace(/^#/, '').toLowerCase();
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('status_tags')
          .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
          .select('status_tags.status_id')
          .whereRef('status_tags.status_id', '=', 'statuses.id')
          .where('tags.name_lower', '=', tagged),
      ),
    );
  }
  return page(base, query);
}
