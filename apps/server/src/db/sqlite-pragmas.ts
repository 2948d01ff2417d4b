import { Worker } from 'node:worker_threads';

/** A connection that runs a statement string (node:sqlite's DatabaseSync). */
export interface SqliteConnection {
  exec(sql: string): unknown;
}

/** How often the checkpoint worker copies the write-ahead log back into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The settings a server needs, applied right after the connection opens: WAL (readers never wait for the
 * writer), `synchronous=NORMAL` (a commit does not fsync; only checkpoints do, and WAL keeps the database
 * consistent after a crash), a busy timeout instead of SQLITE_BUSY, foreign keys, temporary tables in memory,
 * a larger page cache, a write-ahead log cut back to 64 MiB once checkpointed. A file database also turns off
 * automatic checkpoints, which would otherwise run (and fsync) inside whichever commit crosses the threshold:
 * a worker thread checkpoints on its own connection instead. Returns the function that stops that worker.
 */
export function applyServerPragmas(connection: SqliteConnection, file: string): () => Promise<void> {
  connection.exec(`
    pragma journal_mode = WAL;
    pragma synchronous = NORMAL;
    pragma foreign_keys = ON;
    pragma busy_timeout = 5000;
    pragma temp_store = MEMORY;
    pragma cache_size = -32000;
    pragma journal_size_limit = 67108864;
  `);
  if (file === ':memory:' || file === '') return async () => undefined;
  connection.exec('pragma wal_autocheckpoint = 0');
  return startCheckpointWorker(file);
}

// The worker checkpoints on a connection of its own, so the fsync never blocks the server's event loop.
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const connection = new DatabaseSync(workerData.file);
connection.exec('pragma busy_timeout = 5000');
const timer = setInterval(() => {
  try { connection.exec('pragma wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { connection.exec('pragma wal_checkpoint(TRUNCATE)'); } catch {}
  connection.close();
  process.exit(0);
});
`;

function startCheckpointWorker(file: string): () => Promise<void> {
  const worker = new Worker(CHECKPOINT_WORKER, {
    eval: true,
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  let stopping = false;
  // A database closed (and its folder removed) before the worker got to open it is no failure.
  worker.on('error', (error) => {
    if (!stopping) console.error('SQLite checkpoint worker stopped:', error);
  });
  return async () => {
    stopping = true;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
  };
}
