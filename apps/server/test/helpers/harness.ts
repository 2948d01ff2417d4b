import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { describe } from 'vitest';
import { loadConfig, type Config, type RateLimits } from '../../src/config.js';
import { createDatabase, type Db, type DialectName } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { buildApp, type BuildAppOptions } from '../../src/http/app.js';
import { createMediaStorage } from '../../src/media/storage.js';
import { InProcessEventBus, type EventBus } from '../../src/streaming/bus.js';
import { InProcessPresence } from '../../src/streaming/presence.js';
import type { AppContext } from '../../src/context.js';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const postgresReachable = await canReachPostgres();
if (!postgresReachable) {
  console.warn(
    `[tests] PostgreSQL is not reachable at ${TEST_POSTGRES_URL}: the PostgreSQL variants are skipped. ` +
      'Start PostgreSQL (or set TEST_DATABASE_URL) to run them.',
  );
}

/**
 * Limits no suite reaches by accident (a suite sends hundreds of requests with one token from one address);
 * the rate-limit suites set their own, and one of them checks the defaults.
 */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  apiPer5Minutes: 1_000_000,
  apiPerAccountPer5Minutes: 1_000_000,
  mediaUploadsPer30Minutes: 1_000_000,
  statusDeletionsPer30Minutes: 1_000_000,
  signInPer5Minutes: 1_000_000,
  signUpPer30Minutes: 1_000_000,
  inboxPerActorPer5Minutes: 1_000_000,
  inboxPerServerPer5Minutes: 1_000_000,
};

/** Every test server signs CSRF tokens with it, so that helpers/auth.ts can make them (a test may pass null). */
export const TEST_SECRET_KEY_BASE = 'test-secret-key-base';

export interface TestServer {
  dialect: DialectName;
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

async function asPostgresAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** A new PostgreSQL schema of the test database, named `<prefix>_<pid>_<random>`: one per test database. */
export async function createTestSchema(prefix: string): Promise<string> {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await asPostgresAdmin(`create schema ${schema}`);
  return schema;
}

export const dropTestSchema = (schema: string): Promise<void> =>
  asPostgresAdmin(`drop schema ${schema} cascade`);

export interface TestServerOptions {
  dbPlugins?: KyselyPlugin[];
  /** the event bus (in-process by default) */
  bus?: EventBus;
  /** the app's log (none by default) */
  logger?: BuildAppOptions['logger'];
  /** PostgreSQL: work in this existing schema, which the test owns (not dropped), instead of a new one */
  schema?: string;
}

/** A fresh, migrated database (in-memory SQLite, or a schema of its own in PostgreSQL) and the app on it. */
export async function createTestServer(
  dialect: DialectName = 'sqlite',
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-test-'));
  // each server its own upload folder, so that a suite can see that nothing is left in it
  const base = loadConfig({ DATA_DIR: dataDir, PORT: '0', UPLOAD_TMP_DIR: path.join(dataDir, 'upload-tmp') });
  const config: Config = {
    ...base,
    databaseUrl: dialect === 'postgres' ? TEST_POSTGRES_URL : 'sqlite::memory:',
    rateLimit: GENEROUS_RATE_LIMITS,
    secretKeyBase: TEST_SECRET_KEY_BASE,
    ...overrides,
  };
  const ownSchema = dialect === 'postgres' && !options.schema;
  const schema = ownSchema ? await createTestSchema('t') : options.schema;
  const rawDb = createDatabase({ url: config.databaseUrl, schema });
  await migrateToLatest(rawDb);
  const db = (options.dbPlugins ?? []).reduce((wrapped, plugin) => wrapped.withPlugin(plugin), rawDb);
  const bus = options.bus ?? new InProcessEventBus();
  const presence = new InProcessPresence();
  const ctx: AppContext = { config, db, bus, presence, media: createMediaStorage(config) };
  const app = await buildApp(ctx, options.logger ? { logger: options.logger } : {});
  await app.ready();
  return {
    dialect,
    app,
    ctx,
    db,
    config,
    async close() {
      await app.close();
      await presence.close();
      await bus.close();
      await db.destroy();
      if (ownSchema && schema) await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite on SQLite always and on PostgreSQL when it answers (skipped with a message otherwise). */
export function describeEachDialect(title: string, suite: (dialect: DialectName) => void): void {
  describe(`${title} [sqlite]`, () => suite('sqlite'));
  describe.skipIf(!postgresReachable)(`${title} [postgres]`, () => suite('postgres'));
}
