import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { dialectOf, type Db } from '../db/index.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import {
  BACKUP_FORMAT,
  folderStats,
  isEmptyFolder,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  PG_DUMP_FILE,
  readSecrets,
  runPostgresTool,
  SECRETS_FILE,
  SQLITE_FILE,
  type BackupManifest,
} from './backup-format.js';

export const BACKUP_USAGE = `  backup DIR                   write a consistent snapshot of the running server into the new or empty
                               folder DIR: the database (SQLite: VACUUM INTO; PostgreSQL: pg_dump), the
                               media files, the secrets (secrets.json: keep it private) and manifest.json
  restore DIR [--force]        put a backup back into this configuration's empty data folder (SQLite) or
                               empty schema (PostgreSQL, with pg_restore); --force replaces what is there.
                               Stop the servers first; they migrate the data at their next start`;

/** A backup that cannot be made or restored as asked: said plainly, exit code 1. */
export class BackupRefused extends Error {}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function latestMigration(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(
    db,
  );
  return rows[0]?.name ?? '';
}

/** The database first: media written after the snapshot is extra, never missing from what it refers to. */
async function snapshotDatabase(config: Config, db: Db, dir: string): Promise<BackupManifest['database']> {
  if (dialectOf(config.databaseUrl) === 'sqlite') {
    const file = path.join(dir, SQLITE_FILE);
    // one read transaction: a consistent copy while the server writes (WAL)
    await sql`vacuum into ${file}`.execute(db);
    await fs.chmod(file, 0o600);
    return { dialect: 'sqlite', file: SQLITE_FILE, sha256: await sha256(file) };
  }
  const schema = config.databaseSchema ?? 'public';
  const file = path.join(dir, PG_DUMP_FILE);
  // pg_dump reads in one repeatable-read transaction: consistent while the servers write
  await runPostgresTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--schema=${schema}`,
    `--file=${file}`,
    `--dbname=${config.databaseUrl}`,
  ]);
  await fs.chmod(file, 0o600);
  return { dialect: 'postgres', file: PG_DUMP_FILE, sha256: await sha256(file), schema };
}

async function copyMedia(config: Config, dir: string): Promise<BackupManifest['media']> {
  if (config.mediaStorage !== 'local') return { storage: config.mediaStorage };
  const target = path.join(dir, MEDIA_FOLDER);
  await fs.mkdir(target);
  // files being uploaded are streamed elsewhere (UPLOAD_TMP_DIR) and moved in whole, so no half file is copied
  await fs
    .cp(config.mediaDir, target, { recursive: true, force: false, errorOnExist: false })
    .catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  return { storage: 'local', folder: MEDIA_FOLDER, ...(await folderStats(target)) };
}

/** `backup DIR`: a snapshot of the server as it runs, restorable with `restore DIR`. */
export async function runBackup(
  config: Config,
  db: Db,
  args: string[],
  output: { out(line: string): void },
): Promise<void> {
  if (args.length !== 1 || args[0]?.startsWith('--')) throw new BackupRefused('Expected: backup DIR');
  const dir = path.resolve(args[0] as string);
  if (!(await isEmptyFolder(dir))) throw new BackupRefused(`${dir} is not empty: back up into a new folder`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });

  const database = await snapshotDatabase(config, db, dir);
  const media = await copyMedia(config, dir);
  const secrets = await readSecrets(db, config);
  await fs.writeFile(path.join(dir, SECRETS_FILE), JSON.stringify(secrets, null, 2), { mode: 0o600 });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    palchat_version: PALCHAT_VERSION,
    created_at: new Date().toISOString(),
    local_domain: config.localDomain,
    database,
    migration: await latestMigration(db),
    media,
    secrets: SECRETS_FILE,
  };
  await fs.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

  output.out(`Backed up ${config.localDomain} into ${dir}`);
  output.out(`  database: ${database.file} (${database.dialect}, up to migration ${manifest.migration})`);
  output.out(
    'files' in media
      ? `  media: ${media.files} files, ${(media.bytes / (1024 * 1024)).toFixed(1)} MB`
      : `  media: not copied, they live in the ${media.storage} store: back it up with its own tools`,
  );
  output.out(
    `  secrets: ${SECRETS_FILE} (SECRET_KEY_BASE, VAPID, ${secrets.account_keys.length} actors' keys): keep it private`,
  );
}
