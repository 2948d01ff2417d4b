import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import type { E2eeDevicesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { ApiError, notFound, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { FramingError, fromBase64 } from './framing.js';
import * as store from './store.js';
import { serializeDevice, serializePublicDevice, type Device, type PublicDevice } from './serializers.js';
import { verbatimText } from '../i18n/format.js';

export const E2eeText = {
  deviceNotFound: 'Device not found',
  deviceRemoved: 'This device was removed',
  badSignatureKey: 'signature_public_key must be a base64 Ed25519 public key',
} as const;

const ED25519_PUBLIC_KEY_BYTES = 32;

/** SHA-256 of the raw key (WebCrypto), lowercase hex in groups of 4 separated by spaces. */
export async function fingerprintOf(publicKey: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(publicKey)));
  const hex = Buffer.from(digest).toString('hex');
  return hex.match(/.{4}/g)?.join(' ') ?? hex;
}

/**
 * The caller's own device, still in use: someone else's (or none) is a 404, a removed one a 410 (its client
 * learns it was removed and stops).
 */
export async function requireOwnDevice(
  db: DbOrTx,
  viewerId: string,
  deviceId: string,
): Promise<E2eeDevicesTable> {
  const device = await store.findDevice(db, deviceId);
  if (!device || device.account_id !== viewerId) throw notFound('e2ee.device_not_found');
  if (device.revoked_at) throw new ApiError(410, 'e2ee.device_removed');
  return device;
}

export async function registerDevice(
  ctx: AppContext,
  viewer: AccountRow,
  input: { name: string; signature_public_key: string },
): Promise<Device> {
  let key: Uint8Array;
  try {
    key = fromBase64(input.signature_public_key);
  } catch (error) {
    if (error instanceof FramingError) throw unprocessable(verbatimText(E2eeText.badSignatureKey));
    throw error;
  }
  if (key.length !== ED25519_PUBLIC_KEY_BYTES) throw unprocessable(verbatimText(E2eeText.badSignatureKey));
  const now = nowIso();
  const row: E2eeDevicesTable = {
    id: newId(),
    account_id: viewer.id,
    name: input.name,
    signature_public_key: input.signature_public_key,
    fingerprint: await fingerprintOf(key),
    created_at: now,
    last_active_at: now,
    revoked_at: null,
  };
  // announced (E2eeDeviceAdded) with its first key packages: before them nobody could add it to a chat
  await store.insertDevice(ctx.db, row);
  return serializeDevice({ ...row, key_packages_available: 0 });
}

export async function listDevices(ctx: AppContext, viewer: AccountRow): Promise<Device[]> {
  return (await store.activeDevicesOf(ctx.db, viewer.id)).map(serializeDevice);
}

export async function heartbeat(ctx: AppContext, viewer: AccountRow, deviceId: string): Promise<Device> {
  await requireOwnDevice(ctx.db, viewer.id, deviceId);
  await store.touchDevice(ctx.db, deviceId, nowIso());
  const device = await store.deviceWithCount(ctx.db, deviceId);
  if (!device) throw notFound('e2ee.device_not_found');
  return serializeDevice(device);
}

export async function publicDevices(ctx: AppContext, accountId: string): Promise<PublicDevice[]> {
  const devices = await store.activeDevicesAmong(ctx.db, [accountId]);
  return devices.reverse().map(serializePublicDevice);
}

/**
 * Removes a device: its unclaimed key packages are withdrawn, delivery to it stops (its cursors go), and each of
 * its leaves becomes a pending removal that some member's client commits.
 */
export async function removeDevice(ctx: AppContext, viewer: AccountRow, deviceId: string): Promise<void> {
  const device = await requireOwnDevice(ctx.db, viewer.id, deviceId);
  const at = nowIso();
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (!(await store.revokeDevice(tx, deviceId, at))) throw new ApiError(410, 'e2ee.device_removed');
    const withdrawn = await store.deleteFreeKeyPackagesOfDevice(tx, deviceId);
    const conversationIds = await store.deleteCursorsOfDevice(tx, deviceId);
    await store.addPendingRemovals(
      tx,
      conversationIds.map((conversationId) => ({
        conversation_id: conversationId,
        device_id: deviceId,
        account_id: viewer.id,
      })),
      'device_revoked',
      at,
    );
    await emit({ type: 'E2eeDeviceRevoked', device: { ...device, revoked_at: at }, conversationIds });
    if (withdrawn.length > 0)
      await emit({ type: 'E2eeKeyPackagesChanged', accountId: viewer.id, added: [], removed: withdrawn });
  });
}
