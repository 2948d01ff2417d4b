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
