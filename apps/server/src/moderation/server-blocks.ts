import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { DbOrTx } from '../db/index.js';
import { notFound, unprocessable } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { PageQuery } from '../timelines/pagination.js';
import { newestFirst, paginateQuery } from '../timelines/pagination.js';

/** The server-wide block and allow lists the admin API manages, each a table with an `id` column. */
export type ServerBlockTable =
  | 'instance_domain_blocks'
  | 'instance_domain_allows'
  | 'email_domain_blocks'
  | 'canonical_email_blocks'
  | 'ip_blocks';

export type ServerBlockRow<T extends ServerBlockTable> = Selectable<Database[T]> & { id: string };

/** The tables share their id column and paging; Kysely cannot type a query over a union of tables. */
const blockTables = (db: DbOrTx) => db as unknown as Kysely<Pick<Database, ServerBlockTable>>;

export async function listServerBlocks<T extends ServerBlockTable>(
  db: DbOrTx,
  table: T,
  page: PageQuery,
): Promise<ServerBlockRow<T>[]> {
  const query = blockTables(db)
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widened to the constraint for kysely's overloads (tsc fails without)
    .selectFrom(table as ServerBlockTable)
    .selectAll();
  const rows = await paginateQuery(query, 'id', page).execute();
  return newestFirst(rows, page) as ServerBlockRow<T>[];
}

export async function findServerBlock<T extends ServerBlockTable>(
  db: DbOrTx,
  table: T,
  id: string,
): Promise<ServerBlockRow<T>> {
  const row = isId(id)
    ? await blockTables(db)
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widened to the constraint for kysely's overloads (tsc fails without)
        .selectFrom(table as ServerBlockTable)
        .selectAll()
        .where('id', '=', storedId(id))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row as ServerBlockRow<T>;
}

export async function deleteServerBlock(db: DbOrTx, table: ServerBlockTable, id: string): Promise<void> {
  const row = await findServerBlock(db, table, id);
  await blockTables(db).deleteFrom(table).where('id', '=', row.id).execute();
}

/** A host name as stored: lower case, no trailing dot, every label valid (punycode for IDNs). */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .refine(
    (value) =>
      value.length <= 253 &&
      value.split('.').every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label)) &&
      value.includes('.'),
    'is not a valid domain',
  );

/** The domain and every parent domain: a block on example.com covers social.example.com. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

async function refuseTaken(
  db: DbOrTx,
  table: 'instance_domain_allows' | 'email_domain_blocks',
  domain: string,
): Promise<void> {
  const taken = await db.selectFrom(table).select('id').where('domain', '=', domain).executeTakeFirst();
  if (taken) throw unprocessable('moderation.domain_taken', 'taken');
}

// ---- allowed domains ----

export async function createDomainAllow(db: DbOrTx, domain: string) {
  await refuseTaken(db, 'instance_domain_allows', domain);
  const row = { id: newId(), domain, created_at: nowIso() };
  await db.insertInto('instance_domain_allows').values(row).execute();
  return row;
}

// ---- e-mail domain blocks ----

export const emailDomainBlockInputSchema = z.object({
  domain: domainSchema,
  allow_with_approval: z
    .preprocess(
      (value) => (typeof value === 'string' ? ['true', '1', 'on'].includes(value) : value),
      z.boolean(),
    )
    .optional(),
});

export async function createEmailDomainBlock(db: DbOrTx, input: z.infer<typeof emailDomainBlockInputSchema>) {
  await refuseTaken(db, 'email_domain_blocks', input.domain);
  const row = {
    id: newId(),
    domain: input.domain,
    allow_with_approval: input.allow_with_approval ? (1 as const) : (0 as const),
    created_at: nowIso(),
  };
  await db.insertInto('email_domain_blocks').values(row).execute();
  return row;
}

// ---- canonical e-mail blocks ----

/** Mastodon's canonical address: lower case, without dots or a +suffix in the local part. */
export function canonicalEmailHash(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const canonicalLocal = local.replace(/\./g, '').split('+')[0] ?? '';
  return createHash('sha256').update(`${canonicalLocal}@${domain}`).digest('hex');
}

export const canonicalEmailBlockInputSchema = z
  .object({
    email: z.email().optional(),
    canonical_email_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be a SHA-256 hex digest')
      .optional(),
  })
  .refine((input) => input.email || input.canonical_email_hash, 'email or canonical_email_hash is required');

export async function createCanonicalEmailBlock(
  db: DbOrTx,
  input: z.infer<typeof canonicalEmailBlockInputSchema>,
) {
  const hash = input.email
    ? canonicalEmailHash(input.email)
    : (input.canonical_email_hash ?? '').toLowerCase();
  const taken = await db
    .selectFrom('canonical_email_blocks')
    .select('id')
    .where('canonical_email_hash', '=', hash)
    .executeTakeFirst();
  if (taken) throw unprocessable('moderation.email_taken', 'taken');
  const row = { id: newId(), canonical_email_hash: hash, created_at: nowIso() };
  await db.insertInto('canonical_email_blocks').values(row).execute();
  return row;
}

export async function canonicalEmailBlocksMatching(db: DbOrTx, email: string) {
  return db
    .selectFrom('canonical_email_blocks')
    .selectAll()
    .where('canonical_email_hash', '=', canonicalEmailHash(email))
    .execute();
}

/**
 * Whether sign-ups with this address are refused (`block`), wait for approval (`approval`) or pass: a
 * blocked canonical address, or a blocked domain of the address or a parent of it.
 */
export async function emailSignUpVerdict(db: DbOrTx, email: string): Promise<'block' | 'approval' | 'pass'> {
  if ((await canonicalEmailBlocksMatching(db, email)).length > 0) return 'block';
  const domains = domainAndParents(email.split('@')[1] ?? '');
  const rules = domains.length
    ? await db
        .selectFrom('email_domain_blocks')
        .select('allow_with_approval')
        .where('domain', 'in', domains)
        .execute()
    : [];
  if (rules.some((rule) => !rule.allow_with_approval)) return 'block';
  return rules.length > 0 ? 'approval' : 'pass';
}

// ---- IP blocks ----

const IP_SEVERITIES = ['sign_up_requires_approval', 'sign_up_block', 'no_access'] as const;

/** An address or CIDR range, stored as given but normalized to "address/prefix". */
const ipRangeSchema = z
  .string()
  .trim()
  .transform((value, issue) => {
    const [address = '', prefixText] = value.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) {
      issue.addIssue({ code: 'custom', message: 'is not a valid IP address or range' });
      return z.NEVER;
    }
    return `${address.toLowerCase()}/${prefix}`;
  });

const expiresInSchema = z.coerce.number().int().positive().optional();

export const ipBlockCreateSchema = z.object({
  ip: ipRangeSchema,
  severity: z.enum(IP_SEVERITIES),
  comment: z.string().max(1000).optional(),
  expires_in: expiresInSchema,
});

export const ipBlockUpdateSchema = z.object({
  ip: ipRangeSchema.optional(),
  severity: z.enum(IP_SEVERITIES).optional(),
  comment: z.string().max(1000).optional(),
  expires_in: expiresInSchema,
});

const expiry = (seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(Date.now() + seconds * 1000).toISOString();

async function refuseTakenRange(db: DbOrTx, ip: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('ip_blocks').select('id').where('ip', '=', ip);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw unprocessable('moderation.ip_taken', 'taken');
}

export async function createIpBlock(db: DbOrTx, input: z.infer<typeof ipBlockCreateSchema>) {
  await refuseTakenRange(db, input.ip);
  const now = nowIso();
  const row = {
    id: newId(),
    ip: input.ip,
    severity: input.severity,
    comment: input.comment ?? '',
    expires_at: expiry(input.expires_in) ?? null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('ip_blocks').values(row).execute();
  return row;
}

export async function updateIpBlock(db: DbOrTx, id: string, input: z.infer<typeof ipBlockUpdateSchema>) {
  const current = await findServerBlock(db, 'ip_blocks', id);
  if (input.ip) await refuseTakenRange(db, input.ip, current.id);
  const changes = {
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.severity ? { severity: input.severity } : {}),
    ...(input.comment !== undefined ? { comment: input.comment } : {}),
    ...(input.expires_in !== undefined ? { expires_at: expiry(input.expires_in) } : {}),
    updated_at: nowIso(),
  };
  await db.updateTable('ip_blocks').set(changes).where('id', '=', current.id).execute();
  return findServerBlock(db, 'ip_blocks', current.id);
}

/** The strictest unexpired IP block covering the address, if any. */
export async function ipBlockSeverity(
  db: DbOrTx,
  address: string,
): Promise<(typeof IP_SEVERITIES)[number] | null> {
  const family = isIP(address);
  if (!family) return null;
  const blocks = await db
    .selectFrom('ip_blocks')
    .select(['ip', 'severity'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
    .execute();
  let strictest: (typeof IP_SEVERITIES)[number] | null = null;
  for (const block of blocks) {
    const [network = '', prefix = '0'] = block.ip.split('/');
    const networkFamily = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    const list = new BlockList();
    list.addSubnet(network, Number(prefix), networkFamily);
    if (!list.check(address, family === 6 ? 'ipv6' : 'ipv4')) continue;
    if (!strictest || IP_SEVERITIES.indexOf(block.severity) > IP_SEVERITIES.indexOf(strictest))
      strictest = block.severity;
  }
  return strictest;
}
