import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { intentCommitted, statusIntent } from './durable.js';
import { federateQuoteRequest } from './quotes.js';
import { federateStatusDeleted } from './statuses.js';
import { getAccountById } from '../../accounts/store.js';

/** A local status's author as the durable intent needs it (a remote status's writes go nowhere). */
const writerOf = (status: StatusesTable) => ({ domain: status.local ? null : 'remote' });

async function localAuthorOf(ctx: AppContext, status: StatusesTable) {
  return getAccountById(ctx.db, status.account_id);
}

/**
 * Local statuses federate: their Create, Update and Delete are committed with the write as durable intents
 * (durable.ts); after the commit the queue is woken, quote requests go out, and a removed boost is undone.
 */
export function subscribeStatusFederation(events: DomainEvents): void {
  events.subscribeInTransaction('StatusPublished', async ({ status, author }, tx, ctx) => {
    const intent = statusIntent(ctx, author, 'status-created', status.id);
    if (intent) await tx.insertInto('federation_queue').values(intent).execute();
  });
  events.subscribeInTransaction('StatusEdited', async ({ status, author }, tx, ctx) => {
    const intent = statusIntent(ctx, author, 'status-updated', status.id);
    if (intent) await tx.insertInto('federation_queue').values(intent).execute();
  });
  // a boost's Undo(Announce) is sent after the commit; a status's Delete is committed with its removal
  events.subscribeInTransaction('StatusDeleted', async ({ status }, tx, ctx) => {
    const intent = status.reblog_of_id
      ? null
      : statusIntent(ctx, writerOf(status), 'status-deleted', status.id);
    if (intent) await tx.insertInto('federation_queue').values(intent).execute();
  });

  for (const type of ['StatusPublished', 'StatusEdited'] as const) {
    events.subscribe(type, async ({ status, author, quoted }, ctx) => {
      if (author.domain) return;
      intentCommitted(ctx);
      if (quoted && !quoted.local) await federateQuoteRequest(ctx, author, status, quoted);
    });
  }
  events.subscribe('StatusDeleted', async ({ status }, ctx) => {
    if (!status.local) return;
    if (status.reblog_of_id) await federateStatusDeleted(ctx, await localAuthorOf(ctx, status), status);
    else intentCommitted(ctx);
  });
}
