import { Delete, QuoteRequest } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { QuotesTable, StatusesTable } from '../../db/schema.js';
import { noteOfStatus } from './note.js';
import { remoteAccountsByIds, remoteFollowersOf } from './recipients.js';
import { federate, sendTo } from './send.js';

type Author = Pick<AccountRow, 'id' | 'username' | 'domain'>;

/** Our QuoteRequest's id for a quote: under the quoting post, so that the Accept names it back. */
export function quoteRequestUri(ctx: AppContext, author: Author, statusId: string): string {
  return `${ctx.config.publicUrl}/users/${author.username}/statuses/${statusId}/quote_request`;
}

/**
 * FEP-044f: a quote of a remote post asks its author for a QuoteAuthorization. The QuoteRequest carries the
 * quoting Note as `instrument`; the author's server answers Accept (with the authorization as `result`) or
 * Reject (federation/inbox/quotes.ts).
 */
export async function federateQuoteRequest(
  ctx: AppContext,
  author: Author,
  status: StatusesTable,
  quoted: StatusesTable,
): Promise<void> {
  if (!quoted.uri) return;
  const requestUri = quoteRequestUri(ctx, author, status.id);
  await ctx.db
    .updateTable('quotes')
    .set({ request_uri: requestUri })
    .where('status_id', '=', status.id)
    .execute();
  await federate(ctx, author, 'QuoteRequest', async (context) => {
    const activity = new QuoteRequest({
      id: new URL(requestUri),
      actor: context.getActorUri(author.username),
      object: new URL(quoted.uri!),
      instrument: await noteOfStatus(context, status),
    });
    await sendTo(context, author.username, await remoteAccountsByIds(ctx, [quoted.account_id]), activity);
  });
}

/**
 * Our author withdrew the authorization of a remote post's quote: Delete of the QuoteAuthorization, to the
 * quoting author and to our author's followers (who may have the quote), as Mastodon sends it.
 */
export async function federateQuoteRevoked(
  ctx: AppContext,
  owner: Author,
  quote: QuotesTable,
  approvalUri: string,
): Promise<void> {
  await federate(ctx, owner, 'Delete(QuoteAuthorization)', async (context) => {
    const activity = new Delete({
      id: new URL(`${approvalUri}#delete`),
      actor: context.getActorUri(owner.username),
      object: new URL(approvalUri),
    });
    const [quoter, followers] = await Promise.all([
      remoteAccountsByIds(ctx, [quote.account_id]),
      remoteFollowersOf(ctx, owner.id),
    ]);
    await sendTo(context, owner.username, [...quoter, ...followers], activity);
  });
}
