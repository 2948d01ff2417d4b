import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toHex, utf8 } from './bytes.js';
import { createIdentity } from './identity.js';
import { IdbStore } from './idb-store.js';
import { generateKeyPackage } from './key-packages.js';
import type { StoredMessage } from './store.js';

let n = 0;
const freshName = () => `e2ee-test-${n++}`;

describe('IdbStore', () => {
  it('round-trips identities, key packages, group states, messages and cursors across reopening', async () => {
    const name = freshName();
    const store = await IdbStore.open(name);
    const identity = { ...(await createIdentity('https://a.example/users/alice')), deviceId: '7' };
    const keyPackage = await generateKeyPackage(identity);
    await store.putIdentity(identity);
    await store.putKeyPackage(keyPackage);
    await store.putGroupState('12', new Uint8Array([1, 2, 3]));
    const message: StoredMessage = {
      conversationId: '12',
      id: 'urn:uuid:1',
      kind: 'note',
      senderActorUri: identity.actorUri,
      seq: 2,
      createdAt: '2026-01-01T00:00:00Z',
      note: { id: 'urn:uuid:1', text: 'secret words', published: '2026-01-01T00:00:00Z', attachments: [] },
      reactions: [],
      deleted: false,
    };
    await store.putMessage(message);
    await store.putMessage({ ...message, id: 'urn:uuid:0', seq: 1 });
    await store.putMessage({ ...message, conversationId: '1', id: 'urn:uuid:9' });
    await store.putCursor('12', 2);
    store.close();

    const again = await IdbStore.open(name);
    expect(await again.getIdentity()).toEqual(identity);
    expect(await again.getKeyPackage(keyPackage.ref)).toEqual(keyPackage);
    expect(await again.listKeyPackageRefs()).toEqual([keyPackage.ref]);
    expect(await again.getGroupState('12')).toEqual(new Uint8Array([1, 2, 3]));
    expect((await again.listMessages('12')).map((m) => m.id)).toEqual(['urn:uuid:0', 'urn:uuid:1']);
    expect(await again.getCursor('12')).toBe(2);
    await again.forgetConversation('12');
    expect(await again.listMessages('12')).toEqual([]);
    expect(await again.getGroupState('12')).toBeUndefined();
    expect(await again.listMessages('1')).toHaveLength(1);
    again.close();
  });

  it('keeps values encrypted at rest under a non-extractable key', async () => {
    const name = freshName();
    const store = await IdbStore.open(name);
    expect(store.atRestKey.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', store.atRestKey)).rejects.toThrow();
    const identity = { ...(await createIdentity('https://a.example/users/alice')), deviceId: '7' };
    await store.putIdentity(identity);
    await store.putGroupState('12', utf8('group state bytes'));
    store.close();

    // read the raw records behind the store's back: nothing readable
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
    });
    const raw = await new Promise<unknown[]>((resolve) => {
      const all = db.transaction('data').objectStore('data').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    const key = await new Promise<CryptoKey>((resolve) => {
      const get = db.transaction('meta').objectStore('meta').get('at-rest-key');
      get.onsuccess = () => resolve(get.result);
    });
    db.close();
    expect(key.extractable).toBe(false);
    const dump = raw.map((r) => toHex((r as { data: Uint8Array }).data)).join('');
    expect(dump).not.toContain(toHex(identity.signaturePrivateKey));
    expect(dump).not.toContain(toHex(utf8('group state bytes')));
    expect(JSON.stringify(raw)).not.toContain('alice');
  });

  it('destroy removes everything', async () => {
    const name = freshName();
    const store = await IdbStore.open(name);
    await store.putCursor('1', 5);
    store.close();
    await IdbStore.destroy(name);
    const fresh = await IdbStore.open(name);
    expect(await fresh.getCursor('1')).toBeUndefined();
    fresh.close();
  });
});
