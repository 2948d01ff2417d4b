import type { DomainEvents } from './events/domain-events.js';
import { subscribeChatFederation } from './federation/chat/subscribers.js';
import { subscribeStatusFederation } from './federation/outgoing/status-subscribers.js';
import { subscribeStatusNotifications } from './notifications/status-subscribers.js';
import { subscribeStatusStreams } from './statuses/status-streams.js';
import { subscribeFeeds } from './timelines/status-subscribers.js';

const subscribed = new WeakSet<DomainEvents>();

/**
 * Every side effect of a domain write, registered once per process (several apps on one context share them).
 * The order is the order they run in: feeds are written before the notifications and streams that tell of
 * them, and federation comes last.
 */
export function subscribeDomainHandlers(events: DomainEvents): void {
  if (subscribed.has(events)) return;
  subscribed.add(events);
  subscribeFeeds(events);
  subscribeStatusNotifications(events);
  subscribeStatusStreams(events);
  subscribeStatusFederation(events);
  subscribeChatFederation(events);
}
