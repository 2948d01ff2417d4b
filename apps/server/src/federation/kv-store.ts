import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
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
   * Sets `newValue` only if the current value is `expectedValue` (undefined: absent or expired), atomically:
   * one conditional UPDATE, or an INSERT that a concurrent insert of the same key makes fail. Values compare
   * by their JSON text, as Fedify stores and compares the same plain values.
   */
  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const encoded = encodeKey(key);
    const now = this.nowIso();
    const next = { value: JSON.stringify(newValue), expires_at: this.expiresAt(options) };
    if (expectedValue === undefined) {
      // absent, or present but expired: an expired row may be replaced
      const replaced = await this.db
        .updateTable('federation_kv')
        .set(next)
        .where('key', '=', encoded)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      if (Number(replaced.numUpdatedRows) > 0) return true;
      const inserted = await this.db
        .insertInto('federation_kv')
        .values({ key: encoded, ...next })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return inserted !== undefined;
    }
    const updated = await this.db
      .updateTable('federation_kv')
      .set(next)
      .where('key', '=', encoded)
      .where('value', '=', JSON.stringify(expectedValue))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
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
