import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/index.js';
import type { AccountKeysTable } from '../db/schema.js';

/** What a backup folder holds, named in its manifest.json (format 1). */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const SECRETS_FILE = 'secrets.json';
export const SQLITE_FILE = 'database.sqlite3';
export const PG_DUMP_FILE = 'database.pgdump';
export const MEDIA_FOLDER = 'media';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  palchat_version: string;
  created_at: string;
  local_domain: string;
  database:
    | { dialect: 'sqlite'; file: typeof SQLITE_FILE; sha256: string }
    | { dialect: 'postgres'; file: typeof PG_DUMP_FILE; sha256: string; schema: string };
  /** the latest migration the snapshot had: a newer Palchat migrates it at its first start */
  migration: string;
  media:
    { storage: 'local'; folder: typeof MEDIA_FOLDER; files: number; bytes: number } | { storage: string };
  secrets: typeof SECRETS_FILE;
}

/**
 * The server's secrets, kept beside the database snapshot so that they survive even a lost environment:
 * SECRET_KEY_BASE (the environment's, else the one generated into server_settings), the VAPID pair and every
 * actor's federation key pairs (account_keys: local accounts, group actors and the instance actor).
 */
export interface BackupSecrets {
  secret_key_base: { source: 'environment' | 'database'; value: string } | null;
  vapid: { public_key: string; private_key: string } | null;
  account_keys: AccountKeysTable[];
}

/** server_settings rows that are secrets, not settings (settings/secret-key.ts, push/vapid.ts). */
export const SECRET_ROWS = {
  secretKeyBase: 'secret_key_base',
  vapidPublic: 'vapid_public_key',
  vapidPrivate: 'vapid_private_key',
} as const;

export async function readSecrets(db: DbOrTx, config: Config): Promise<BackupSecrets> {
  const rows = await db
    .selectFrom('server_settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(SECRET_ROWS))
    .execute();
  const row = (key: string) => rows.find((candidate) => candidate.key === key)?.value;
  const storedKey = row(SECRET_ROWS.secretKeyBase);
  const vapidPublic = row(SECRET_ROWS.vapidPublic);
  const vapidPrivate = row(SECRET_ROWS.vapidPrivate);
  return {
    secret_key_base: config.secretKeyBase
      ? { source: 'environment', value: config.secretKeyBase }
      : storedKey
        ? { source: 'database', value: storedKey }
        : null,
    vapid: vapidPublic && vapidPrivate ? { public_key: vapidPublic, private_key: vapidPrivate } : null,
    account_keys: await db.selectFrom('account_keys').selectAll().orderBy('account_id').execute(),
  };
}

/** Runs a PostgreSQL client tool; its absence is said plainly, as is its error output. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed: a PostgreSQL backup needs PostgreSQL's client tools of the server's ` +
                'major version or newer (Debian: apt-get install postgresql-client)',
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Every file under a folder, recursively, with the total size. */
export async function folderStats(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** True when the path is missing or an empty folder. */
export async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}
