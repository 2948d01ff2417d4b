/** Clients of several people over one FakeDeliveryService, for the client tests. */
import { EncryptedChatClient } from '../client.js';
import type { ChatEvent } from '../history.js';
import { MemoryStore, type E2eeStore } from '../store.js';
import type { FakeDeliveryService } from './fake-delivery-service.js';

export interface TestDevice {
  accountId: string;
  actorUri: string;
  store: E2eeStore;
  client: EncryptedChatClient;
  events: ChatEvent[];
}

export async function newDevice(
  ds: FakeDeliveryService,
  name: string,
  store: E2eeStore = new MemoryStore(),
): Promise<TestDevice> {
  const accountId = name;
  const actorUri = `https://a.example/users/${name}`;
  const events: ChatEvent[] = [];
  const client = new EncryptedChatClient({
    store,
    transport: ds.transport(accountId),
    accountId,
    actorUri,
    onEvent: (event) => events.push(event),
  });
  await client.ensureDevice(`${name}'s browser`);
  return { accountId, actorUri, store, client, events };
}

/** The texts a device has in its history, in order. */
export async function texts(device: TestDevice, conversationId: string): Promise<string[]> {
  return (await device.client.history(conversationId)).flatMap((m) => (m.note ? [m.note.text] : []));
}
