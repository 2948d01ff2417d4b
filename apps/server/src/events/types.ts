import type { AccountRow } from '../auth/viewer.js';
import type { NotificationsTable, StatusesTable } from '../db/schema.js';
import type { SocialEvent } from './social.js';
import type { ChatEvent } from './chat.js';
import type { E2eeEvent } from './e2ee.js';

/**
 * What the domains tell the rest of the server once a write has committed. Each names the rows as they were
 * written, so that a subscriber need not read them again; other domains' events join the union as they are
 * emitted.
 */

/** A status appeared: a local one through the API or a schedule, a remote one through the inbox. */
export interface StatusPublished {
  type: 'StatusPublished';
  status: StatusesTable;
  author: AccountRow;
  /** the notifications the write recorded (mentions, quotes), to be delivered */
  notifications: readonly (NotificationsTable | null)[];
  /** the status it quotes, when the write made that quote */
  quoted: StatusesTable | null;
}

/** A status's content changed (an edit by its author, or a remote Update). */
export interface StatusEdited {
  type: 'StatusEdited';
  status: StatusesTable;
  author: AccountRow;
  /** the notifications the edit recorded (added mentions, boosters, quoters, a new quote) */
  notifications: readonly (NotificationsTable | null)[];
  /** the status it now quotes, when the edit made that quote */
  quoted: StatusesTable | null;
}

/** A status (local or remote, a boost too) was removed with its boosts. */
export interface StatusDeleted {
  type: 'StatusDeleted';
  status: StatusesTable;
  /** its boosts, removed with it */
  boosts: readonly StatusesTable[];
}

export type DomainEvent =
  StatusPublished | StatusEdited | StatusDeleted | SocialEvent | ChatEvent | E2eeEvent;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
