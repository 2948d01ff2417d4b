import type { Federation, RequestContext } from '@fedify/fedify';
import { Note, QuoteAuthorization } from '@fedify/vocab';
import type { AppContext } from '../context.js';
import type { AccountRow } from '../auth/viewer.js';
import type { StatusesTable } from '../db/schema.js';
import { findLocalActor, accountOfActorUri } from './actors.js';
import { fetchAuthorized } from './fetch-authorization.js';
import { blocks } from './inbox/sender.js';
import { noteOfStatus } from './outgoing/note.js';
import { isFollowing } from '../relationships/store.js';

/** The account (local, or a stored remote one) whose key signed this request, if any. */
async function signedFetcher(context: RequestContext<AppContext>): Promise<AccountRow | undefined> {
  const owner = await context.getSignedKeyOwner();
  return owner?.id ? accountOfActorUri(context, owner.id) : undefined;
}

/**
 * Whether the signed fetcher may read a followers-only or direct status: the author, a mentioned account, or
 * (followers-only) a follower of the author. Unsigned requests may not.
 */
async function signedFetcherMayRead(
  context: RequestContext<AppContext>,
  status: StatusesTable,
): Promise<boolean> {
  const fetcher = await signedFetcher(context);
  if (!fetcher) return false;
  if (fetcher.id === status.account_id) return true;
  const { db } = context.data;
  const mentioned = await db
    .selectFrom('status_mentions')
    .select('account_id')
    .where('status_id', '=', status.id)
    .where('account_id', '=', fetcher.id)
    .executeTakeFirst();
  if (mentioned) return true;
  if (status.visibility !== 'private') return false;
  return isFollowing(db, fetcher.id, status.account_id);
}

/** Whether `author` blocks the account (or the server) that signed this request. */
async function fetcherIsBlocked(context: RequestContext<AppContext>, author: AccountRow): Promise<boolean> {
  const fetcher = await signedFetcher(context);
  return fetcher !== undefined && fetcher.id !== author.id && (await blocks(context.data, author, fetcher));
}

/**
 * `/users/{identifier}/statuses/{id}`: a local status as a Note (Question for a poll). Public and unlisted
 * ones to anyone but a signed fetcher the author blocks, followers-only and direct ones to a signed fetcher
 * allowed to read them; otherwise, and for deleted statuses and reblogs, 404 as Mastodon answers.
 */
export function registerObjects(federation: Federation<AppContext>): void {
  federation
    .setObjectDispatcher(Note, '/users/{identifier}/statuses/{id}', async (context, values) => {
      const author = await findLocalActor(context.data, values.identifier);
      if (!author) return null;
      const status = await context.data.db
        .selectFrom('statuses')
        .selectAll()
        .where('id', '=', values.id)
        .where('account_id', '=', author.id)
        .where('deleted_at', 'is', null)
        .where('reblog_of_id', 'is', null)
        .executeTakeFirst();
      if (!status) return null;
      const isPublic = status.visibility === 'public' || status.visibility === 'unlisted';
      // as Mastodon's StatusPolicy: a public post to anyone but a signed fetcher its author blocks
      const readable = isPublic
        ? !(await fetcherIsBlocked(context, author))
        : await signedFetcherMayRead(context, status);
      if (!readable) return null;
      // a poll is a Question served at the same URL; Fedify renders whatever object the dispatcher returns
      return (await noteOfStatus(context, status)) as Note;
    })
    .authorize((context) => fetchAuthorized(context));

  // FEP-044f: the stamp our author gave a quote of their post, while it stands (a revoked one is gone)
  federation.setObjectDispatcher(
    QuoteAuthorization,
    '/users/{identifier}/quote_authorizations/{id}',
    async (context, values) => {
      const author = await findLocalActor(context.data, values.identifier);
      if (!author) return null;
      const quote = await context.data.db
        .selectFrom('quotes')
        .innerJoin('statuses as quoting', 'quoting.id', 'quotes.status_id')
        .innerJoin('accounts as quoter', 'quoter.id', 'quoting.account_id')
        .select(['quotes.quoted_status_id', 'quoting.id as quoting_id', 'quoting.uri', 'quoter.username'])
        .where('quotes.id', '=', values.id)
        .where('quotes.state', '=', 'accepted')
        .where('quotes.quoted_account_id', '=', author.id)
        .where('quoting.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!quote?.quoted_status_id) return null;
      return new QuoteAuthorization({
        id: context.getObjectUri(QuoteAuthorization, values),
        attribution: context.getActorUri(author.username),
        interactingObject: new URL(
          quote.uri ??
            `${context.data.config.publicUrl}/users/${quote.username}/statuses/${quote.quoting_id}`,
        ),
        interactionTarget: context.getObjectUri(Note, {
          identifier: author.username,
          id: quote.quoted_status_id,
        }),
      });
    },
  );
}
