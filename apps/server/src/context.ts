import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { EventBus } from './streaming/bus.js';

/** What every domain module gets: configuration, the database and the event bus. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: EventBus;
}
