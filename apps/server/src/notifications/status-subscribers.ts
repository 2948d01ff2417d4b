import type { DomainEvents } from '../events/domain-events.js';
import { publishNotification } from './service.js';

/** The notifications a status write recorded are streamed and pushed once it has committed. */
export function subscribeStatusNotifications(events: DomainEvents): void {
  for (const type of ['StatusPublished', 'StatusEdited'] as const) {
    events.subscribe(type, async ({ notifications }, ctx) => {
      for (const notification of notifications) await publishNotification(ctx, notification);
    });
  }
}
