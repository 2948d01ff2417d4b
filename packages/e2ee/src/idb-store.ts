/**
 * The browser's E2eeStore in IndexedDB, one database per account and browser.
 *
 * At rest, every value (identity and signature private key, key package private keys, MLS group states,
 * decrypted messages, verifications, cursors) is stored encrypted with AES-256-GCM under a CryptoKey that
 * WebCrypto generated with `extractable: false` on first open. That key lives in the same database: IndexedDB
 * stores a CryptoKey by structured clone, which keeps it non-extractable, so no script (ours included) can ever
 * read its bytes, only ask the browser to use it. What this buys: the raw private keys and plaintext never sit in
 * IndexedDB files as readable bytes, and a copied or exported database is useless without the browser profile's
 * key handling. What it does not: code running in the page (an XSS) can still use the key while the page is open,
 * and whoever controls the unlocked browser profile controls the key; the OS account protects that.
 * Record keys (conversation ids, message ids, hex key package refs) stay in the clear.
 */
import { buffer, fromBase64, fromUtf8, toBase64, utf8 } from './bytes.js';
import { KeyValueStore } from './store.js';

const VERSION = 1;
const DATA = 'data';
const META = 'meta';
const KEY_ID = 'at-rest-key';

interface Sealed {
  iv: Uint8Array;
  data: Uint8Array;
}

export class IdbStore extends KeyValueStore {
  private constructor(
    private readonly db: IDBDatabase,
    private readonly key: CryptoKey,
  ) {
    super();
  }

  /** Opens (or creates) the database `name` and its at-rest key. */
  static async open(name: string, factory: IDBFactory = globalThis.indexedDB): Promise<IdbStore> {
    const db = await request(
      (() => {
        const open = factory.open(name, VERSION);
        open.onupgradeneeded = () => {
          open.result.createObjectStore(DATA);
          open.result.createObjectStore(META);
        };
        return open;
      })(),
    );
    let key = await request<CryptoKey | undefined>(db.transaction(META).objectStore(META).get(KEY_ID));
    if (!key) {
      key = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ]);
      // add, not put: when two tabs open a new database at once, the first key stays and the other tab uses it
      await request(db.transaction(META, 'readwrite').objectStore(META).add(key, KEY_ID)).catch(
        () => undefined,
      );
      key = (await request<CryptoKey | undefined>(db.transaction(META).objectStore(META).get(KEY_ID)))!;
    }
    return new IdbStore(db, key);
  }

  /** Deletes a whole database: the device was removed, or its person signed out for good. */
  static async destroy(name: string, factory: IDBFactory = globalThis.indexedDB): Promise<void> {
    await request(factory.deleteDatabase(name));
  }

  close(): void {
    this.db.close();
  }

  /** The at-rest key itself, for tests: it must not be extractable. */
  get atRestKey(): CryptoKey {
    return this.key;
  }

  protected async get<T>(key: string): Promise<T | undefined> {
    const sealed = await request<Sealed | undefined>(this.db.transaction(DATA).objectStore(DATA).get(key));
    return sealed === undefined ? undefined : this.open<T>(sealed);
  }

  protected async put(key: string, value: unknown): Promise<void> {
    const sealed = await this.seal(value);
    await request(this.db.transaction(DATA, 'readwrite').objectStore(DATA).put(sealed, key));
  }

  protected async delete(key: string): Promise<void> {
    await request(this.db.transaction(DATA, 'readwrite').objectStore(DATA).delete(key));
  }

  protected async entries<T>(prefix: string): Promise<[string, T][]> {
    const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
    const store = this.db.transaction(DATA).objectStore(DATA);
    const [keys, values] = await Promise.all([
      request(store.getAllKeys(range)),
      request<Sealed[]>(store.getAll(range)),
    ]);
    return Promise.all(
      values.map(async (sealed, i) => [keys[i] as string, await this.open<T>(sealed)] as [string, T]),
    );
  }

  private async seal(value: unknown): Promise<Sealed> {
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const plaintext = buffer(utf8(JSON.stringify(value, replacer)));
    const data = new Uint8Array(
      await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, this.key, plaintext),
    );
    return { iv, data };
  }

  private async open<T>(sealed: Sealed): Promise<T> {
    const plaintext = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: buffer(sealed.iv) },
      this.key,
      buffer(sealed.data),
    );
    return JSON.parse(fromUtf8(new Uint8Array(plaintext)), reviver) as T;
  }
}

/** JSON keeps bytes as { $bytes: base64 }. */
function replacer(this: unknown, _key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { $bytes: toBase64(value) } : value;
}

function reviver(_key: string, value: unknown): unknown {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $bytes?: unknown }).$bytes === 'string'
  ) {
    return fromBase64((value as { $bytes: string }).$bytes);
  }
  return value;
}

function request<T>(req: IDBRequest<T> | IDBOpenDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}
