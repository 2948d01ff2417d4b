import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { InProcessEventBus, type EventBus } from './streaming/bus.js';
import { RedisEventBus } from './streaming/redis-bus.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and listens: what `npm start` runs. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(db);
  const bus = await createEventBus(config);
  const app = await buildApp({ config, db, bus }, { logger: { level: config.logLevel } });
  await app.listen({ host: config.host, port: config.port });
  return {
    app,
    url: `http://${config.host}:${config.port}`,
    async stop() {
      await app.close();
      await bus.close();
      await db.destroy();
    },
  };
}

/** In-process fan-out by default; Redis pub/sub when REDIS_URL is set, so several processes share events. */
async function createEventBus(config: Config): Promise<EventBus> {
  if (!config.redisUrl) return new InProcessEventBus();
  const bus = new RedisEventBus(config.redisUrl);
  await bus.ready();
  return bus;
}
