import type { Account, FilterContext, Poll, PreviewCard, Quote, ShallowQuote, Status } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { serializeAccount } from '../accounts/serializer.js';
import {
  keptRowsAt,
  authorVersion,
  statusSkeleton,
  type StatusHead,
  type StatusTail,
  statusEntity,
  statusesJson,
  type StatusRendering,
} from '../hot-path/index.js';
import { filterResultsFor, loadActiveFilters, type ActiveFilter } from '../filters/matcher.js';
import { serializePolls } from '../polls/serializer.js';
import { serializePreviewCard } from './cards.js';
import { loadQuoteViews } from './quote-views.js';
import { loadStatusParts, type StatusParts } from './status-parts.js';
import { textToHtml } from './text-format.js';
import { visibleTo } from './visibility.js';
import { joinedMarks, readViewerMarks, type PageMarks, type StatusMarks } from './viewer-marks.js';
import { webLinkOr } from '../lib/web-link.js';

export type StatusRow = StatusesTable;

export interface SerializeOptions {
  /** the caller already chose who receives the statuses (streaming fan-out renders once for everyone) */
  audienceChecked?: boolean;
  /** the versions of authors' rows read with the statuses: those rows kept at that version are not read again */
  authorVersions?: ReadonlyMap<string, number>;
  /** the viewer's marks on some of the statuses, read with them: those statuses' marks are not read again */
  marks?: PageMarks;
}

interface ViewerState {
  marks: ReadonlyMap<string, StatusMarks>;
  filters: ActiveFilter[];
}

/**
 * The viewer's marks on the statuses `rows`, and their active filters. Marks `known` already (read with the
 * page) are not read again: readViewerMarks() runs only for the statuses they leave out, and not at all when
 * they cover the page. Most viewers have no filter, and then need no statement to read filters.
 */
async function loadViewerState(
  ctx: AppContext,
  viewerId: string,
  rows: readonly StatusRow[],
  known: PageMarks | undefined,
): Promise<ViewerState> {
  const unknownIds = [...new Set(rows.flatMap((row) => (known?.byStatus.has(row.id) ? [] : [row.id])))];
  const marks = joinedMarks(
    known,
    unknownIds.length > 0 ? await readViewerMarks(ctx.db, viewerId, unknownIds) : undefined,
  );
  return {
    marks: marks?.byStatus ?? new Map(),
    filters: marks?.hasFilters ? await loadActiveFilters(ctx.db, viewerId) : [],
  };
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
  const pollIds = ids.filter((id) => partsOf.get(id)?.hasPoll);

  const linkUrls = [...new Set(all.flatMap((row) => (row.link_url ? [row.link_url] : [])))];
  const [authors, state, pollRows, cardRows] = await Promise.all([
    keptRowsAt(
      ctx.db,
      'accounts',
      authorIds.map((id) => ({ id, version: options.authorVersions?.get(id) })),
    ),
    viewer ? loadViewerState(ctx, viewer.id, all, options.marks) : Promise.resolve(null),
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
    // a remote status keeps its own uri and url (an http(s) one, else its uri); a local one's follow this
    // server's URL scheme
    const localUrl = `${ctx.config.publicUrl}/@${account.username}/${row.id}`;
    const url = row.url === null ? localUrl : webLinkOr(row.url, row.uri ?? localUrl);
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
              favourited: state.marks.get(proper.id)?.favourited ?? false,
              reblogged: state.marks.get(proper.id)?.reblogged ?? false,
              muted: state.marks.get(proper.id)?.conversationMuted ?? false,
              bookmarked: state.marks.get(proper.id)?.bookmarked ?? false,
              pinned: state.marks.get(row.id)?.pinned ?? false,
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
