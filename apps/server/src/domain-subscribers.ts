import type { DomainEvents } from './events/domain-events.js';
import { subscribeE2eeStreams } from './e2ee/subscribers.js';
import { subscribeChatFederation } from './federation/chat/subscribers.js';
import { subscribeE2eeFederation } from './federation/e2ee/subscribers.js';
import { subscribeInteractionFederation } from './federation/outgoing/interaction-subscribers.js';
import { subscribeProfileFederation } from './federation/outgoing/profile-subscribers.js';
import { subscribeRelationshipFederation } from './federation/outgoing/relationship-subscribers.js';
import { subscribeStatusFederation } from './federation/outgoing/status-subscribers.js';
import { subscribeInstanceContact } from './instance/contact-subscribers.js';
import { subscribeSocialNotifications } from './notifications/social-subscribers.js';
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
  subscribeSocialNotifications(events);
  subscribeStatusStreams(events);
  subscribeInstanceContact(events);
  subscribeE2eeStreams(events);
  subscribeStatusFederation(events);
  subscribeRelationshipFederation(events);
  subscribeProfileFederation(events);
  subscribeInteractionFederation(events);
  subscribeChatFederation(events);
  subscribeE2eeFederation(events);
}
