import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { Kysely, type Transaction } from 'kysely';
import {
  withNamedStatements,
  LiteralLimitPostgresDialect,
  LiteralLimitSqliteDialect,
} from '../hot-path/index.js';
import { nodeSqliteDatabase } from './node-sqlite-dialect.js';
import type { Database } from './schema.js';
import { applyServerPragmas } from './sqlite-pragmas.js';
import { databaseOutage } from './unavailable.js';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  url: string;
  /** PostgreSQL only: the schema every connection works in (tests use one schema each). */
  schema?: string;
  /** PostgreSQL only: connections in the pool (DATABASE_POOL_SIZE; DEFAULT_DATABASE_POOL_SIZE). */
  poolSize?: number;
}

const CONNECT_TIMEOUT_MS = 5000;

/**
 * A connection lost (backend terminated, failover, network cut) emits 'error' on its client, checked out or
 * idle, and on the pool: unheard, that kills the process. Heard, the query in flight fails, the pool drops
 * the connection and makes a new one for the next request.
 */
function watchPool(pool: pg.Pool): void {
  pool.on('error', (error) => databaseOutage.failed(error));
  pool.on('connect', (client) => {
    databaseOutage.recovered();
    client.on('error', (error) => databaseOutage.failed(error));
  });
}

export function dialectOf(url: string): DialectName {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

export function createDatabase({ url, schema, poolSize = DEFAULT_DATABASE_POOL_SIZE }: DatabaseOptions): Db {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // a cut network fails requests (503, db/unavailable.ts) instead of holding them until TCP gives up
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    watchPool(pool);
    return new Kysely<Database>({
      dialect: new LiteralLimitPostgresDialect({ pool: withNamedStatements(pool) }),
    });
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  const stopCheckpoints = applyServerPragmas(sqlite, file);
  const prepared = nodeSqliteDatabase(sqlite);
  const database = {
    prepare: (sql: string) => prepared.prepare(sql),
    close: () => {
      void stopCheckpoints();
      prepared.close();
    },
  };
  const db = new Kysely<Database>({ dialect: new LiteralLimitSqliteDialect({ database }) });
  const dataVersion = sqlite.prepare('pragma data_version');
  dataVersionReaders.set(db, () => Number((dataVersion.get() as { data_version: number }).data_version));
  return db;
}

/** per SQLite database made by createDatabase(): its connection's `pragma data_version`, read in place */
const dataVersionReaders = new WeakMap<Db, () => number>();

/**
 * SQLite: a number that changes whenever another connection (another process) has committed to the database
 * file, read synchronously, without waiting for the connection Kysely lends to one statement at a time.
 * Null on PostgreSQL and on a database wrapped by a plugin.
 */
export function sqliteDataVersion(db: Db): number | null {
  return dataVersionReaders.get(db)?.() ?? null;
}

export { isPostgres } from './dialect.js';
