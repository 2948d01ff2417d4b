import { createStore, useStore } from '../../app/stores/create-store';
import type { PollDraft } from './compose-rules';

/** What the shared draft store (src/app/stores/compose-draft) does not hold: CW switch, poll, descriptions. */
export interface ComposeExtras {
  spoilerOn: boolean;
  sensitive: boolean;
  poll: PollDraft | null;
  /** media descriptions, by File */
  descriptions: WeakMap<File, string>;
}

export const EMPTY_EXTRAS: ComposeExtras = {
  spoilerOn: false,
  sensitive: false,
  poll: null,
  descriptions: new WeakMap(),
};

export const composeExtrasStore = createStore<ComposeExtras>(EMPTY_EXTRAS);

export function updateComposeExtras(patch: Partial<ComposeExtras>): void {
  composeExtrasStore.set({ ...composeExtrasStore.get(), ...patch });
}

export function useComposeExtras(): ComposeExtras {
  return useStore(composeExtrasStore);
}
