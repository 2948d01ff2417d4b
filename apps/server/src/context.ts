import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { DomainEvents } from './events/domain-events.js';
import type { MediaStorage } from './media/storage.js';
import type { FederationPort } from './federation-port.js';
import type { ChatPeers } from './messaging/group-peers.js';
import type { EventBus } from './streaming/bus.js';
import type { StreamingLimits } from './streaming/limits.js';
import type { PresenceRegistry } from './streaming/presence.js';

/**
 * What every domain module gets: configuration, the database and the event bus. Presence, limits and media storage
 * are optional here so that a context built by hand (tests, tools) works: `presenceFor(ctx)`,
 * `streamingLimitsFor(ctx)` and `mediaStorageFor(ctx)` fall back to in-process ones and the local folder.
 */
export interface AppContext {
  config: Config;
  db: Db;
  bus: EventBus;
  presence?: PresenceRegistry;
  streamingLimits?: StreamingLimits;
  media?: MediaStorage;
  /** where domains announce committed writes (events/); made by buildApp, which registers the subscribers */
  events?: DomainEvents;
  /** what domains ask of other servers (federation-port.ts); absent when federation is off (FEDERATION=off) */
  federation?: FederationPort;
  /** what the message box asks of other servers (messaging/group-peers.ts); installed with federation */
  chatPeers?: ChatPeers;
}
