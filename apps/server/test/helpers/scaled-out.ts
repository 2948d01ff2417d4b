import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { createDatabase, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { buildApp } from '../../src/http/app.js';
import { createMediaStorage } from '../../src/media/storage.js';
import { RedisStreamingLimits } from '../../src/streaming/limits-redis.js';
import { RedisPresence } from '../../src/streaming/presence-redis.js';
import { RedisEventBus } from '../../src/streaming/redis-bus.js';
import { GENEROUS_RATE_LIMITS, TEST_POSTGRES_URL, TEST_SECRET_KEY_BASE } from './harness.js';
import { TEST_REDIS_URL } from './redis.js';

export interface ScaledOutInstance {
  app: FastifyInstance;
  ctx: AppContext;
  /** ws://host:port of this instance */
  wsBase: string;
}

export interface ScaledOut {
  db: Db;
  config: Config;
  instances: ScaledOutInstance[];
  close(): Promise<void>;
}

/**
 * Several app instances in this process, as several server processes would run them: one PostgreSQL schema,
 * and the event bus, presence and streaming limits shared through one Redis prefix.
 */
export async function createScaledOut(count: number, overrides: Partial<Config> = {}): Promise<ScaledOut> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-test-'));
  const prefix = `palchat-test-${randomUUID()}:`;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0' }),
    databaseUrl: TEST_POSTGRES_URL,
    redisUrl: TEST_REDIS_URL,
    redisPrefix: prefix,
    // as every test server: helpers/auth.ts signs CSRF tokens with this key; no suite trips a limit by accident
    secretKeyBase: TEST_SECRET_KEY_BASE,
    rateLimit: GENEROUS_RATE_LIMITS,
    ...overrides,
  };
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({ url: config.databaseUrl, schema });
  await migrateToLatest(db);
  const instances: ScaledOutInstance[] = [];
  const closers: Array<() => Promise<void>> = [];
  for (let index = 0; index < count; index += 1) {
    const bus = new RedisEventBus(TEST_REDIS_URL, prefix);
    const presence = new RedisPresence(TEST_REDIS_URL, { prefix });
    const streamingLimits = new RedisStreamingLimits(TEST_REDIS_URL, { ...config.streaming, prefix });
    await Promise.all([bus.ready(), presence.ready(), streamingLimits.ready()]);
    const ctx: AppContext = { config, db, bus, presence, streamingLimits, media: createMediaStorage(config) };
    const app = await buildApp(ctx);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ app, ctx, wsBase: address.replace(/^http/, 'ws') });
    closers.push(async () => {
      await app.close();
      await Promise.all([presence.close(), streamingLimits.close()]);
      await bus.close();
    });
  }
  return {
    db,
    config,
    instances,
    async close() {
      await Promise.all(closers.map((close) => close()));
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
