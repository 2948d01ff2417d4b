// A throw-away deployment for a benchmark: its own SQLite file or PostgreSQL schema (and Redis prefix), seeded
// through the server's own modules, then served by one or more real server processes.
// Run under `node --import tsx` so that the server's TypeScript modules can be imported.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/server.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function answers(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const finish = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** Whether PostgreSQL and Redis answer, for the modes that need them. */
export async function sharedStorageAvailable() {
  const [postgres, redis] = await Promise.all([answers(POSTGRES_URL, 5432), answers(REDIS_URL, 6379)]);
  return { postgres, redis, both: postgres && redis };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Benchmarks send thousands of requests a second with one token from one address: limits they cannot reach,
 * still counted on every request, so that the counting's cost stays in the figures.
 */
const BENCH_RATE_LIMITS = {
  RATE_LIMIT_API_PER_5_MINUTES: '1000000000',
  RATE_LIMIT_API_PER_ACCOUNT_PER_5_MINUTES: '1000000000',
  RATE_LIMIT_MEDIA_UPLOADS_PER_30_MINUTES: '1000000000',
  RATE_LIMIT_STATUS_DELETIONS_PER_30_MINUTES: '1000000000',
  RATE_LIMIT_SIGN_IN_PER_5_MINUTES: '1000000000',
  RATE_LIMIT_SIGN_UP_PER_30_MINUTES: '1000000000',
  RATE_LIMIT_INBOX_PER_ACTOR_PER_5_MINUTES: '1000000000',
  RATE_LIMIT_INBOX_PER_SERVER_PER_5_MINUTES: '1000000000',
};

/**
 * mode `sqlite`: one SQLite file in a temporary data folder.
 * mode `postgres`: a schema of its own in POSTGRES_URL, plus REDIS_URL with a prefix of its own.
 * Returns the environment for server processes, an open (migrated) database for seeding, and cleanup().
 */
export async function createDeployment(mode, label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `palchat-bench-${label}-`));
  const schema = `bench_${label}_${process.pid}`.replace(/[^a-z0-9_]/g, '_');
  const env =
    mode === 'postgres'
      ? {
          ...BENCH_RATE_LIMITS,
          DATA_DIR: dataDir,
          DATABASE_URL: POSTGRES_URL,
          DATABASE_SCHEMA: schema,
          REDIS_URL,
          REDIS_PREFIX: `palchat-${schema}:`,
        }
      : {
          ...BENCH_RATE_LIMITS,
          DATA_DIR: dataDir,
          DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.sqlite3')}`,
        };
  const { db, close } = await openDatabase(loadConfig({ ...env, PORT: '0' }));
  return {
    mode,
    env,
    db,
    dataDir,
    /** Ends the seeding. On PostgreSQL the seeded tables are analyzed first, as autovacuum would have them on a
     * live server: without statistics the planner takes every table for a small one (a local timeline page then
     * scanned the accounts table once per status it read: 10 pages a second instead of 265). */
    async closeDatabase() {
      if (mode === 'postgres') await sql`analyze`.execute(db);
      await close().catch(() => undefined);
    },
    async cleanup() {
      await close().catch(() => undefined);
      if (mode === 'postgres') {
        const admin = new pg.Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one server process (`node --import tsx apps/server/src/main.ts`) and waits until it answers. */
export async function startServerProcess(env, { nodeArgs = [], extraEnv = {} } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/v1/instance`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${url} did not answer:\n${output.join('')}`);
    await pause(100);
  }
  return {
    url,
    child,
    output,
    stop: () => stopChild(child, 10_000),
  };
}

/** Ends a child process: SIGTERM, then SIGKILL if it still runs after `graceMs`. */
export async function stopChild(child, graceMs) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function startServerProcesses(env, count, options) {
  return Promise.all(Array.from({ length: count }, () => startServerProcess(env, options)));
}

/** The machine's state, printed with every benchmark since the machine may be shared. */
export function machineNote() {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `${os.cpus().length} CPU, load average ${one} ${five} ${fifteen}, Node ${process.version}`;
}
