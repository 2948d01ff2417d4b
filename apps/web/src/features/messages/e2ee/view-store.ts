import { emptyMeta, withRead, type TimelineMeta } from './timeline';

/**
 * The box's view state of encrypted chats on this device (IndexedDB, one database per account): read marks,
 * notes deleted for me, whether this device joined a chat late. The decrypted history itself is
 * @palchat/e2ee's store; nothing here is message content.
 */
const VERSION = 1;
const META = 'meta';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export function viewDatabaseName(accountId: string): string {
  return `palchat-e2ee-view-${accountId}`;
}

export class ViewStore {
  /** changes of one conversation are applied one after the other (read, then write) */
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: IDBDatabase) {}

  static async open(accountId: string, factory: IDBFactory = indexedDB): Promise<ViewStore> {
    const open = factory.open(viewDatabaseName(accountId), VERSION);
    open.onupgradeneeded = () => open.result.createObjectStore(META, { keyPath: 'conversation_id' });
    return new ViewStore(await request(open));
  }

  close(): void {
    this.db.close();
  }

  async meta(conversationId: string): Promise<TimelineMeta> {
    const tx = this.db.transaction(META, 'readonly');
    const found = await request(
      tx.objectStore(META).get(conversationId) as IDBRequest<TimelineMeta | undefined>,
    );
    return { ...emptyMeta(conversationId), ...found };
  }

  /** Applies a change; resolves with the new state, or null when nothing changed. */
  private change(
    conversationId: string,
    update: (meta: TimelineMeta) => TimelineMeta,
  ): Promise<TimelineMeta | null> {
    const run = this.tail.then(async () => {
      const before = await this.meta(conversationId);
      const after = update(before);
      if (after === before) return null;
      const tx = this.db.transaction(META, 'readwrite');
      await request(tx.objectStore(META).put(after));
      return after;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** A reader's mark moves forward only; true when it moved. */
  async read(conversationId: string, readerId: string, seq: number): Promise<boolean> {
    return (await this.change(conversationId, (meta) => withRead(meta, readerId, seq))) !== null;
  }

  hide(conversationId: string, id: string): Promise<TimelineMeta | null> {
    return this.change(conversationId, (meta) =>
      meta.hidden.includes(id) ? meta : { ...meta, hidden: [...meta.hidden, id] },
    );
  }

  joinedLate(conversationId: string, at: string): Promise<TimelineMeta | null> {
    return this.change(conversationId, (meta) =>
      meta.joined_late_at ? meta : { ...meta, joined_late_at: at },
    );
  }

  async forget(conversationId: string): Promise<void> {
    const tx = this.db.transaction(META, 'readwrite');
    await request(tx.objectStore(META).delete(conversationId));
  }
}

export async function deleteViewStore(accountId: string, factory: IDBFactory = indexedDB): Promise<void> {
  await request(factory.deleteDatabase(viewDatabaseName(accountId)) as IDBRequest<unknown>);
}
