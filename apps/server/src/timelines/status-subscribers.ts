import type { DomainEvents } from '../events/domain-events.js';
import { fanOutToFeeds } from './feeds.js';

/**
 * New statuses and boosts go into the home and list feeds that show them; an edit may add hashtags someone
 * follows. (An undone boost leaves the feeds in its own write.)
 */
export function subscribeFeeds(events: DomainEvents): void {
  events.subscribe('StatusPublished', async ({ status }, ctx) => {
    await fanOutToFeeds(ctx.db, status);
  });
  events.subscribe('StatusEdited', async ({ status }, ctx) => {
    await fanOutToFeeds(ctx.db, status);
  });
  events.subscribe('StatusReblogged', async ({ boost }, ctx) => {
    await fanOutToFeeds(ctx.db, boost);
  });
}
