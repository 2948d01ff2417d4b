import webpush from 'web-push';
import type { DbOrTx } from '../db/index.js';

/** Their rows in server_settings: not settings (getServerSettings skips unknown keys), so never shown or edited. */
const PUBLIC_KEY_ROW = 'vapid_public_key';
const PRIVATE_KEY_ROW = 'vapid_private_key';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const loaded = new WeakMap<object, Promise<VapidKeys>>();

async function readOrCreate(db: DbOrTx): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  // the first process to start on this database keeps its pair; the others' inserts change nothing
  await db
    .insertInto('server_settings')
    .values([
      { key: PUBLIC_KEY_ROW, value: fresh.publicKey },
      { key: PRIVATE_KEY_ROW, value: fresh.privateKey },
    ])
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('server_settings')
    .select(['key', 'value'])
    .where('key', 'in', [PUBLIC_KEY_ROW, PRIVATE_KEY_ROW])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
  return { publicKey: value(PUBLIC_KEY_ROW), privateKey: value(PRIVATE_KEY_ROW) };
}

/** The server's VAPID key pair (Web Push), generated once per database and read once per process. */
export function vapidKeys(db: DbOrTx): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = readOrCreate(db);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
