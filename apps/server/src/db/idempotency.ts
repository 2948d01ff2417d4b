import type { OperationNodeSource } from 'kysely';
import type { IdempotentKind } from './schema.js';
import type { Db, DbOrTx, Tx } from './index.js';
import { ApiError, notFound } from '../http/errors.js';
import { nowIso } from '../lib/time.js';

/** How long a key answers with what it made first: an hour, as Mastodon keeps an Idempotency-Key. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 60 * 60 * 1000;

export interface IdempotencyScope {
  accountId: string;
  kind: IdempotentKind;
  /** the request's Idempotency-Key; without one, every request makes a new thing */
  key: string | undefined;
}

/**
 * Records the request's key for the thing `id`, in the thing's transaction: throws when another request holds
 * the key, which rolls the transaction back.
 */
export interface KeyClaim {
  (tx: Tx, id: string): Promise<void>;
  /**
   * The same record as one insert that returns a row only when it took the key, for a writer that folds it into
   * a statement of its own (a data-modifying CTE); null without a key. When it returned nothing, nothing of the
   * thing may be written and the writer throws `refused()`.
   */
  insert(db: DbOrTx, id: string): OperationNodeSource | null;
  refused(): Error;
}

export interface IdempotentCreate<T> {
  /** the thing an earlier request with the key made, by its id (undefined when it is gone) */
  load(id: string): Promise<T | undefined>;
  /** Makes the thing in one transaction, taking the `claim` in it once the thing's id is known. */
  create(claim: KeyClaim): Promise<T>;
}

/** Thrown by a claim whose key another request holds; it only rolls back, then the holder's thing is answered. */
class KeyTaken extends Error {}

const cutoffAt = (now: number) => new Date(now - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();

async function heldBy(db: DbOrTx, scope: IdempotencyScope & { key: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('resource_id')
    .where('account_id', '=', scope.accountId)
    .where('kind', '=', scope.kind)
    .where('key', '=', scope.key)
    .where('created_at', '>=', cutoffAt(Date.now()))
    .executeTakeFirst();
  return row?.resource_id;
}

/**
 * Records the key for `resourceId` unless a live row holds it; an expired row is taken over. One statement,
 * and the primary key decides between concurrent requests (on PostgreSQL the second waits for the first's
 * commit), so that a key makes one thing even across processes and after a crash between commit and answer.
 */
function claimInsert(db: DbOrTx, scope: IdempotencyScope & { key: string }, resourceId: string) {
  const createdAt = nowIso();
  return db
    .insertInto('idempotency_keys')
    .values({
      account_id: scope.accountId,
      kind: scope.kind,
      key: scope.key,
      resource_id: resourceId,
      created_at: createdAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'kind', 'key'])
        .doUpdateSet({ resource_id: resourceId, created_at: createdAt })
        .where('idempotency_keys.created_at', '<', cutoffAt(Date.parse(createdAt))),
    );
}

function claimOf(scope: IdempotencyScope & { key: string }): KeyClaim {
  const take = async (tx: Tx, resourceId: string) => {
    const result = await claimInsert(tx, scope, resourceId).executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new KeyTaken();
  };
  return Object.assign(take, {
    insert: (db: DbOrTx, resourceId: string) => claimInsert(db, scope, resourceId).returning('resource_id'),
    refused: () => new KeyTaken(),
  });
}

/** Without a key every request makes a new thing: nothing to record. */
const NO_CLAIM: KeyClaim = Object.assign(async () => undefined, {
  insert: () => null,
  refused: () => new KeyTaken(),
});

/**
 * Makes a thing once per Idempotency-Key and account (Mastodon's behaviour on POST /api/v1/statuses): a
 * repeated key within the hour answers what the first request made, and makes nothing.
 */
export async function createOnce<T>(
  db: Db,
  scope: IdempotencyScope,
  steps: IdempotentCreate<T>,
): Promise<{ value: T; created: boolean }> {
  const { key } = scope;
  if (!key) return { value: await steps.create(NO_CLAIM), created: true };
  const keyed = { ...scope, key };
  const answerEarlier = async (id: string) => {
    const value = await steps.load(id);
    if (value === undefined) throw notFound();
    return { value, created: false };
  };
  const earlier = await heldBy(db, keyed);
  if (earlier) return answerEarlier(earlier);
  try {
    return { value: await steps.create(claimOf(keyed)), created: true };
  } catch (error) {
    // A retry can also fail on what the first request made in the meantime (its media are now attached):
    // whenever the key is taken by then, the answer is the first request's.
    const winner = await heldBy(db, keyed);
    if (winner) return answerEarlier(winner);
    if (!(error instanceof KeyTaken)) throw error;
    throw new ApiError(409, 'http.idempotency_in_progress', 'idempotency_conflict');
  }
}

/** Forgets keys past their hour (run periodically: see startIdempotencySweep). */
export async function forgetExpiredKeys(db: DbOrTx, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', cutoffAt(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
