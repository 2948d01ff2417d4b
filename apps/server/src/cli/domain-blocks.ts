import type { Db } from '../db/index.js';
import {
  createDomainBlock,
  domainBlockCreateSchema,
  serializeDomainBlock,
  updateDomainBlock,
} from '../moderation/domain-blocks.js';
import { deleteServerBlock } from '../moderation/server-blocks.js';

export const DOMAIN_BLOCKS_USAGE = `  domain-blocks list           show the servers limited or suspended
  domain-blocks add DOMAIN [--severity silence|suspend|noop] [--reject-media true] [--reject-reports true]
                               limit (silence: out of public timelines) or suspend (no delivery either way)
                               a server and its subdomains; adding a blocked domain again updates its block
  domain-blocks remove DOMAIN  lift the block of a server`;

/** A mistake in how a domain-blocks command was typed. */
export class DomainBlocksUsageError extends Error {}

function optionsOf(args: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] ?? '';
    const value = args[index + 1];
    if (!name.startsWith('--') || value === undefined)
      throw new DomainBlocksUsageError(`Expected --option value pairs, got "${name}"`);
    options[name.slice(2)] = value;
  }
  return options;
}

async function findByDomain(db: Db, domain: string) {
  return db.selectFrom('instance_domain_blocks').selectAll().where('domain', '=', domain).executeTakeFirst();
}

/** `domain-blocks list|add|remove`: the admin API's domain blocks (instance_domain_blocks) from the shell. */
export async function runDomainBlocksCommand(
  db: Db,
  args: string[],
  output: { out(line: string): void },
): Promise<void> {
  const [action, domainArg, ...rest] = args;
  if (action === 'list' && domainArg === undefined) {
    const rows = await db.selectFrom('instance_domain_blocks').selectAll().orderBy('domain').execute();
    for (const row of rows) {
      const block = serializeDomainBlock(row);
      const extras = [block.reject_media && 'reject_media', block.reject_reports && 'reject_reports'].filter(
        Boolean,
      );
      output.out([block.domain, block.severity, ...extras].join('\t'));
    }
    return;
  }
  if ((action === 'add' || action === 'remove') && domainArg) {
    const options = optionsOf(rest);
    const parsed = domainBlockCreateSchema.safeParse({
      domain: domainArg,
      severity: options.severity ?? 'suspend',
      reject_media: options['reject-media'],
      reject_reports: options['reject-reports'],
    });
    if (!parsed.success)
      throw new DomainBlocksUsageError(parsed.error.issues.map((issue) => issue.message).join('; '));
    const existing = await findByDomain(db, parsed.data.domain);
    if (action === 'remove') {
      if (!existing) throw new DomainBlocksUsageError(`${parsed.data.domain} is not blocked`);
      await deleteServerBlock(db, 'instance_domain_blocks', existing.id);
      output.out(`Unblocked ${parsed.data.domain}`);
      return;
    }
    const row = existing
      ? await updateDomainBlock(db, existing.id, parsed.data)
      : await createDomainBlock(db, parsed.data);
    output.out(`Blocked ${row.domain} (${row.severity})`);
    return;
  }
  throw new DomainBlocksUsageError('Expected: domain-blocks list | add DOMAIN [options] | remove DOMAIN');
}
