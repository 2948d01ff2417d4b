import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { isPostgres } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import { isId, storedId } from '../lib/ids.js';
import { dateSchema, endOfDay, keysSchema, startOfDay } from './metrics.js';
import { followsReceivedOnDomain } from '../relationships/conditions.js';

/**
 * POST /api/v1/admin/dimensions (Mastodon's Admin::Metrics::Dimension): the dashboard's breakdowns. Every key
 * Mastodon knows that is asked for is answered, with `data: []` when there is nothing to count (or the key's
 * parameter, a tag id or a domain, is missing); keys it does not know are left out, as Mastodon does.
 */

const idParam = z.object({ id: z.coerce.string() }).optional();
const domainParam = z.object({ domain: z.string().trim().toLowerCase() }).optional();

export const dimensionsInputSchema = z.object({
  keys: keysSchema,
  start_at: dateSchema.optional(),
  end_at: dateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  tag_servers: idParam,
  tag_languages: idParam,
  instance_accounts: domainParam,
  instance_languages: domainParam,
});

type Input = z.infer<typeof dimensionsInputSchema>;

export interface DimensionEntry {
  key: string;
  human_key: string;
  value: string;
  unit?: string;
  human_value?: string;
}

export interface Dimension {
  key: string;
  data: DimensionEntry[];
}

interface Scope {
  db: Db;
  input: Input;
  from: string;
  to: string;
  localDomain: string;
}

type CountRow = { key: string | null; value: number | string };

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const entries = (rows: CountRow[], limit: number, human: (key: string) => string = (key) => key) =>
  rows
    .filter((row): row is { key: string; value: number | string } => Boolean(row.key))
    .slice(0, limit)
    .map((row) => ({ key: row.key, human_key: human(row.key), value: String(row.value) }));

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'];

/** Rails' number_to_human_size: three significant digits, binary multiples ("46.2 GB", "780 GB", "12 Bytes"). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'Byte' : 'Bytes'}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${UNITS[unit]}`;
}

async function databaseSize(db: Db): Promise<number> {
  if (isPostgres(db)) {
    const result = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(
      db,
    );
    return Number(result.rows[0]?.size ?? 0);
  }
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(db);
  return Number(pages.rows[0]?.page_count ?? 0) * Number(size.rows[0]?.page_size ?? 0);
}

/** Statuses written within the period (not deleted), with their authors. */
function statusesInPeriod({ db, from, to }: Scope) {
  return db
    .selectFrom('statuses')
    .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
    .where('statuses.created_at', '>=', from)
    .where('statuses.created_at', '<=', to)
    .where('statuses.deleted_at', 'is', null);
}

type PeriodStatuses = ReturnType<typeof statusesInPeriod>;

const withTag = (query: PeriodStatuses, tagId: string): PeriodStatuses =>
  query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('status_tags')
        .select('status_tags.status_id')
        .whereRef('status_tags.status_id', '=', 'statuses.id')
        .where('status_tags.tag_id', '=', storedId(tagId)),
    ),
  );

async function countedBy(
  query: SelectQueryBuilder<Database, 'statuses' | 'accounts', object>,
  column: 'statuses.language' | 'accounts.domain',
): Promise<CountRow[]> {
  return query
    .select((eb) => [sql.ref<string | null>(column).as('key'), eb.fn.countAll<number | string>().as('value')])
    .where(column, 'is not', null)
    .groupBy(column)
    .orderBy('value', 'desc')
    .orderBy(column)
    .execute();
}

async function languages(scope: Scope, query: PeriodStatuses) {
  return entries(await countedBy(query, 'statuses.language'), scope.input.limit, languageName);
}

/** A tag's statuses per server: local ones count for this server's domain, as Mastodon's does. */
async function tagServers(scope: Scope, tagId: string) {
  const rows = await withTag(statusesInPeriod(scope), tagId)
    .select((eb) => [
      eb.fn.coalesce('accounts.domain', sql.val(scope.localDomain)).as('key'),
      eb.fn.countAll<number | string>().as('value'),
    ])
    .groupBy('accounts.domain')
    .orderBy('value', 'desc')
    .orderBy('key')
    .$castTo<CountRow>()
    .execute();
  return entries(rows, scope.input.limit);
}

/** The server's accounts most followed within the period (Mastodon's instance_accounts). */
async function instanceAccounts({ db, input, from, to }: Scope, domain: string) {
  const rows = await followsReceivedOnDomain(db, domain, from, to)
    .select((eb) => ['accounts.username as key', eb.fn.countAll<number | string>().as('value')])
    .groupBy(['accounts.id', 'accounts.username'])
    .orderBy('value', 'desc')
    .orderBy('accounts.username')
    .execute();
  return entries(rows, input.limit);
}

/** Sign-ups within the period per app they signed up with; the web page is Mastodon's "web" ("Website"). */
async function sources({ db, input, from, to }: Scope) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('oauth_apps', 'oauth_apps.id', 'users.created_by_app_id')
    .select((eb) => ['oauth_apps.name as name', eb.fn.countAll<number | string>().as('value')])
    .where('users.created_at', '>=', from)
    .where('users.created_at', '<=', to)
    .groupBy('oauth_apps.name')
    .orderBy('value', 'desc')
    .orderBy('oauth_apps.name')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    key: row.name ?? 'web',
    human_key: row.name ?? 'Website',
    value: String(row.value),
  }));
}

async function spaceUsage(db: Db): Promise<DimensionEntry[]> {
  const media = await db
    .selectFrom('media_attachments')
    .select((eb) => eb.fn.sum<number | string | null>('file_size').as('bytes'))
    .executeTakeFirst();
  const bytes = (value: number) => ({ value: String(value), unit: 'bytes', human_value: humanSize(value) });
  const database = isPostgres(db)
    ? { key: 'postgresql', human_key: 'PostgreSQL' }
    : { key: 'sqlite', human_key: 'SQLite' };
  return [
    { ...database, ...bytes(await databaseSize(db)) },
    { key: 'media', human_key: 'Media storage', ...bytes(Number(media?.bytes ?? 0)) },
  ];
}

async function softwareVersions(db: Db): Promise<DimensionEntry[]> {
  const database = isPostgres(db)
    ? {
        key: 'postgresql',
        human_key: 'PostgreSQL',
        value: String(
          (await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]?.server_version ??
            '',
        ),
      }
    : { key: 'sqlite', human_key: 'SQLite', value: process.versions.sqlite ?? '' };
  return [
    { key: 'palchat', human_key: 'Palchat', value: PALCHAT_VERSION },
    { key: 'nodejs', human_key: 'Node.js', value: process.versions.node },
    database,
  ].map((entry) => ({ ...entry, human_value: entry.value }));
}

const DIMENSIONS: Record<string, (scope: Scope) => Promise<DimensionEntry[]>> = {
  languages: (scope) => languages(scope, statusesInPeriod(scope)),
  sources,
  servers: async (scope) =>
    entries(await countedBy(statusesInPeriod(scope), 'accounts.domain'), scope.input.limit),
  space_usage: (scope) => spaceUsage(scope.db),
  software_versions: (scope) => softwareVersions(scope.db),
  tag_servers: async (scope) => {
    const id = scope.input.tag_servers?.id;
    return id && isId(id) ? tagServers(scope, id) : [];
  },
  tag_languages: async (scope) => {
    const id = scope.input.tag_languages?.id;
    return id && isId(id) ? languages(scope, withTag(statusesInPeriod(scope), id)) : [];
  },
  instance_accounts: async (scope) => {
    const domain = scope.input.instance_accounts?.domain;
    return domain ? instanceAccounts(scope, domain) : [];
  },
  instance_languages: async (scope) => {
    const domain = scope.input.instance_languages?.domain;
    return domain ? languages(scope, statusesInPeriod(scope).where('accounts.domain', '=', domain)) : [];
  },
};

export async function dimensions(db: Db, localDomain: string, input: Input): Promise<Dimension[]> {
  const scope: Scope = {
    db,
    input,
    localDomain,
    from: input.start_at ? startOfDay(input.start_at) : '0000',
    to: input.end_at ? endOfDay(input.end_at) : '9999',
  };
  const results: Dimension[] = [];
  for (const key of new Set(input.keys)) {
    const dimension = DIMENSIONS[key];
    if (dimension) results.push({ key, data: await dimension(scope) });
  }
  return results;
}
