import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DbOrTx } from '../db/index.js';
import type { StreamCredentials } from './revocations.js';
import { activeAccountIdsAmong } from '../accounts/store.js';

/**
 * Ids looked up per statement. With SQLite a statement runs on the event loop: a process holding 10,000 sockets
 * checks them in small statements with a turn of the loop between them, not in a few long ones that would hold
 * back every delivery for as long.
 */
const CHUNK = 100;

async function inChunks(
  ids: Set<string>,
  find: (chunk: string[]) => Promise<string[]>,
): Promise<Set<string>> {
  const list = [...ids];
  const found = new Set<string>();
  for (let start = 0; start < list.length; start += CHUNK) {
    if (start > 0) await nextTurn();
    for (const id of await find(list.slice(start, start + CHUNK))) found.add(id);
  }
  return found;
}

/**
 * The credentials among `list` that no longer hold: a token revoked or gone, a session signed out, an account
 * disabled, unapproved or gone. The safety net behind the revocation events, should a process miss one.
 */
export async function lapsedCredentials<T extends StreamCredentials>(
  db: DbOrTx,
  list: readonly T[],
): Promise<T[]> {
  if (list.length === 0) return [];
  const ids = (pick: (credentials: T) => string | null) =>
    new Set(list.map(pick).filter((id): id is string => id !== null));
  const [tokens, sessions, accounts] = await Promise.all([
    inChunks(
      ids((c) => c.tokenId),
      async (chunk) =>
        (
          await db
            .selectFrom('oauth_tokens')
            .select('id')
            .where('id', 'in', chunk)
            .where('revoked_at', 'is', null)
            .execute()
        ).map((row) => row.id),
    ),
    inChunks(
      ids((c) => c.sessionId),
      async (chunk) =>
        (await db.selectFrom('sessions').select('id').where('id', 'in', chunk).execute()).map(
          (row) => row.id,
        ),
    ),
    inChunks(
      ids((c) => c.accountId),
      async (chunk) => activeAccountIdsAmong(db, chunk),
    ),
  ]);
  return list.filter(
    (c) =>
      !accounts.has(c.accountId) ||
      (c.tokenId !== null && !tokens.has(c.tokenId)) ||
      (c.sessionId !== null && !sessions.has(c.sessionId)),
  );
}
