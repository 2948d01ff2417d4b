import type {
  Account,
  FilterContext,
  MediaAttachment,
  Mention,
  Poll,
  PreviewCard,
  Quote,
  ShallowQuote,
  Status,
} from '@palchat/api';
import { sql } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import { accountUrl, acctOf, serializeAccount } from '../accounts/serializer.js';
import {
  mediaNeedsCopy,
  profileNeedsCopy,
  requestMediaCopies,
  requestProfileCopies,
} from '../federation/media-cache-requests.js';
import { filterResultsFor, loadActiveFilters, type ActiveFilter } from '../filters/matcher.js';
import { serializeMedia } from '../media/serializer.js';
import { serializePolls } from '../polls/serializer.js';
import { serializePreviewCard } from './cards.js';
import { loadQuoteViews } from './quote-views.js';
import { textToHtml } from './text-format.js';
import { visibleTo } from './visibility.js';

export type StatusRow = StatusesTable;

export interface SerializeOptions {
  /** the caller already chose who receives the statuses (streaming fan-out renders once for everyone) */
  audienceChecked?: boolean;
}

interface ViewerState {
  favourited: Set<string>;
  reblogged: Set<string>;
  bookmarked: Set<string>;
  pinned: Set<string>;
  mutedConversations: Set<string>;
  filters: ActiveFilter[];
}

type Mark = 'favourited' | 'reblogged' | 'bookmarked' | 'pinned';

/**
 * Which of `ids` the viewer favourited, boosted, bookmarked or pinned: one statement (a round trip on
 * PostgreSQL) instead of four.
 */
async function viewerMarks(
  ctx: AppContext,
  viewerId: string,
  ids: string[],
): Promise<Record<Mark, Set<string>>> {
  const marked = (table: 'favourites' | 'bookmarks' | 'status_pins', mark: Mark) =>
    ctx.db
      .selectFrom(table)
      .select([sql.lit(mark).$castTo<Mark>().as('mark'), 'status_id'])
      .where('account_id', '=', viewerId)
      .where('status_id', 'in', ids);
  const rows = await marked('favourites', 'favourited')
    .unionAll(
      ctx.db
        .selectFrom('statuses')
        .select([
          sql.lit('reblogged').$castTo<Mark>().as('mark'),
          sql.ref<string>('reblog_of_id').as('status_id'),
        ])
        .where('account_id', '=', viewerId)
        .where('reblog_of_id', 'in', ids)
        .where('deleted_at', 'is', null),
    )
    .unionAll(marked('bookmarks', 'bookmarked'))
    .unionAll(marked('status_pins', 'pinned'))
    .execute();
  const marks: Record<Mark, Set<string>> = {
    favourited: new Set(),
    reblogged: new Set(),
    bookmarked: new Set(),
    pinned: new Set(),
  };
  for (const row of rows) marks[row.mark].add(row.status_id);
  return marks;
}

/** The viewer's state for the statuses `ids` (in the conversations `conversationIds`): what the page holds only. */
async function loadViewerState(
  ctx: AppContext,
  viewerId: string,
  ids: string[],
  conversationIds: string[],
): Promise<ViewerState> {
  const [marks, mutes, filters] = await Promise.all([
    viewerMarks(ctx, viewerId, ids),
    conversationIds.length
      ? ctx.db
          .selectFrom('conversation_mutes')
          .select('conversation_id')
          .where('account_id', '=', viewerId)
          .where('conversation_id', 'in', conversationIds)
          .execute()
      : Promise.resolve([]),
    loadActiveFilters(ctx.db, viewerId),
  ]);
  return { ...marks, mutedConversations: new Set(mutes.map((row) => row.conversation_id)), filters };
}

/** Mentions in the order the text names them (the database keeps no order). */
function inTextOrder(mentions: Mention[], text: string): Mention[] {
  const lower = text.toLowerCase();
  const at = (mention: Mention) => {
    const index = lower.indexOf(`@${mention.username.toLowerCase()}`);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return mentions.sort((a, b) => at(a) - at(b));
}

/**
 * Mastodon Status entities for status rows, loaded in a handful of batched queries. Boosts whose original is
 * gone, or hidden from the viewer, are dropped. `viewer` adds favourited/reblogged/bookmarked/pinned, and `filtered` (the viewer's filters
 * for `context`, every matching one without a context).
 */
export async function serializeStatuses(
  ctx: AppContext,
  rows: StatusRow[],
  viewer: AccountRow | null,
  context?: FilterContext,
  options: SerializeOptions = {},
): Promise<Status[]> {
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
  const quotes = await loadQuoteViews(ctx, [...rows, ...originals], viewer?.id ?? null);
  const quotedById = new Map(quotes.visibleQuoted.map((row) => [row.id, row]));
  const all = [...rows, ...originals, ...quotes.visibleQuoted];
  const ids = [...new Set(all.map((row) => row.id))];
  const authorIds = [...new Set(all.map((row) => row.account_id))];
  const conversationIds = [
    ...new Set(all.flatMap((row) => (row.conversation_id ? [row.conversation_id] : []))),
  ];

  const linkUrls = [...new Set(all.flatMap((row) => (row.link_url ? [row.link_url] : [])))];
  const [authors, mentionRows, tagRows, state, mediaRows, pollRows, cardRows] = await Promise.all([
    ctx.db.selectFrom('accounts').selectAll().where('id', 'in', authorIds).execute(),
    ctx.db
      .selectFrom('status_mentions')
      .innerJoin('accounts', 'accounts.id', 'status_mentions.account_id')
      .select([
        'status_mentions.status_id',
        'accounts.id',
        'accounts.username',
        'accounts.domain',
        'accounts.url',
        'accounts.uri',
      ])
      .where('status_mentions.status_id', 'in', ids)
      .execute(),
    ctx.db
      .selectFrom('status_tags')
      .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
      .select(['status_tags.status_id', 'tags.name_lower'])
      .where('status_tags.status_id', 'in', ids)
      .execute(),
    viewer ? loadViewerState(ctx, viewer.id, ids, conversationIds) : Promise.resolve(null),
    ctx.db
      .selectFrom('status_media')
      .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
      .selectAll('media_attachments')
      .select(['status_media.status_id as owner_id', 'status_media.position'])
      .where('status_media.status_id', 'in', ids)
      .orderBy('status_media.position', 'asc')
      .execute(),
    ctx.db.selectFrom('polls').selectAll().where('status_id', 'in', ids).execute(),
    linkUrls.length
      ? ctx.db
          .selectFrom('preview_cards')
          .selectAll()
          .where('url', 'in', linkUrls)
          .where('title', '!=', '')
          .execute()
      : Promise.resolve([]),
  ]);
  // remote files shown without a copy here (new, failed a while ago, or pruned) are asked for again
  requestMediaCopies(
    ctx,
    mediaRows.filter(mediaNeedsCopy).map((row) => row.id),
  );
  requestProfileCopies(
    ctx,
    authors.filter(profileNeedsCopy).map((row) => row.id),
  );
  const polls: Map<string, Poll> = await serializePolls(ctx.db, pollRows, viewer?.id ?? null);
  const mediaOf = new Map<string, MediaAttachment[]>();
  for (const { owner_id: ownerId, position: _position, ...media } of mediaRows) {
    const list = mediaOf.get(ownerId) ?? [];
    list.push(serializeMedia(ctx.config, media));
    mediaOf.set(ownerId, list);
  }
  const cards = new Map<string, PreviewCard>(cardRows.map((card) => [card.url, serializePreviewCard(card)]));

  const accounts = new Map<string, Account>(authors.map((row) => [row.id, serializeAccount(ctx, row)]));
  const authorRows = new Map(authors.map((row) => [row.id, row]));
  const mentionsOf = new Map<string, Mention[]>();
  const mentionRowsOf = new Map<string, typeof mentionRows>();
  for (const row of mentionRows) {
    mentionRowsOf.set(row.status_id, [...(mentionRowsOf.get(row.status_id) ?? []), row]);
    const list = mentionsOf.get(row.status_id) ?? [];
    list.push({ id: row.id, username: row.username, acct: acctOf(row), url: accountUrl(ctx, row) });
    mentionsOf.set(row.status_id, list);
  }
  const tagsOf = new Map<string, { name: string; url: string }[]>();
  for (const row of tagRows) {
    const list = tagsOf.get(row.status_id) ?? [];
    list.push({
      name: row.name_lower,
      url: `${ctx.config.publicUrl}/tags/${encodeURIComponent(row.name_lower)}`,
    });
    tagsOf.set(row.status_id, list);
  }

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
    const quotedStatus = quotedRow ? build(quotedRow, null, quotedRow, true) : null;
    return {
      state: quotedStatus || state !== 'accepted' ? state : 'unauthorized',
      quoted_status: quotedStatus,
    };
  };

  const build = (
    row: StatusRow,
    reblog: Status | null,
    proper: StatusRow = row,
    nested = false,
  ): Status | null => {
    const account = accounts.get(row.account_id);
    if (!account) return null;
    // a remote status keeps its own uri and url; a local one's follow this server's URL scheme
    const url = row.url ?? `${ctx.config.publicUrl}/@${account.username}/${row.id}`;
    const uri =
      row.uri ??
      `${ctx.config.publicUrl}/users/${account.username}/statuses/${row.id}${reblog ? '/activity' : ''}`;
    const status: Status = {
      id: row.id,
      created_at: row.created_at,
      in_reply_to_id: row.in_reply_to_id,
      in_reply_to_account_id: row.in_reply_to_account_id,
      sensitive: row.sensitive === 1,
      spoiler_text: row.spoiler_text,
      visibility: row.visibility,
      language: row.language,
      uri,
      url: reblog ? null : url,
      replies_count: row.replies_count,
      reblogs_count: row.reblogs_count,
      favourites_count: row.favourites_count,
      quotes_count: row.quotes_count ?? 0,
      edited_at: row.edited_at,
      content: reblog
        ? ''
        : (row.content_html ??
          textToHtml(row.text, {
            publicUrl: ctx.config.publicUrl,
            localDomain: ctx.config.localDomain,
            linkTagsAndMentions: true,
            // the stored mentions (what compose resolved and notified) and the author: no other @name links
            mentions: [...(mentionRowsOf.get(row.id) ?? []), authorRows.get(row.account_id) ?? account],
          })),
      reblog,
      application: null,
      account,
      media_attachments: reblog ? [] : (mediaOf.get(row.id) ?? []),
      mentions: inTextOrder(mentionsOf.get(row.id) ?? [], row.text),
      tags: tagsOf.get(row.id) ?? [],
      emojis: [],
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
    };
    const filtered = state && viewer ? filterResultsFor(state.filters, status, viewer.id, context) : [];
    return filtered.length ? { ...status, filtered } : status;
  };

  const originalById = new Map(originals.map((row) => [row.id, row]));
  const result: Status[] = [];
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
