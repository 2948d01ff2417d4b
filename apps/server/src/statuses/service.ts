import type { AccountRow } from '../auth/viewer.js';
import type { Db } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isId, storedId } from '../lib/ids.js';
import { boostedReadableBy, notSilencedBy, visibleTo } from './visibility.js';

const MAX_ANCESTORS = 40;
const MAX_DESCENDANTS = 60;

/** A status (and the original, for a boost) the viewer may read, or a 404: hidden statuses do not exist. */
export async function findVisibleStatus(
  db: Db,
  viewer: AccountRow | null,
  id: string,
): Promise<StatusesTable> {
  const row = isId(id)
    ? await db
        .selectFrom('statuses')
        .selectAll('statuses')
        .where('statuses.id', '=', storedId(id))
        .where(visibleTo(viewer?.id ?? null))
        .where(boostedReadableBy(viewer?.id ?? null, { silenced: true }))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

/** The readable thread around a status: its chain of parents (oldest first) and its replies (depth first). */
export async function statusContext(
  db: Db,
  viewer: AccountRow | null,
  status: StatusesTable,
): Promise<{ ancestors: StatusesTable[]; descendants: StatusesTable[] }> {
  const viewerId = viewer?.id ?? null;
  const ancestors: StatusesTable[] = [];
  let parentId = status.in_reply_to_id;
  while (parentId && ancestors.length < MAX_ANCESTORS) {
    const parent = await db
      .selectFrom('statuses')
      .selectAll('statuses')
      .where('statuses.id', '=', parentId)
      .where(visibleTo(viewerId))
      .executeTakeFirst();
    if (!parent) break;
    ancestors.unshift(parent);
    parentId = parent.in_reply_to_id;
  }

  const descendants: StatusesTable[] = [];
  const walk = async (id: string): Promise<void> => {
    const replies = await db
      .selectFrom('statuses')
      .selectAll('statuses')
      .where('statuses.in_reply_to_id', '=', id)
      .where(visibleTo(viewerId))
      .where(notSilencedBy(viewerId))
      .orderBy('statuses.id', 'asc')
      .limit(MAX_DESCENDANTS)
      .execute();
    for (const reply of replies) {
      if (descendants.length >= MAX_DESCENDANTS) return;
      descendants.push(reply);
      await walk(reply.id);
    }
  };
  await walk(status.id);
  return { ancestors, descendants };
}
