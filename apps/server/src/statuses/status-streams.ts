import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import type { DomainEvents } from '../events/domain-events.js';
import { refreshPreviewCard } from './cards.js';
import { streamStatus } from './fanout.js';

/**
 * In the background: streams the status while its link's preview card is read (not after, so a slow fan-out
 * does not delay the card); a new card arrives as status.update once both are done.
 */
function streamWithCard(ctx: AppContext, status: StatusesTable, event: 'update' | 'status.update'): void {
  const streamed = streamStatus(ctx, status, event);
  if (!status.link_url) return;
  const carded = refreshPreviewCard(ctx.db, status.link_url, {
    allowedPrivateAddresses: ctx.config.allowedPrivateAddresses,
  });
  void Promise.all([carded, streamed]).then(([hasCard]) =>
    hasCard && event === 'update' ? streamStatus(ctx, status, 'status.update') : undefined,
  );
}

/** Statuses reach the streams (and their preview cards are read) once written, edited or removed. */
export function subscribeStatusStreams(events: DomainEvents): void {
  events.subscribe('StatusPublished', ({ status }, ctx) => streamWithCard(ctx, status, 'update'));
  events.subscribe('StatusEdited', ({ status }, ctx) => streamWithCard(ctx, status, 'status.update'));
  events.subscribe('StatusDeleted', ({ status, boosts }, ctx) => {
    void streamStatus(ctx, status, 'delete');
    for (const boost of boosts) void streamStatus(ctx, boost, 'delete');
  });
}
