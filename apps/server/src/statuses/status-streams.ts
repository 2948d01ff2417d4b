import type { AppContext } from '../context.js';
import type { StatusesTable } from '../db/schema.js';
import type { DomainEvents } from '../events/domain-events.js';
import { refreshPreviewCard } from './cards.js';
import { streamStatus } from './fanout.js';
import { feedsLeftOut } from '../timelines/feeds.js';

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

/**
 * Statuses reach the streams (and their preview cards are read) once written, edited or removed; a boost only
 * the streams of the feeds it entered (after the feeds subscriber: timelines/status-subscribers.ts).
 */
export function subscribeStatusStreams(events: DomainEvents): void {
  events.subscribe('StatusPublished', ({ status }, ctx) => streamWithCard(ctx, status, 'update'));
  events.subscribe('StatusEdited', ({ status }, ctx) => streamWithCard(ctx, status, 'status.update'));
  events.subscribe('StatusDeleted', ({ status, boosts }, ctx) => {
    void streamStatus(ctx, status, 'delete');
    for (const boost of boosts) void streamStatus(ctx, boost, 'delete');
  });
  events.subscribe('StatusReblogged', async ({ boost }, ctx) => {
    const skippedFeeds = await feedsLeftOut(ctx.db, boost);
    void streamStatus(ctx, boost, 'update', { skippedFeeds });
  });
  events.subscribe('StatusUnreblogged', ({ boost }, ctx) => {
    void streamStatus(ctx, boost, 'delete');
  });
}
