import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDatabase, dialectOf, type Db } from './db/index.js';
import { leaseIdSlot, SINGLE_PROCESS_SLOT, type IdSlotLease } from './db/id-slot.js';
import { migrateToLatest } from './db/migrate.js';
import { routeFedifyLogs } from './federation/logging.js';
import { buildApp } from './http/app.js';
import { useIdSlot } from './lib/ids.js';
import { createMediaStorage } from './media/storage.js';
import { InProcessEventBus, type EventBus } from './streaming/bus.js';
import { InProcessStreamingLimits, type StreamingLimits } from './streaming/limits.js';
import { RedisStreamingLimits } from './streaming/limits-redis.js';
import { InProcessPresence, type PresenceRegistry } from './streaming/presence.js';
import { RedisPresence } from './streaming/presence-redis.js';
import { RedisEventBus } from './streaming/redis-bus.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and listens: what `npm start` runs (once per process). */
export async function startServer(config: Config): Promise<RunningServer> {
  const { db, close: closeDatabase } = await openDatabase(config);
  const shared = await createSharedServices(config, (what, error) =>
    app.log.warn({ err: error }, `${what} failed`),
  );
  const media = createMediaStorage(config);
  const app = await buildApp(
    { config, db, ...shared.services, media },
    { logger: { level: config.logLevel } },
  );
  if (config.federation.enabled) routeFedifyLogs(app.log, config.federationLogLevel);
  await app.listen({ host: config.host, port: config.port, backlog: 2048 });
  return {
    app,
    url: `http://${config.host}:${config.port}`,
    async stop() {
      await app.close();
      await shared.close();
      await closeDatabase();
    },
  };
}

/** What the processes of one deployment share through Redis when REDIS_URL is set (each its own otherwise). */
export interface SharedServices {
  services: { bus: EventBus; presence: PresenceRegistry; streamingLimits: StreamingLimits };
  close(): Promise<void>;
}

/** The event bus, presence and streaming limits, as every server process makes them (benches too). */
export async function createSharedServices(
  config: Config,
  onError: (what: string, error: unknown) => void,
): Promise<SharedServices> {
  const bus = await createEventBus(config);
  const presence = await createPresence(config, (error) => onError('presence', error));
  const streamingLimits = await createStreamingLimits(config, (error) => onError('streaming limits', error));
  return {
    services: { bus, presence, streamingLimits },
    async close() {
      await presence.close();
      await streamingLimits.close();
      await bus.close();
    },
  };
}

export interface OpenDatabase {
  db: Db;
  /** Closes the database and frees this process's id slot. */
  close: () => Promise<void>;
}

/**
 * The database, migrated, with this process's id slot (db/id-slot.ts). On PostgreSQL the configured schema is
 * created when missing, and migrations run under an advisory lock so that several processes starting together
 * on a fresh database take turns.
 */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  if (dialectOf(config.databaseUrl) !== 'postgres') {
    const db = createDatabase({ url: config.databaseUrl });
    await migrateToLatest(db);
    return withIdSlot(db, SINGLE_PROCESS_SLOT);
  }
  const schema = config.databaseSchema ?? undefined;
  const lock = new pg.Client({ connectionString: config.databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [`palchat:migrate:${schema ?? 'public'}`]);
    // The name was checked to be a plain identifier by loadConfig.
    if (schema) await lock.query(`create schema if not exists ${schema}`);
    const db = createDatabase({ url: config.databaseUrl, schema, poolSize: config.databasePoolSize });
    await migrateToLatest(db);
    return withIdSlot(db, await leaseIdSlot(config.databaseUrl, schema, { onSlot: useIdSlot }));
  } finally {
    await lock.end().catch(() => undefined);
  }
}

function withIdSlot(db: Db, lease: IdSlotLease): OpenDatabase {
  useIdSlot(lease.slot);
  return {
    db,
    async close() {
      await db.destroy();
      await lease.release();
    },
  };
}

/** In-process fan-out by default; Redis pub/sub when REDIS_URL is set, so several processes share events. */
export async function createEventBus(config: Config): Promise<EventBus> {
  if (!config.redisUrl) return new InProcessEventBus();
  const bus = new RedisEventBus(config.redisUrl, config.redisPrefix);
  await bus.ready();
  return bus;
}

/** Who is online: this process's sockets by default; shared through Redis when REDIS_URL is set. */
async function createPresence(config: Config, onError: (error: unknown) => void): Promise<PresenceRegistry> {
  if (!config.redisUrl) return new InProcessPresence();
  const presence = new RedisPresence(config.redisUrl, { prefix: config.redisPrefix, onError });
  await presence.ready();
  return presence;
}

/** Streaming socket and typing limits: counted in this process by default; across processes with REDIS_URL. */
async function createStreamingLimits(
  config: Config,
  onError: (error: unknown) => void,
): Promise<StreamingLimits> {
  if (!config.redisUrl) return new InProcessStreamingLimits(config.streaming);
  const limits = new RedisStreamingLimits(config.redisUrl, {
    ...config.streaming,
    prefix: config.redisPrefix,
    onError,
  });
  await limits.ready();
  return limits;
}
