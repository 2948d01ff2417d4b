import { api } from '../../../../api/client';
import { loadEncryption } from '../index';

/** This browser's device of an account, for the Devices list of Preferences. */
export interface LocalDevice {
  /** its id on the server; null when this browser has not registered one */
  id: string | null;
  /** wipes this browser's encrypted-chat state of the account: keys, groups, verifications, decrypted history */
  forget: () => Promise<void>;
}

/** Loads the encrypted chats' lazy chunk (never part of a page's first load). */
export async function localDevice(accountId: string): Promise<LocalDevice> {
  const runtime = await loadEncryption();
  return { id: runtime.localDeviceId(accountId), forget: () => runtime.wipeLocalDevice(accountId) };
}

/**
 * On sign-out: this browser's device of the account is removed on the server (its key packages withdrawn, its
 * leaves removed from the chats by the others) and its keys and decrypted history wiped here, so that a
 * signed-out browser keeps nothing readable and no one keeps adding a device nobody uses.
 */
export async function removeThisDevice(accountId: string): Promise<void> {
  const device = await localDevice(accountId);
  try {
    if (device.id) await api.delete(`/api/v1/e2ee/devices/${encodeURIComponent(device.id)}`);
  } finally {
    await device.forget();
  }
}
