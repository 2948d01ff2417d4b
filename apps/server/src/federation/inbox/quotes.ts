import { Accept, Reject, type QuoteRequest } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { QuotesTable, StatusesTable } from '../../db/schema.js';
import { publishNotification } from '../../notifications/service.js';
import { parseLocalUrl } from '../../search/local-urls.js';
import { streamStatus } from '../../statuses/fanout.js';
import { quoteDecision } from '../../statuses/quote-policy.js';
import {
  insertQuote,
  localApprovalUri,
  markRevoked,
  quoteOfStatus,
  settleQuote,
} from '../../statuses/quotes.js';
import { ingestRemoteStatus } from '../ingest/index.js';
import { federate, sendTo } from '../outgoing/send.js';
import { blocks, fetchOptions, ingestOptions, unlessRefused, type Inbox } from './sender.js';
import { findStatusByUri, isStatusObject } from './statuses.js';
import { isFollowing } from '../../relationships/store.js';
import { findAccountById } from '../../accounts/store.js';
import { findStatusById } from '../../statuses/store.js';

/** Whether our author's policy lets `sender` quote `quoted` (a block refuses, as in the API). */
async function mayQuote(ctx: AppContext, quoted: StatusesTable, author: AccountRow, sender: AccountRow) {
  if (await blocks(ctx, author, sender)) return false;
  const follows = await isFollowing(ctx.db, sender.id, author.id);
  return quoteDecision(quoted, sender.id, follows) === 'automatic';
}

/** The quoting status the request carries (`instrument`), stored here; null when it cannot be read. */
async function quotingStatusOf(inbox: Inbox, request: QuoteRequest, sender: AccountRow) {
  const instrument = await request.getInstrument(fetchOptions(inbox)).catch(() => null);
  if (!isStatusObject(instrument)) return null;
  if (!instrument.attributionIds.some((id) => id.href === sender.uri)) return null;
  return unlessRefused(ingestRemoteStatus(inbox.data, instrument, sender, ingestOptions(inbox)));
}

/** Our quote row for `quoting` of `quoted`, accepted now: its id is the authorization's. */
async function acceptedQuote(
  ctx: AppContext,
  quoting: StatusesTable,
  quoted: StatusesTable,
  requestUri: string,
) {
  return ctx.db.transaction().execute(async (tx) => {
    let quote = await quoteOfStatus(tx, quoting.id);
    if (quote && quote.quoted_status_id !== quoted.id) return null;
    let notification = null;
    if (!quote) {
      notification = await insertQuote(tx, { status: quoting, quoted, state: 'pending', requestUri });
      quote = await quoteOfStatus(tx, quoting.id);
    }
    if (!quote) return null;
    const settled = await settleQuote(tx, quote, { accepted: true, approvalUri: null });
    return { quote, notification: settled.notification ?? notification };
  });
}

/**
 * FEP-044f: a remote account asks to quote one of our posts. By our author's policy we answer Accept, with the
 * QuoteAuthorization we then serve at /users/:name/quote_authorizations/:quoteId as `result`, or Reject.
 */
export async function onQuoteRequest(inbox: Inbox, request: QuoteRequest, sender: AccountRow): Promise<void> {
  const ctx = inbox.data;
  const target = request.objectId;
  if (!request.id || !target || parseLocalUrl(ctx.config.publicUrl, target.href)?.kind !== 'status') return;
  const quoted = await findStatusByUri(ctx, target.href);
  const author = quoted ? await findAccountById(ctx.db, quoted.account_id) : undefined;
  if (!quoted || !author) return;
  const quoting = (await mayQuote(ctx, quoted, author, sender))
    ? await quotingStatusOf(inbox, request, sender)
    : null;
  const accepted = quoting ? await acceptedQuote(ctx, quoting, quoted, request.id.href) : null;
  const requestId = request.id;
  await federate(ctx, author, accepted ? 'Accept(QuoteRequest)' : 'Reject(QuoteRequest)', async (context) => {
    const actor = context.getActorUri(author.username);
    const answer = accepted
      ? new Accept({
          id: new URL(`${localApprovalUri(ctx, author.username, accepted.quote.id)}#accept`),
          actor,
          object: requestId,
          result: new URL(localApprovalUri(ctx, author.username, accepted.quote.id)),
          to: new URL(sender.uri!),
        })
      : new Reject({
          id: new URL(`${requestId.href}#rejected`),
          actor,
          object: requestId,
          to: new URL(sender.uri!),
        });
    await sendTo(context, author.username, [sender], answer);
  });
  if (accepted) {
    await publishNotification(ctx, accepted.notification);
    if (quoting) void streamStatus(ctx, quoting, 'status.update');
  }
}

async function ourPendingQuote(ctx: AppContext, requestUri: string, sender: AccountRow) {
  return ctx.db
    .selectFrom('quotes')
    .selectAll()
    .where('request_uri', '=', requestUri)
    .where('quoted_account_id', '=', sender.id)
    .executeTakeFirst();
}

/**
 * The quoted author's answer to our QuoteRequest: Accept (its `result` is the QuoteAuthorization) or Reject.
 * Only the quoted post's author may answer. True when the activity was such an answer.
 */
export async function onQuoteAnswer(
  ctx: AppContext,
  answer: Accept | Reject,
  sender: AccountRow,
): Promise<boolean> {
  const requestUri = answer.objectId?.href;
  if (!requestUri) return false;
  const quote = await ourPendingQuote(ctx, requestUri, sender);
  if (!quote) return false;
  const approvalUri = answer instanceof Accept ? answer.resultId?.href : undefined;
  if (answer instanceof Accept && !approvalUri) return true;
  const { changed, notification } = await ctx.db
    .transaction()
    .execute((tx) =>
      settleQuote(tx, quote, approvalUri ? { accepted: true, approvalUri } : { accepted: false }),
    );
  if (!changed) return true;
  await publishNotification(ctx, notification);
  const status = await findStatusById(ctx.db, quote.status_id);
  if (status) void streamStatus(ctx, status, 'status.update');
  return true;
}

/** Delete of a QuoteAuthorization by the author who gave it: the quote is revoked. True when it was one. */
export async function onAuthorizationDeleted(ctx: AppContext, id: URL, sender: AccountRow): Promise<boolean> {
  const quote: QuotesTable | undefined = await ctx.db
    .selectFrom('quotes')
    .selectAll()
    .where('approval_uri', '=', id.href)
    .where('quoted_account_id', '=', sender.id)
    .executeTakeFirst();
  if (!quote) return false;
  await ctx.db.transaction().execute((tx) => markRevoked(tx, quote));
  const status = await findStatusById(ctx.db, quote.status_id);
  if (status) void streamStatus(ctx, status, 'status.update');
  return true;
}
