import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { isDeepStrictEqual } from 'node:util';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Db } from '../db/index.js';

/** The stored form of a key: its JSON, e.g. `["_fedify","remoteDocument","https://…"]`. */
const encodeKey = (key: KvKey): string => JSON.stringify(key);

/**
 * The range of stored keys under `prefix`: its JSON without the closing bracket, followed by `,` (longer keys)
 * or `]` (the prefix itself). `,` is U+002C, so every longer key sorts in [`…,`, `…-`).
 */
function prefixRange(prefix: KvKey): { exact: string; from: string; to: string } {
  const open = encodeKey(prefix).slice(0, -1);
  return { exact: `${open}]`, from: `${open},`, to: `${open}-` };
}

/** The conditions that an entry is still as it was read: same key, stored text and expiry. */
function unchangedRow(
  eb: ExpressionBuilder<Database, 'federation_kv'>,
  row: { key: string; value: string; expires_at: string | null },
) {
  return [
    eb('key', '=', row.key),
    eb('value', '=', row.value),
    row.expires_at === null ? eb('expires_at', 'is', null) : eb('expires_at', '=', row.expires_at),
  ];
}

/**
 * Fedify's KvStore on the `federation_kv` table, shared by every process of the deployment. Expired entries
 * read as absent and are removed by `sweepExpired` (and overwritten by the next set).
 */
export class KyselyKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  private expiresAt(options?: KvStoreSetOptions): string | null {
    if (!options?.ttl) return null;
    const ms = options.ttl.total({ unit: 'milliseconds' });
    return new Date(this.now() + ms).toISOString();
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('federation_kv')
      .select('value')
      .where('key', '=', encodeKey(key))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.nowIso())]))
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { key: encodeKey(key), value: JSON.stringify(value), expires_at: this.expiresAt(options) };
    await this.db
      .insertInto('federation_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('key', '=', encodeKey(key)).execute();
  }

  /**
   * Sets `newValue` (undefined: removes the entry) only if the current value is `expectedValue` (undefined:
   * absent or expired), atomically: the entry is read, compared by value (Fedify rebuilds the states it expects
   * with their keys in another order than it stored them, so their JSON texts differ), then changed only if
   * its stored text is still the one read; a concurrent insert of the same key makes an INSERT fail.
   */
  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const encoded = encodeKey(key);
    const stored = await this.db
      .selectFrom('federation_kv')
      .select(['value', 'expires_at'])
      .where('key', '=', encoded)
      .executeTakeFirst();
    const live =
      stored && (stored.expires_at === null || stored.expires_at > this.nowIso()) ? stored : undefined;
    const matches =
      expectedValue === undefined
        ? live === undefined
        : live !== undefined && isDeepStrictEqual(JSON.parse(live.value), expectedValue);
    if (!matches) return false;
    if (!stored) {
      if (newValue === undefined) return true;
      const inserted = await this.db
        .insertInto('federation_kv')
        .values({ key: encoded, value: JSON.stringify(newValue), expires_at: this.expiresAt(options) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return inserted !== undefined;
    }
    const unchanged = { key: encoded, value: stored.value, expires_at: stored.expires_at };
    if (newValue === undefined) {
      const deleted = await this.db
        .deleteFrom('federation_kv')
        .where((eb) => eb.and(unchangedRow(eb, unchanged)))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    }
    const updated = await this.db
      .updateTable('federation_kv')
      .set({ value: JSON.stringify(newValue), expires_at: this.expiresAt(options) })
      .where((eb) => eb.and(unchangedRow(eb, unchanged)))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.db
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.nowIso())]))
      .orderBy('key');
    if (prefix) {
      const range = prefixRange(prefix);
      query = query.where((eb) =>
        eb.or([eb('key', '=', range.exact), eb.and([eb('key', '>=', range.from), eb('key', '<', range.to)])]),
      );
    }
    for (const row of await query.execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }

  /** Removes expired entries; returns how many. */
  async sweepExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('federation_kv')
      .where('expires_at', '<=', this.nowIso())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
