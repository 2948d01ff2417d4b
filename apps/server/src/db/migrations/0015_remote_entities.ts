import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index.js';

/**
 * Remote accounts and statuses (ActivityPub): an account row with a `domain` is a remote actor (no `users`
 * row), a status with `local = 0` came from another server and keeps its `uri`/`url`, its sanitized HTML
 * (`content_html`) and, when its parent is not known here yet, the parent's `in_reply_to_uri`. Remote media
 * rows point at `remote_url` and have no local file until cached.
 *
 * Usernames are unique per domain now: the column-level UNIQUE on accounts.username_lower gives way to an
 * expression index on (username_lower, COALESCE(domain, '')), local accounts having a NULL domain. SQLite
 * cannot drop a column constraint, so it rebuilds the two tables it changes (its documented procedure, with
 * foreign keys off so that dropping the old table cascades nothing); PostgreSQL alters them in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table accounts drop constraint if exists accounts_username_lower_key`.execute(db);
    await sql`alter table media_attachments alter column file_path drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'accounts', (create) =>
      replaceOnce(create, '"username_lower" text not null unique', '"username_lower" text not null'),
    );
    await rebuildSqliteTable(db, 'media_attachments', (create) =>
      replaceOnce(create, '"file_path" text not null', '"file_path" text'),
    );
  }

  for (const column of [
    'domain',
    'uri',
    'url',
    'inbox_url',
    'shared_inbox_url',
    'outbox_url',
    'followers_url',
    'following_url',
    'featured_url',
    'actor_type',
    'also_known_as_json',
    'avatar_remote_url',
    'header_remote_url',
    'fetched_at',
  ]) {
    await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
  }
  await sql`create unique index accounts_username_domain on accounts (username_lower, (coalesce(domain, '')))`.execute(
    db,
  );
  await db.schema.createIndex('accounts_uri').unique().on('accounts').column('uri').execute();
  await db.schema.createIndex('accounts_domain').on('accounts').column('domain').execute();

  await db.schema.alterTable('statuses').addColumn('uri', 'text').execute();
  await db.schema.alterTable('statuses').addColumn('url', 'text').execute();
  await db.schema.alterTable('statuses').addColumn('content_html', 'text').execute();
  await db.schema.alterTable('statuses').addColumn('in_reply_to_uri', 'text').execute();
  await db.schema.createIndex('statuses_uri').unique().on('statuses').column('uri').execute();
  await db.schema.createIndex('statuses_in_reply_to_uri').on('statuses').column('in_reply_to_uri').execute();
  // the local and remote public timelines: newest first within one side
  await db.schema.createIndex('statuses_local').on('statuses').columns(['local', 'id']).execute();

  // a remote status's versions keep their HTML as well
  await db.schema.alterTable('status_edits').addColumn('content_html', 'text').execute();

  await db.schema.alterTable('media_attachments').addColumn('remote_url', 'text').execute();

  // a remote poll's counts as its server reports them (Mastodon's cached_tallies): votes are counted there
  await db.schema.alterTable('polls').addColumn('remote_tallies_json', 'text').execute();
  await db.schema.alterTable('polls').addColumn('remote_voters_count', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('The remote entities migration cannot be reverted');
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`Unexpected table definition, "${from}" not found in: ${text}`);
  return text.replace(from, to);
}

interface SchemaRow {
  type: string;
  name: string;
  sql: string | null;
}

/**
 * SQLite's table rebuild (https://www.sqlite.org/lang_altertable.html#otheralter): a new table from the
 * changed definition, the rows copied, the old table dropped, the new one renamed, its indexes and triggers
 * made again. Runs outside a transaction (Kysely runs SQLite migrations without one), as `foreign_keys`
 * cannot change inside one.
 */
async function rebuildSqliteTable(
  db: Kysely<unknown>,
  table: string,
  changeDefinition: (createSql: string) => string,
): Promise<void> {
  const { rows } =
    await sql<SchemaRow>`select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  if (!definition) throw new Error(`No table ${table}`);
  const temporary = `${table}__rebuilt`;
  const changed = changeDefinition(definition).replace(
    new RegExp(`^create table "?${table}"?`, 'i'),
    `create table "${temporary}"`,
  );
  const companions = rows.filter((row) => row.type !== 'table' && row.sql !== null);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(changed).execute(db);
    await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
    for (const companion of companions) await sql.raw(companion.sql as string).execute(db);
    const { rows: violations } = await sql`pragma foreign_key_check`.execute(db);
    if (violations.length) throw new Error(`Rebuilding ${table} broke foreign keys`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
