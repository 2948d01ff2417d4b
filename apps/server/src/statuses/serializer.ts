import type { Account, FilterContext, Poll, PreviewCard, Quote, ShallowQuote, Status } from '@palchat/api';
import { sql } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { serializeAccount } from '../accounts/serializer.js';
import { boundList, boundListTable } from '../db/bound-lists.js';
import { keptRowsAt } from '../db/kept-rows.js';
import { runTemplate } from '../db/query-templates.js';
import { profileNeedsCopy, requestProfileCopies } from '../federation/media-cache-requests.js';
import { filterResultsFor, loadActiveFilters, type ActiveFilter } from '../filters/matcher.js';
import { nowIso } from '../lib/time.js';
import { serializePolls } from '../polls/serializer.js';
import { serializePreviewCard } from './cards.js';
import { loadQuoteViews } from './quote-views.js';
import { authorVersion, statusSkeleton, type StatusHead, type StatusTail } from './rendered-statuses.js';
import { statusEntity, statusesJson, type StatusRendering } from './status-renderings.js';
import { loadStatusParts, type StatusParts } from './status-parts.js';
import { textToHtml } from './text-format.js';
import { visibleTo } from './visibility.js';

export type StatusRow = StatusesTable;

export interface SerializeOptions {
  /** the caller already chose who receives the statuses (streaming fan-out renders once for everyone) */
  audienceChecked?: boolean;
  /** the versions of authors' rows read with the statuses: those rows kept at that version are not read again */
  authorVersions?: ReadonlyMap<string, number>;
  /** the viewer's marks on some of the statuses, read with them: those statuses' marks are not read again */
  marks?: PageMarks;
}

/** The viewer's marks on one status, and on the conversation it belongs to. */
export interface StatusMarks {
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  pinned: boolean;
  conversationMuted: boolean;
}

/**
 * The viewer's marks read along with a page's statuses (timelines/feeds.ts): by status id, with whether the
 * viewer has an active filter at all. Statuses it does not name (boosts' originals, quoted posts, rows read
 * another way) have their marks read by the serializer as before.
 */
export interface PageMarks {
  byStatus: ReadonlyMap<string, StatusMarks>;
  hasFilters: boolean;
}

interface ViewerState {
  favourited: Set<string>;
  reblogged: Set<string>;
  bookmarked: Set<string>;
  pinned: Set<string>;
  mutedConversations: Set<string>;
  filters: ActiveFilter[];
}

type Mark = 'favourited' | 'reblogged' | 'bookmarked' | 'pinned' | 'muted' | 'filters';

/**
 * Which of `ids` the viewer favourited, boosted, bookmarked or pinned, which of `conversationIds` the viewer
 * muted, and the ids of the viewer's active filters: one statement (a round trip on PostgreSQL) instead of six,
 * its lists bound as one value each so that its text is the same for every page. Most viewers have no filter,
 * and then need no statement to read filters.
 */
async function viewerMarks(
  ctx: AppContext,
  viewerId: string,
  ids: string[],
  conversationIds: string[],
): Promise<Record<Mark, Set<string>>> {
  const withConversations = conversationIds.length > 0;
  const rows = await runTemplate(
    ctx.db,
    `viewer marks: ${withConversations ? 'with' : 'without'} conversations`,
    {
      viewer: viewerId,
      ids: boundList(ctx.db, ids),
      conversations: boundList(ctx.db, conversationIds),
    },
    (marker) => {
      // each arm driven by the page's ids (a cross join keeps SQLite from starting with the viewer's rows)
      const pageIds = boundListTable(ctx.db, marker.ids!, 'page_ids');
      const marked = (table: 'favourites' | 'bookmarks' | 'status_pins', mark: Mark) =>
        ctx.db
          .selectFrom(pageIds)
          .crossJoin(sql<{ account_id: string; status_id: string }>`${sql.table(table)}`.as('marks'))
          .select([sql.lit(mark).$castTo<Mark>().as('mark'), 'marks.status_id'])
          .where('marks.account_id', '=', marker.viewer!)
          .whereRef('marks.status_id', '=', 'page_ids.value');
      const query = marked('favourites', 'favourited')
        .unionAll(
          ctx.db
            .selectFrom(pageIds)
            .crossJoin('statuses')
            .select([
              sql.lit('reblogged').$castTo<Mark>().as('mark'),
              sql.ref<string>('statuses.reblog_of_id').as('status_id'),
            ])
            .where('statuses.account_id', '=', marker.viewer!)
            .whereRef('statuses.reblog_of_id', '=', 'page_ids.value')
            .where('statuses.deleted_at', 'is', null),
        )
        .unionAll(marked('bookmarks', 'bookmarked'))
        .unionAll(marked('status_pins', 'pinned'))
        .unionAll(
          ctx.db
            .selectFrom('filters')
            .select([sql.lit('filters').$castTo<Mark>().as('mark'), sql.ref<string>('id').as('status_id')])
            .where('account_id', '=', marker.viewer!)
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())])),
        );
      if (!withConversations) return query;
      return query.unionAll(
        ctx.db
          .selectFrom(boundListTable(ctx.db, marker.conversations!, 'page_conversations'))
          .crossJoin('conversation_mutes')
          .select([
            sql.lit('muted').$castTo<Mark>().as('mark'),
            sql.ref<string>('conversation_mutes.conversation_id').as('status_id'),
          ])
          .where('conversation_mutes.account_id', '=', marker.viewer!)
          .whereRef('conversation_mutes.conversation_id', '=', 'page_conversations.value'),
      );
    },
  );
  const marks: Record<Mark, Set<string>> = {
    favourited: new Set(),
    reblogged: new Set(),
    bookmarked: new Set(),
    pinned: new Set(),
    muted: new Set(),
    filters: new Set(),
  };
  for (const row of rows) marks[row.mark].add(row.status_id);
  return marks;
}

/**
 * The viewer's state for the statuses `rows` (their ids `ids`, in the conversations `conversationIds`): what the
 * page holds only. Marks `known` already (read with the page) are not read again: the statement runs only for
 * the statuses and conversations they leave out, and not at all when they cover the page.
 */
async function loadViewerState(
  ctx: AppContext,
  viewerId: string,
  rows: readonly StatusRow[],
  ids: string[],
  conversationIds: string[],
  known: PageMarks | undefined,
): Promise<ViewerState> {
  if (!known) {
    const { muted, filters, ...marks } = await viewerMarks(ctx, viewerId, ids, conversationIds);
    return {
      ...marks,
      mutedConversations: muted,
      filters: filters.size ? await loadActiveFilters(ctx.db, viewerId) : [],
    };
  }
  const state: Omit<ViewerState, 'filters'> = {
    favourited: new Set(),
    reblogged: new Set(),
    bookmarked: new Set(),
    pinned: new Set(),
    mutedConversations: new Set(),
  };
  const knownConversations = new Set<string>();
  for (const row of rows) {
    const marks = known.byStatus.get(row.id);
    if (!marks) continue;
    if (marks.favourited) state.favourited.add(row.id);
    if (marks.reblogged) state.reblogged.add(row.id);
    if (marks.bookmarked) state.bookmarked.add(row.id);
    if (marks.pinned) state.pinned.add(row.id);
    if (row.conversation_id) {
      knownConversations.add(row.conversation_id);
      if (marks.conversationMuted) state.mutedConversations.add(row.conversation_id);
    }
  }
  const unknownIds = ids.filter((id) => !known.byStatus.has(id));
  const unknownConversations = conversationIds.filter((id) => !knownConversations.has(id));
  let hasFilters = known.hasFilters;
  if (unknownIds.length > 0 || unknownConversations.length > 0) {
    const read = await viewerMarks(ctx, viewerId, unknownIds, unknownConversations);
    for (const id of read.favourited) state.favourited.add(id);
    for (const id of read.reblogged) state.reblogged.add(id);
    for (const id of read.bookmarked) state.bookmarked.add(id);
    for (const id of read.pinned) state.pinned.add(id);
    for (const id of read.muted) state.mutedConversations.add(id);
    hasFilters = read.filters.size > 0;
  }
  return { ...state, filters: hasFilters ? await loadActiveFilters(ctx.db, viewerId) : [] };
}

/**
 * How status rows are shown, loaded in a handful of batched queries. Boosts whose original is gone, or hidden
 * from the viewer, are dropped. `viewer` adds favourited/reblogged/bookmarked/pinned, and `filtered` (the
 * viewer's filters for `context`, every matching one without a context).
 */
async function renderStatuses(
  ctx: AppContext,
  rows: StatusRow[],
  viewer: AccountRow | null,
  context?: FilterContext,
  options: SerializeOptions = {},
): Promise<StatusRendering[]> {
  if (rows.length === 0) return [];
  const reblogIds = [...new Set(rows.flatMap((row) => (row.reblog_of_id ? [row.reblog_of_id] : [])))];
  const originals = reblogIds.length
    ? await ctx.db
        .selectFrom('statuses')
        .selectAll()
        .where('statuses.id', 'in', reblogIds)
        .where((eb) =>
          options.audienceChecked ? eb('statuses.deleted_at', 'is', null) : visibleTo(viewer?.id ?? null)(eb),
        )
        .execute()
    : [];
  const pageParts = await loadStatusParts(ctx, [...rows, ...originals]);
  const quotes = await loadQuoteViews(
    ctx,
    [...rows, ...originals],
    viewer?.id ?? null,
    [...pageParts].flatMap(([id, parts]) => (parts.hasQuote ? [id] : [])),
  );
  const quotedById = new Map(quotes.visibleQuoted.map((row) => [row.id, row]));
  const partsOf = new Map([...pageParts, ...(await loadStatusParts(ctx, quotes.visibleQuoted))]);
  const all = [...rows, ...originals, ...quotes.visibleQuoted];
  const ids = [...new Set(all.map((row) => row.id))];
  const authorIds = [...new Set(all.map((row) => row.account_id))];
  const conversationIds = [
    ...new Set(all.flatMap((row) => (row.conversation_id ? [row.conversation_id] : []))),
  ];
  const pollIds = ids.filter((id) => partsOf.get(id)?.hasPoll);

  const linkUrls = [...new Set(all.flatMap((row) => (row.link_url ? [row.link_url] : [])))];
  const [authors, state, pollRows, cardRows] = await Promise.all([
    keptRowsAt(
      ctx.db,
      'accounts',
      authorIds.map((id) => ({ id, version: options.authorVersions?.get(id) })),
    ),
    viewer
      ? loadViewerState(ctx, viewer.id, all, ids, conversationIds, options.marks)
      : Promise.resolve(null),
    pollIds.length
      ? ctx.db.selectFrom('polls').selectAll().where('status_id', 'in', pollIds).execute()
      : Promise.resolve([]),
    linkUrls.length
      ? ctx.db
          .selectFrom('preview_cards')
          .selectAll()
          .where('url', 'in', linkUrls)
          .where('title', '!=', '')
          .execute()
      : Promise.resolve([]),
  ]);
  // remote avatars and headers shown without a copy here (new, failed a while ago, or pruned) are asked for again
  requestProfileCopies(
    ctx,
    authors.filter(profileNeedsCopy).map((row) => row.id),
  );
  const polls: Map<string, Poll> = await serializePolls(ctx.db, pollRows, viewer?.id ?? null);
  const cards = new Map<string, PreviewCard>(cardRows.map((card) => [card.url, serializePreviewCard(card)]));

  const authorRows = new Map(authors.map((row) => [row.id, row]));
  const authorVersions = new Map(authors.map((row) => [row.id, authorVersion(ctx, row)]));
  const accounts = new Map<string, Account>();
  /** rendered once per page, and only for authors whose statuses are not kept rendered */
  const accountOf = (row: AccountRow): Account => {
    let account = accounts.get(row.id);
    if (!account) {
      account = serializeAccount(ctx, row);
      accounts.set(row.id, account);
    }
    return account;
  };

  /** A Quote with the quoted post in full at the top; inside a quoted post, a ShallowQuote (Mastodon's). */
  const quoteFor = (row: StatusRow, nested: boolean): Quote | ShallowQuote | null => {
    const quote = (nested ? quotes.shallowQuoteOf : quotes.quoteOf).get(row.id);
    if (!quote) return null;
    if (nested) {
      const accepted = quote.state === 'accepted';
      return { state: quote.state, quoted_status_id: accepted ? quote.quoted_status_id : null };
    }
    const state = quotes.stateOf(quote);
    const quotedRow =
      state === 'accepted' && quote.quoted_status_id ? quotedById.get(quote.quoted_status_id) : null;
    const quoted = quotedRow ? build(quotedRow, null, quotedRow, true) : null;
    const quotedStatus = quoted ? statusEntity(quoted) : null;
    return {
      state: quotedStatus || state !== 'accepted' ? state : 'unauthorized',
      quoted_status: quotedStatus,
    };
  };

  /** What the status shows every viewer (a boost's wrapper has no content, url or media of its own). */
  const renderSkeleton = (
    row: StatusRow,
    authorRow: AccountRow,
    parts: StatusParts,
    wrapper: boolean,
  ): { head: StatusHead; tail: StatusTail } => {
    const account = accountOf(authorRow);
    // a remote status keeps its own uri and url; a local one's follow this server's URL scheme
    const url = row.url ?? `${ctx.config.publicUrl}/@${account.username}/${row.id}`;
    const uri =
      row.uri ??
      `${ctx.config.publicUrl}/users/${account.username}/statuses/${row.id}${wrapper ? '/activity' : ''}`;
    return {
      head: {
        id: row.id,
        created_at: row.created_at,
        in_reply_to_id: row.in_reply_to_id,
        in_reply_to_account_id: row.in_reply_to_account_id,
        sensitive: row.sensitive === 1,
        spoiler_text: row.spoiler_text,
        visibility: row.visibility,
        language: row.language,
        uri,
        url: wrapper ? null : url,
        replies_count: row.replies_count,
        reblogs_count: row.reblogs_count,
        favourites_count: row.favourites_count,
        quotes_count: row.quotes_count ?? 0,
        edited_at: row.edited_at,
        content: wrapper
          ? ''
          : (row.content_html ??
            textToHtml(row.text, {
              publicUrl: ctx.config.publicUrl,
              localDomain: ctx.config.localDomain,
              linkTagsAndMentions: true,
              // the stored mentions (what compose resolved and notified) and the author: no other @name links
              mentions: [...parts.mentionedAccounts, authorRow],
            })),
      },
      tail: {
        application: null,
        account,
        media_attachments: wrapper ? [] : parts.media,
        mentions: parts.mentions,
        tags: parts.tags,
        emojis: [],
      },
    };
  };

  const build = (
    row: StatusRow,
    reblog: StatusRendering | null,
    proper: StatusRow = row,
    nested = false,
  ): StatusRendering | null => {
    const authorRow = authorRows.get(row.account_id);
    const author = authorVersions.get(row.account_id);
    const parts = partsOf.get(row.id);
    if (!authorRow || !author || !parts) return null;
    const wrapper = reblog !== null;
    const skeleton = statusSkeleton(ctx, row, author, parts, wrapper, () =>
      renderSkeleton(row, authorRow, parts, wrapper),
    );
    const rendering: StatusRendering = {
      skeleton,
      reblog,
      page: {
        card: !reblog && row.link_url ? (cards.get(row.link_url) ?? null) : null,
        poll: reblog ? null : (polls.get(row.id) ?? null),
        quote: reblog ? null : quoteFor(row, nested),
        quote_approval: quotes.approvalOf(row),
        ...(state
          ? {
              // a reblog's wrapper answers for the post it carries, as Mastodon's (reblogged: true after reblogging)
              favourited: state.favourited.has(proper.id),
              reblogged: state.reblogged.has(proper.id),
              muted: proper.conversation_id ? state.mutedConversations.has(proper.conversation_id) : false,
              bookmarked: state.bookmarked.has(proper.id),
              pinned: state.pinned.has(row.id),
            }
          : {}),
      },
    };
    // the entity is made only when a filter may match it (filterResultsFor() reads its text)
    const filtered =
      state?.filters.length && viewer
        ? filterResultsFor(state.filters, statusEntity(rendering), viewer.id, context)
        : [];
    if (filtered.length) rendering.page = { ...rendering.page, filtered };
    return rendering;
  };

  const originalById = new Map(originals.map((row) => [row.id, row]));
  const result: StatusRendering[] = [];
  for (const row of rows) {
    if (row.reblog_of_id) {
      const original = originalById.get(row.reblog_of_id);
      const inner = original ? build(original, null) : null;
      const wrapper = inner && original ? build(row, inner, original) : null;
      if (wrapper) result.push(wrapper);
    } else {
      const status = build(row, null);
      if (status) result.push(status);
    }
  }
  return result;
}

/** Mastodon Status entities for status rows (see renderStatuses()). */
export async function serializeStatuses(
  ctx: AppContext,
  rows: StatusRow[],
  viewer: AccountRow | null,
  context?: FilterContext,
  options: SerializeOptions = {},
): Promise<Status[]> {
  return (await renderStatuses(ctx, rows, viewer, context, options)).map(statusEntity);
}

/**
 * The JSON array of serializeStatuses()'s entities as UTF-8, written from the statuses' kept renderings
 * without making the entities.
 */
export async function serializeStatusesJson(
  ctx: AppContext,
  rows: StatusRow[],
  viewer: AccountRow | null,
  context?: FilterContext,
  options: SerializeOptions = {},
): Promise<Buffer> {
  return statusesJson(await renderStatuses(ctx, rows, viewer, context, options));
}

export async function serializeStatus(
  ctx: AppContext,
  row: StatusRow,
  viewer: AccountRow | null,
  context?: FilterContext,
  options: SerializeOptions = {},
): Promise<Status | null> {
  const [status] = await serializeStatuses(ctx, [row], viewer, context, options);
  return status ?? null;
}
