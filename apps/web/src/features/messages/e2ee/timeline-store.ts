import {
  mayDelete,
  matchesSearch,
  withRead,
  withReaction,
  type TimelineEvent,
  type TimelineMeta,
  type TimelineRecord,
} from './timeline';

/**
 * The device's decrypted history (IndexedDB, one database per account): what the chat view pages through,
 * what search and list previews read. It holds plaintext, like any messenger's local history: it never leaves
 * the browser, and it is deleted with the device (wipe).
 */
const VERSION = 1;
const MESSAGES = 'messages';
const META = 'meta';
const ORDER = 'order';

/** What an applied event changed, for the view (data/cache.ts writers). */
export type TimelineChange =
  | { kind: 'added'; record: TimelineRecord }
  | { kind: 'updated'; record: TimelineRecord }
  | { kind: 'removed'; conversation_id: string; id: string }
  | { kind: 'read'; conversation_id: string; reader_id: string; seq: number };

export interface TimelinePageQuery {
  /** records older than this seq (exclusive) */
  before?: number;
  /** records newer than this seq (exclusive) */
  after?: number;
  limit: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function timelineDatabaseName(accountId: string): string {
  return `palchat-e2ee-timeline-${accountId}`;
}

export class TimelineStore {
  private constructor(
    private readonly db: IDBDatabase,
    readonly name: string,
  ) {}

  static async open(accountId: string, factory: IDBFactory = indexedDB): Promise<TimelineStore> {
    const name = timelineDatabaseName(accountId);
    const open = factory.open(name, VERSION);
    open.onupgradeneeded = () => {
      const db = open.result;
      const messages = db.createObjectStore(MESSAGES, { keyPath: ['conversation_id', 'id'] });
      messages.createIndex(ORDER, ['conversation_id', 'seq']);
      db.createObjectStore(META, { keyPath: 'conversation_id' });
    };
    return new TimelineStore(await request(open), name);
  }

  close(): void {
    this.db.close();
  }

  get(conversationId: string, id: string): Promise<TimelineRecord | undefined> {
    const tx = this.db.transaction(MESSAGES, 'readonly');
    return request(
      tx.objectStore(MESSAGES).get([conversationId, id]) as IDBRequest<TimelineRecord | undefined>,
    );
  }

  async meta(conversationId: string): Promise<TimelineMeta> {
    const tx = this.db.transaction(META, 'readonly');
    const found = await request(
      tx.objectStore(META).get(conversationId) as IDBRequest<TimelineMeta | undefined>,
    );
    return found ?? { conversation_id: conversationId, reads: {} };
  }

  /** A page of the visible history, oldest first: the newest `limit`, or those before/after a seq. */
  async page(conversationId: string, query: TimelinePageQuery): Promise<TimelineRecord[]> {
    const forward = query.after !== undefined;
    const range = IDBKeyRange.bound(
      [conversationId, query.after ?? -Infinity],
      [conversationId, query.before ?? Infinity],
      query.after !== undefined,
      query.before !== undefined,
    );
    const tx = this.db.transaction(MESSAGES, 'readonly');
    const index = tx.objectStore(MESSAGES).index(ORDER);
    const records: TimelineRecord[] = [];
    await new Promise<void>((resolve, reject) => {
      const cursor = index.openCursor(range, forward ? 'next' : 'prev');
      cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB cursor failed'));
      cursor.onsuccess = () => {
        const current = cursor.result;
        if (!current || records.length >= query.limit) return resolve();
        const record = current.value as TimelineRecord;
        if (!record.hidden) records.push(record);
        current.continue();
      };
    });
    return forward ? records : records.reverse();
  }

  /** The newest visible note of a conversation (list previews), or null. */
  async latest(conversationId: string): Promise<TimelineRecord | null> {
    const [newest] = await this.page(conversationId, { limit: 1 });
    return newest ?? null;
  }

  /** Decrypted notes matching `query`, newest first, in one conversation or all. */
  async search(query: string, conversationId?: string): Promise<TimelineRecord[]> {
    const tx = this.db.transaction(MESSAGES, 'readonly');
    const store = tx.objectStore(MESSAGES);
    const all = (await request(
      conversationId
        ? store
            .index(ORDER)
            .getAll(IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]))
        : store.getAll(),
    )) as TimelineRecord[];
    return all.filter((record) => matchesSearch(record, query)).sort((a, b) => b.seq - a.seq);
  }

  /** Hides a note on this device only (delete for me). */
  async hide(conversationId: string, id: string): Promise<TimelineChange | null> {
    const record = await this.get(conversationId, id);
    if (!record) return null;
    await this.put({ ...record, hidden: true });
    return { kind: 'removed', conversation_id: conversationId, id };
  }

  /** Applies one decrypted event and says what the view must change (null: nothing). */
  async apply(event: TimelineEvent): Promise<TimelineChange | null> {
    switch (event.type) {
      case 'note':
      case 'system': {
        const existing = await this.get(event.record.conversation_id, event.record.id);
        if (existing) return null;
        await this.put(event.record);
        return { kind: 'added', record: event.record };
      }
      case 'delete': {
        const record = await this.get(event.conversation_id, event.target);
        if (!record || !mayDelete(record, event.actor_id)) return null;
        const tx = this.db.transaction(MESSAGES, 'readwrite');
        tx.objectStore(MESSAGES).delete([event.conversation_id, event.target]);
        await done(tx);
        return { kind: 'removed', conversation_id: event.conversation_id, id: event.target };
      }
      case 'like':
      case 'undo_like': {
        const record = await this.get(event.conversation_id, event.target);
        if (!record || record.system) return null;
        const updated = withReaction(record, event.actor_id, event.emoji, event.type === 'like');
        await this.put(updated);
        return { kind: 'updated', record: updated };
      }
      case 'read': {
        const record = await this.get(event.conversation_id, event.target);
        if (!record) return null;
        const meta = await this.meta(event.conversation_id);
        const next = withRead(meta, event.actor_id, record.seq);
        if (next === meta) return null;
        const tx = this.db.transaction(META, 'readwrite');
        tx.objectStore(META).put(next);
        await done(tx);
        return {
          kind: 'read',
          conversation_id: event.conversation_id,
          reader_id: event.actor_id,
          seq: record.seq,
        };
      }
    }
  }

  private async put(record: TimelineRecord): Promise<void> {
    const tx = this.db.transaction(MESSAGES, 'readwrite');
    tx.objectStore(MESSAGES).put(record);
    await done(tx);
  }

  /** Forgets one conversation (left, dissolved, or this device was removed from it). */
  async forget(conversationId: string): Promise<void> {
    const tx = this.db.transaction([MESSAGES, META], 'readwrite');
    tx.objectStore(MESSAGES).delete(IDBKeyRange.bound([conversationId, ''], [conversationId, '\uffff']));
    tx.objectStore(META).delete(conversationId);
    await done(tx);
  }
}

/** Deletes an account's decrypted history (the device was removed). */
export async function deleteTimeline(accountId: string, factory: IDBFactory = indexedDB): Promise<void> {
  await request(factory.deleteDatabase(timelineDatabaseName(accountId)) as IDBRequest<unknown>);
}
