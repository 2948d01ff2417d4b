import type { DomainEvents } from '../events/domain-events.js';
import { publishNotification } from './service.js';

/**
 * The notifications that follows, favourites, boosts, collections and reports (the staff's) recorded are
 * streamed and pushed once committed.
 */
export function subscribeSocialNotifications(events: DomainEvents): void {
  for (const type of ['Followed', 'FollowRequested', 'StatusFavourited', 'StatusReblogged'] as const) {
    events.subscribe(type, ({ notification }, ctx) => publishNotification(ctx, notification));
  }
  for (const type of ['CollectionChanged', 'ReportFiled'] as const) {
    events.subscribe(type, async ({ notifications }, ctx) => {
      for (const notification of notifications) await publishNotification(ctx, notification);
    });
  }
}
