import type { Participant } from '@palchat/api';
import { createStore } from '../../../platform/stores/create-store';

/**
 * "Open the chat with this person", asked from outside the box (a profile's Message button). The box takes the
 * request once it is mounted, so a request made while its code still loads is not lost. Kept out of the box's
 * lazy chunk: importing it costs a page nothing.
 */
export const chatRequestStore = createStore<Participant | null>(null);

export function requestChatWith(person: Participant): void {
  // a fresh object, so that asking twice for the same person opens the chat again
  chatRequestStore.set({ ...person });
}
