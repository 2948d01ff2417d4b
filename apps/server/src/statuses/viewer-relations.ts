import type { Db } from '../db/index.js';
import { runTemplate } from '../db/query-templates.js';
import type { ViewerRelations } from './visibility.js';

/**
 * Which kinds of relation the viewer has at all, read in one statement for each page that uses them (never kept:
 * a block or a mute made a moment ago counts at the next read). Most people block, mute and hide nobody, and a
 * timeline's statement then leaves out the rules that could only exclude through such relations, which it would
 * otherwise check for every row it reads.
 */
export async function loadViewerRelations(db: Db, viewerId: string): Promise<ViewerRelations> {
  const [row] = await runTemplate(db, 'viewer relations', { viewer: viewerId }, (marker) =>
    db.selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('blocks').select('id').where('account_id', '=', marker.viewer!)).as('blocks'),
      eb
        .exists(eb.selectFrom('blocks').select('id').where('target_account_id', '=', marker.viewer!))
        .as('blocked_by'),
      eb.exists(eb.selectFrom('mutes').select('id').where('account_id', '=', marker.viewer!)).as('mutes'),
      eb
        .exists(eb.selectFrom('domain_blocks').select('id').where('account_id', '=', marker.viewer!))
        .as('domain_blocks'),
      eb
        .exists(
          eb
            .selectFrom('lists')
            .select('id')
            .where('account_id', '=', marker.viewer!)
            .where('exclusive', '=', 1),
        )
        .as('exclusive_lists'),
    ]),
  );
  // SQLite answers 0 or 1, PostgreSQL a boolean
  return {
    blocks: Boolean(row?.blocks ?? true),
    blockedBy: Boolean(row?.blocked_by ?? true),
    mutes: Boolean(row?.mutes ?? true),
    domainBlocks: Boolean(row?.domain_blocks ?? true),
    exclusiveLists: Boolean(row?.exclusive_lists ?? true),
  };
}

/** The relations a statement's rules depend on, for a query template's shape. */
export const relationsShape = (relations: ViewerRelations): string =>
  `relations: ${Object.entries(relations)
    .filter(([, present]) => present)
    .map(([relation]) => relation)
    .join(' ')}`;
