import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { dialectOf, type Db } from '../db/index.js';
import { openDatabase } from '../server.js';
import {
  BACKUP_FORMAT,
  isEmptyFolder,
  MANIFEST_FILE,
  runPostgresTool,
  SECRET_ROWS,
  type BackupManifest,
  type BackupSecrets,
} from './backup-format.js';
import { BackupRefused } from './backup.js';

async function readJson<T>(file: string): Promise<T> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    throw new BackupRefused(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

function optionsOf(args: string[]): { dir: string; force: boolean } {
  const positional = args.filter((arg) => arg !== '--force');
  const unknown = positional.find((arg) => arg.startsWith('--'));
  if (unknown) throw new BackupRefused(`Unknown option "${unknown}"`);
  if (positional.length !== 1) throw new BackupRefused('Expected: restore DIR [--force]');
  return { dir: path.resolve(positional[0] as string), force: args.includes('--force') };
}

const sqliteFileOf = (config: Config) => config.databaseUrl.slice('sqlite:'.length);

/** The folders a restore writes into, which must be empty unless forced (checked before anything is written). */
async function refuseNonEmptyFolders(config: Config, manifest: BackupManifest): Promise<void> {
  const folders = 'folder' in manifest.media ? [config.mediaDir] : [];
  if (manifest.database.dialect === 'sqlite')
    folders.push(config.dataDir, path.dirname(sqliteFileOf(config)));
  for (const folder of new Set(folders)) {
    if (!(await isEmptyFolder(folder)))
      throw new BackupRefused(`${folder} is not empty: restore into an empty data folder, or add --force`);
  }
}

async function restoreSqlite(config: Config, dir: string, manifest: BackupManifest): Promise<void> {
  const target = sqliteFileOf(config);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // the journal of whatever database was there would be replayed onto the restored one
  for (const suffix of ['-wal', '-shm']) await fs.rm(`${target}${suffix}`, { force: true });
  await fs.copyFile(path.join(dir, manifest.database.file), target);
}

/** Tables in the schema: a schema holding any is not empty. */
async function tablesIn(client: pg.Client, schema: string): Promise<number> {
  const result = await client.query<{ count: string }>(
    'select count(*) as count from information_schema.tables where table_schema = $1',
    [schema],
  );
  return Number(result.rows[0]?.count ?? 0);
}

async function schemaExists(client: pg.Client, schema: string): Promise<boolean> {
  const result = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * pg_restore brings the backup's schema back under its own name; when this configuration uses another one,
 * the restored schema is renamed to it, so the backup's name must be free in the target database.
 */
async function restorePostgres(
  config: Config,
  dir: string,
  manifest: Extract<BackupManifest['database'], { dialect: 'postgres' }>,
  force: boolean,
): Promise<void> {
  const target = config.databaseSchema ?? 'public';
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    if (!force && (await tablesIn(client, target)) > 0)
      throw new BackupRefused(`Schema ${target} is not empty: restore into an empty schema, or add --force`);
    if (manifest.schema !== target && (await schemaExists(client, manifest.schema)))
      throw new BackupRefused(
        `The backup's schema ${manifest.schema} exists in the target database: restore into another database, ` +
          `or with DATABASE_SCHEMA=${manifest.schema}`,
      );
    // names were checked to be plain identifiers by loadConfig (the target) and pg_dump (the backup's)
    // pg_restore makes the schema again (`public` too: the dump names it)
    await client.query(`drop schema if exists ${target} cascade`);
  } finally {
    await client.end();
  }
  await runPostgresTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${config.databaseUrl}`,
    path.join(dir, manifest.file),
  ]);
  if (manifest.schema !== target) {
    const rename = new pg.Client({ connectionString: config.databaseUrl });
    await rename.connect();
    await rename.query(`alter schema ${manifest.schema} rename to ${target}`).finally(() => rename.end());
  }
}

async function restoreMedia(config: Config, dir: string, manifest: BackupManifest): Promise<void> {
  if (!('folder' in manifest.media)) return;
  await fs.rm(config.mediaDir, { recursive: true, force: true });
  await fs.cp(path.join(dir, manifest.media.folder), config.mediaDir, { recursive: true });
}

/**
 * The secrets go back into the database (where every process reads them), whatever the snapshot held: the
 * environment's SECRET_KEY_BASE too, so that a restored server without it keeps sessions and push tokens.
 */
async function restoreSecrets(db: Db, secrets: BackupSecrets): Promise<void> {
  const rows = [
    ...(secrets.secret_key_base
      ? [{ key: SECRET_ROWS.secretKeyBase, value: secrets.secret_key_base.value }]
      : []),
    ...(secrets.vapid
      ? [
          { key: SECRET_ROWS.vapidPublic, value: secrets.vapid.public_key },
          { key: SECRET_ROWS.vapidPrivate, value: secrets.vapid.private_key },
        ]
      : []),
  ];
  await db.transaction().execute(async (tx) => {
    if (rows.length > 0)
      await tx
        .insertInto('server_settings')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
    for (const keys of secrets.account_keys) {
      const { account_id: _id, ...pairs } = keys;
      await tx
        .insertInto('account_keys')
        .values(keys)
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet(pairs))
        .execute();
    }
  });
}

/** `restore DIR [--force]`: runs without a database opened, since it is the database that it brings. */
export async function runRestore(config: Config, args: string[], output: { out(line: string): void }) {
  const { dir, force } = optionsOf(args);
  const manifest = await readJson<BackupManifest>(path.join(dir, MANIFEST_FILE));
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupRefused(
      `${dir} holds a backup of format ${String(manifest.format)}; this Palchat reads ${String(BACKUP_FORMAT)}`,
    );
  const dialect = dialectOf(config.databaseUrl);
  if (manifest.database.dialect !== dialect)
    throw new BackupRefused(
      `The backup is of a ${String(manifest.database.dialect)} database and DATABASE_URL is ${dialect}`,
    );
  if ('folder' in manifest.media && config.mediaStorage !== 'local')
    throw new BackupRefused(
      `The backup's media are files, and MEDIA_STORAGE is ${String(config.mediaStorage)}`,
    );
  if (dialect === 'sqlite' && sqliteFileOf(config) === ':memory:')
    throw new BackupRefused('DATABASE_URL names an in-memory database');
  const secrets = await readJson<BackupSecrets>(path.join(dir, manifest.secrets));
  if (!force) await refuseNonEmptyFolders(config, manifest);

  // the database first: a PostgreSQL schema that is not empty refuses before any file is touched
  if (manifest.database.dialect === 'sqlite') await restoreSqlite(config, dir, manifest);
  else await restorePostgres(config, dir, manifest.database, force);
  await restoreMedia(config, dir, manifest);

  // opening migrates a backup made by an older Palchat
  const { db, close } = await openDatabase(config);
  try {
    await restoreSecrets(db, secrets);
  } finally {
    await close();
  }
  output.out(`Restored the backup of ${manifest.local_domain} made ${manifest.created_at}`);
  if (manifest.local_domain !== config.localDomain)
    output.out(
      `Note: this configuration's LOCAL_DOMAIN is ${config.localDomain}; the backup's accounts are ` +
        `@${manifest.local_domain}, so set LOCAL_DOMAIN and PUBLIC_URL as they were`,
    );
  if (secrets.secret_key_base?.source === 'environment')
    output.out('SECRET_KEY_BASE came from the environment: it is now also kept in the database');
}
