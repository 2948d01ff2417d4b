import type { QuotePolicy } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import { findAccountById } from '../accounts/store.js';
import type { AppContext } from '../context.js';
import type { DbOrTx, Tx } from '../db/index.js';
import type { NotificationsTable, QuoteStateValue, QuotesTable, StatusesTable } from '../db/schema.js';
import { emitCommitted } from '../events/transaction.js';
import { notFound } from '../http/errors.js';
import { newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { recordNotification } from '../notifications/service.js';
import { adjustStatusCounter } from './counters.js';
import { effectiveQuotePolicy, quoteDecision, type QuoteDecision } from './quote-policy.js';
import { findVisibleStatus } from './service.js';
import { isFollowing } from '../relationships/store.js';

/** Mastodon's answer (404) to a quote of a post that is missing, hidden, or whose policy denies the writer. */

/**
 * The status `writer` asks to quote, if they may: it exists, they may see it, and its policy does not deny
 * them (a boost stands for the post it boosts). Anything else is Mastodon's 404.
 */
export async function findQuotable(
  ctx: AppContext,
  writer: AccountRow,
  quotedId: string,
): Promise<{ quoted: StatusesTable; decision: QuoteDecision }> {
  const refuse = () => notFound('statuses.quoted_not_found');
  let quoted = await findVisibleStatus(ctx.db, writer, quotedId).catch(() => {
    throw refuse();
  });
  if (quoted.reblog_of_id) quoted = await findVisibleStatus(ctx.db, writer, quoted.reblog_of_id);
  const decision = quoteDecision(quoted, writer.id, await isFollowing(ctx.db, writer.id, quoted.account_id));
  if (decision === 'denied') throw refuse();
  return { quoted, decision };
}

/** A local author's automatic approval is given at once; a remote author answers our QuoteRequest. */
export function initialQuoteState(quoted: StatusesTable, decision: QuoteDecision): QuoteStateValue {
  return quoted.local && decision === 'automatic' ? 'accepted' : 'pending';
}

/** The stable URL of a local author's QuoteAuthorization for a quote (served by the federation module). */
export function localApprovalUri(ctx: AppContext, quotedAuthorUsername: string, quoteId: string): string {
  return `${ctx.config.publicUrl}/users/${quotedAuthorUsername}/quote_authorizations/${quoteId}`;
}

export interface NewQuote {
  status: StatusesTable;
  quoted: StatusesTable | null;
  quotedUri?: string | null;
  state: QuoteStateValue;
  requestUri?: string | null;
  /** a remote author's QuoteAuthorization; a local author's is served at localApprovalUri */
  approvalUri?: string | null;
}

/**
 * Links a quoting status to what it quotes. An accepted quote counts on the quoted status and notifies its
 * local author (`quote`), as Mastodon does once a quote is authorized.
 */
export async function insertQuote(tx: Tx, quote: NewQuote): Promise<NotificationsTable | null> {
  const now = nowIso();
  const row: QuotesTable = {
    id: newId(),
    status_id: quote.status.id,
    account_id: quote.status.account_id,
    quoted_status_id: quote.quoted?.id ?? null,
    quoted_account_id: quote.quoted?.account_id ?? null,
    quoted_uri: quote.quotedUri ?? quote.quoted?.uri ?? null,
    state: quote.state,
    request_uri: quote.requestUri ?? null,
    approval_uri: quote.approvalUri ?? null,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('quotes').values(row).execute();
  if (row.state !== 'accepted' || !quote.quoted) return null;
  return onAccepted(tx, row, quote.quoted.account_id);
}

async function onAccepted(tx: Tx, quote: QuotesTable, quotedAuthorId: string) {
  if (!quote.quoted_status_id) return null;
  await adjustStatusCounter(tx, quote.quoted_status_id, 'quotes_count', 1);
  if (quotedAuthorId === quote.account_id) return null;
  const author = await findAccountById(tx, quotedAuthorId);
  if (!author || author.domain) return null;
  return recordNotification(tx, {
    accountId: quotedAuthorId,
    fromAccountId: quote.account_id,
    type: 'quote',
    statusId: quote.status_id,
  });
}

export async function quoteOfStatus(db: DbOrTx, statusId: string): Promise<QuotesTable | undefined> {
  return db.selectFrom('quotes').selectAll().where('status_id', '=', statusId).executeTakeFirst();
}

/** The quote leaves its status (an edit removed it, or the status is deleted): an accepted one stops counting. */
export async function dropQuote(tx: Tx, statusId: string): Promise<QuotesTable | undefined> {
  const quote = await quoteOfStatus(tx, statusId);
  if (!quote) return undefined;
  await tx.deleteFrom('quotes').where('id', '=', quote.id).execute();
  if (quote.state === 'accepted' && quote.quoted_status_id)
    await adjustStatusCounter(tx, quote.quoted_status_id, 'quotes_count', -1);
  return quote;
}

/**
 * A pending quote becomes accepted (the quoted author's Accept, with the authorization's uri) or rejected.
 * Returns the notification an acceptance makes, or null when nothing changed.
 */
export async function settleQuote(
  tx: Tx,
  quote: QuotesTable,
  outcome: { accepted: true; approvalUri: string | null } | { accepted: false },
): Promise<{ changed: boolean; notification: NotificationsTable | null }> {
  if (quote.state !== 'pending') return { changed: false, notification: null };
  const state: QuoteStateValue = outcome.accepted ? 'accepted' : 'rejected';
  await tx
    .updateTable('quotes')
    .set({ state, approval_uri: outcome.accepted ? outcome.approvalUri : null, updated_at: nowIso() })
    .where('id', '=', quote.id)
    .execute();
  if (!outcome.accepted || !quote.quoted_account_id) return { changed: true, notification: null };
  return { changed: true, notification: await onAccepted(tx, quote, quote.quoted_account_id) };
}

/** The quoted author withdraws an authorization: the quote shows as revoked and stops counting. */
export async function markRevoked(tx: Tx, quote: QuotesTable): Promise<void> {
  await tx
    .updateTable('quotes')
    .set({ state: 'revoked', updated_at: nowIso() })
    .where('id', '=', quote.id)
    .execute();
  if (quote.state === 'accepted' && quote.quoted_status_id)
    await adjustStatusCounter(tx, quote.quoted_status_id, 'quotes_count', -1);
}

/** `quoted_update` for the local authors of accepted quotes of an edited status, as Mastodon sends. */
export async function notifyQuotersOfEdit(
  tx: Tx,
  status: StatusesTable,
): Promise<(NotificationsTable | null)[]> {
  const quoters = await tx
    .selectFrom('quotes')
    .innerJoin('accounts', 'accounts.id', 'quotes.account_id')
    .innerJoin('statuses', 'statuses.id', 'quotes.status_id')
    .select('quotes.account_id')
    .distinct()
    .where('quotes.quoted_status_id', '=', status.id)
    .where('quotes.state', '=', 'accepted')
    .where('accounts.domain', 'is', null)
    .where('statuses.deleted_at', 'is', null)
    .where('quotes.account_id', '!=', status.account_id)
    .execute();
  const notifications: (NotificationsTable | null)[] = [];
  for (const quoter of quoters)
    notifications.push(
      await recordNotification(tx, {
        accountId: quoter.account_id,
        fromAccountId: status.account_id,
        type: 'quoted_update',
        statusId: status.id,
      }),
    );
  return notifications;
}

/**
 * POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke: the quoted post's author withdraws the
 * authorization of one quote of it. Returns the quote (before the change) and the quoting status.
 */
export async function revokeQuote(
  ctx: AppContext,
  owner: AccountRow,
  quotedId: string,
  quotingId: string,
): Promise<{ quote: QuotesTable; quoting: StatusesTable }> {
  const quote = await ctx.db
    .selectFrom('quotes')
    .innerJoin('statuses as quoted', 'quoted.id', 'quotes.quoted_status_id')
    .selectAll('quotes')
    .where('quotes.quoted_status_id', '=', storedId(quotedId))
    .where('quotes.status_id', '=', storedId(quotingId))
    .where('quoted.account_id', '=', owner.id)
    .executeTakeFirst();
  if (!quote) throw notFound();
  const quoting = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('id', '=', quote.status_id)
    .executeTakeFirstOrThrow();
  if (quote.state === 'accepted' || quote.state === 'pending')
    await ctx.db.transaction().execute((tx) => markRevoked(tx, quote));
  const approvalUri = quote.approval_uri ?? localApprovalUri(ctx, owner.username, quote.id);
  await emitCommitted(ctx, { type: 'QuoteRevoked', quotedAuthor: owner, quote, quoting, approvalUri });
  return { quote, quoting };
}

/** PUT /api/v1/statuses/:id/interaction_policy: the author changes who may quote the post. */
export async function setQuotePolicy(
  ctx: AppContext,
  author: AccountRow,
  status: StatusesTable,
  policy: QuotePolicy,
): Promise<StatusesTable> {
  const quotePolicy = effectiveQuotePolicy(status.visibility, policy);
  await ctx.db
    .updateTable('statuses')
    .set({ quote_policy: quotePolicy })
    .where('id', '=', status.id)
    .execute();
  const updated = { ...status, quote_policy: quotePolicy };
  await emitCommitted(ctx, { type: 'QuotePolicyChanged', author, status: updated });
  return updated;
}
