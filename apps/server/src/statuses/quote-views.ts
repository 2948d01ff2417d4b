import type { QuoteApproval, QuoteState } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { QuotesTable, StatusesTable } from '../db/schema.js';
import { quoteApprovalOf } from './quote-policy.js';
import { visibleTo } from './visibility.js';
import { activeMutesAmong, blockedAmong, followsTo } from '../relationships/store.js';

/** What the serializer needs to render the quotes of a page of statuses for one viewer, in a few queries. */
export interface QuoteViews {
  /** the quote each quoting status carries */
  quoteOf: Map<string, QuotesTable>;
  /** the quoted statuses the viewer may see in full (rendered inside the quote) */
  visibleQuoted: StatusesTable[];
  /** the quote of each visible quoted status (shown as a ShallowQuote) */
  shallowQuoteOf: Map<string, QuotesTable>;
  stateOf(quote: QuotesTable): QuoteState;
  approvalOf(status: StatusesTable): QuoteApproval;
}

/**
 * The quote's state as the viewer sees it (Mastodon's Quote `state`): the stored authorization state, and for
 * an accepted one `deleted` when the quoted post is gone, `blocked_account` / `muted_account` when the viewer
 * blocks or mutes its author, `unauthorized` when the viewer may not see it.
 */
function viewerState(
  quote: QuotesTable,
  quoted: { deleted: boolean; visible: boolean } | undefined,
  blocked: Set<string>,
  muted: Set<string>,
): QuoteState {
  if (quote.state !== 'accepted') return quote.state;
  if (!quoted || quoted.deleted) return 'deleted';
  if (quote.quoted_account_id && blocked.has(quote.quoted_account_id)) return 'blocked_account';
  if (quote.quoted_account_id && muted.has(quote.quoted_account_id)) return 'muted_account';
  return quoted.visible ? 'accepted' : 'unauthorized';
}

export async function loadQuoteViews(
  ctx: AppContext,
  statuses: StatusesTable[],
  viewerId: string | null,
  /** those of `statuses` that carry a quote (all of them when not known) */
  quotingIds: readonly string[] = statuses.map((status) => status.id),
): Promise<QuoteViews> {
  const ids = [...quotingIds];
  const quoteRows = ids.length
    ? await ctx.db.selectFrom('quotes').selectAll().where('status_id', 'in', ids).execute()
    : [];
  const quotedIds = [...new Set(quoteRows.flatMap((quote) => quote.quoted_status_id ?? []))];
  const quotedAuthorIds = [...new Set(quoteRows.flatMap((quote) => quote.quoted_account_id ?? []))];
  const followersPolicyAuthors = [
    ...new Set(
      statuses
        .filter((s) => s.quote_policy === 'followers' && s.account_id !== viewerId)
        .map((s) => s.account_id),
    ),
  ];
  const [quotedRows, visibleQuoted, shallowRows, blocked, mutedRows, followedRows] = await Promise.all([
    quotedIds.length
      ? ctx.db.selectFrom('statuses').select(['id', 'deleted_at']).where('id', 'in', quotedIds).execute()
      : [],
    quotedIds.length
      ? ctx.db
          .selectFrom('statuses')
          .selectAll('statuses')
          .where('statuses.id', 'in', quotedIds)
          .where(visibleTo(viewerId))
          .execute()
      : [],
    quotedIds.length
      ? ctx.db.selectFrom('quotes').selectAll().where('status_id', 'in', quotedIds).execute()
      : [],
    viewerId ? blockedAmong(ctx.db, viewerId, quotedAuthorIds) : new Set<string>(),
    viewerId ? activeMutesAmong(ctx.db, viewerId, quotedAuthorIds) : [],
    viewerId ? followsTo(ctx.db, viewerId, followersPolicyAuthors) : [],
  ]);
  const visibleIds = new Set(visibleQuoted.map((row) => row.id));
  const quotedInfo = new Map(
    quotedRows.map((row) => [row.id, { deleted: row.deleted_at !== null, visible: visibleIds.has(row.id) }]),
  );
  const muted = new Set(mutedRows.map((row) => row.target_account_id));
  const followed = new Set(followedRows.map((row) => row.target_account_id));
  return {
    quoteOf: new Map(quoteRows.map((quote) => [quote.status_id, quote])),
    visibleQuoted,
    shallowQuoteOf: new Map(shallowRows.map((quote) => [quote.status_id, quote])),
    stateOf: (quote) =>
      viewerState(
        quote,
        quote.quoted_status_id ? quotedInfo.get(quote.quoted_status_id) : undefined,
        blocked,
        muted,
      ),
    approvalOf: (status) => quoteApprovalOf(status, viewerId, followed.has(status.account_id)),
  };
}
