import type { DomainEvents } from '../events/domain-events.js';
import { fanOutToFeeds } from './feeds.js';

/** New statuses go into the home and list feeds that show them; an edit may add hashtags someone follows. */
export function subscribeFeeds(events: DomainEvents): void {
  events.subscribe('StatusPublished', async ({ status }, ctx) => {
    await fanOutToFeeds(ctx.db, status);
  });
  events.subscribe('StatusEdited', async ({ status }, ctx) => {
    await fanOutToFeeds(ctx.db, status);
  });
}
