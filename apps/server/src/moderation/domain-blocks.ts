import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DbOrTx } from '../db/index.js';
import type { DomainBlockSeverity, InstanceDomainBlocksTable } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { domainAndParents, domainSchema, findServerBlock } from './server-blocks.js';
import { message } from '../i18n/format.js';

/**
 * Server-wide blocks of remote domains (Mastodon's admin DomainBlock). The admin API writes them; federation
 * reads them through `domainBlockFor` to drop (suspend) or limit (silence) a server's accounts and content,
 * refuse its media (reject_media) and reports (reject_reports).
 */

const flag = z
  .preprocess(
    (value) => (typeof value === 'string' ? ['true', '1', 'on'].includes(value) : value),
    z.boolean(),
  )
  .optional();

const optionalComment = z.string().max(1000).nullable().optional();

export const domainBlockUpdateSchema = z.object({
  severity: z.enum(['noop', 'silence', 'suspend']).optional(),
  reject_media: flag,
  reject_reports: flag,
  private_comment: optionalComment,
  public_comment: optionalComment,
  obfuscate: flag,
});

export const domainBlockCreateSchema = domainBlockUpdateSchema.extend({ domain: domainSchema });

/** Mastodon's Admin::DomainBlock entity. */
export function serializeDomainBlock(row: InstanceDomainBlocksTable) {
  return {
    id: row.id,
    domain: row.domain,
    digest: createHash('sha256').update(row.domain).digest('hex'),
    created_at: row.created_at,
    severity: row.severity,
    reject_media: row.reject_media === 1,
    reject_reports: row.reject_reports === 1,
    private_comment: row.private_comment,
    public_comment: row.public_comment,
    obfuscate: row.obfuscate === 1,
  };
}

const bit = (value: boolean | undefined): 0 | 1 | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

function columnsOf(input: z.infer<typeof domainBlockUpdateSchema>) {
  const columns = {
    severity: input.severity,
    reject_media: bit(input.reject_media),
    reject_reports: bit(input.reject_reports),
    private_comment: input.private_comment,
    public_comment: input.public_comment,
    obfuscate: bit(input.obfuscate),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<
    typeof columns
  >;
}

/**
 * The rule that applies to a domain: its own block or a parent domain's (a block on example.com covers
 * social.example.com), the most specific first.
 */
export async function domainBlockFor(db: DbOrTx, domain: string): Promise<InstanceDomainBlocksTable | null> {
  const candidates = domainAndParents(domain);
  if (candidates.length === 0) return null;
  const rows = await db
    .selectFrom('instance_domain_blocks')
    .selectAll()
    .where('domain', 'in', candidates)
    .execute();
  rows.sort((a, b) => b.domain.length - a.domain.length);
  return rows[0] ?? null;
}

/** A second block of the same domain is refused with the existing one, as Mastodon answers. */
export async function createDomainBlock(db: DbOrTx, input: z.infer<typeof domainBlockCreateSchema>) {
  const existing = await db
    .selectFrom('instance_domain_blocks')
    .selectAll()
    .where('domain', '=', input.domain)
    .executeTakeFirst();
  if (existing)
    throw unprocessable(message('moderation.domain_block_exists', { domain: input.domain }), 'taken', {
      existing_domain_block: serializeDomainBlock(existing),
    });
  const now = nowIso();
  const row: InstanceDomainBlocksTable = {
    id: newId(),
    domain: input.domain,
    severity: 'silence' satisfies DomainBlockSeverity,
    reject_media: 0,
    reject_reports: 0,
    private_comment: null,
    public_comment: null,
    obfuscate: 0,
    created_at: now,
    updated_at: now,
    ...columnsOf(input),
  };
  await db.insertInto('instance_domain_blocks').values(row).execute();
  return row;
}

export async function updateDomainBlock(
  db: DbOrTx,
  id: string,
  input: z.infer<typeof domainBlockUpdateSchema>,
) {
  const current = await findServerBlock(db, 'instance_domain_blocks', id);
  await db
    .updateTable('instance_domain_blocks')
    .set({ ...columnsOf(input), updated_at: nowIso() })
    .where('id', '=', current.id)
    .execute();
  return findServerBlock(db, 'instance_domain_blocks', current.id);
}

/** Whether media, avatars and headers of `domain` stay on their server: `reject_media`, or suspended. */
export async function rejectsMediaFrom(db: DbOrTx, domain: string | null | undefined): Promise<boolean> {
  if (!domain) return false;
  const block = await domainBlockFor(db, domain);
  return Boolean(block && (block.reject_media === 1 || block.severity === 'suspend'));
}
