import type { MediaAttachment } from '@palchat/api';
import { createStore, useStore } from '../../platform/stores/create-store';
import type { MediaProblem, PollDraft } from './compose-rules';

/** An attachment already on the server (editing a post, or re-drafting a deleted one). */
export interface AttachedMedia {
  id: string;
  type: MediaAttachment['type'];
  previewUrl: string;
  description: string;
}

/** What the shared draft store (src/app/stores/compose-draft) does not hold: CW switch, poll, descriptions. */
export interface ComposeExtras {
  spoilerOn: boolean;
  /** "mark media as sensitive"; null: the account's default (a content warning always marks them) */
  sensitive: boolean | null;
  poll: PollDraft | null;
  /** media descriptions, by File */
  descriptions: WeakMap<File, string>;
  /** attachments kept from the post being edited or re-drafted, in order, before the new files */
  attached: AttachedMedia[];
  /** the post's language (kept when editing or re-drafting); null: the account's default language */
  language: string | null;
  /** why files picked or dropped last were left out, said under the form */
  mediaProblem: MediaProblem | null;
  oversizedMedia: { name: string; megabytes: number } | null;
}

export const EMPTY_EXTRAS: ComposeExtras = {
  spoilerOn: false,
  sensitive: null,
  poll: null,
  descriptions: new WeakMap(),
  attached: [],
  language: null,
  mediaProblem: null,
  oversizedMedia: null,
};

export const composeExtrasStore = createStore<ComposeExtras>(EMPTY_EXTRAS);

export function updateComposeExtras(patch: Partial<ComposeExtras>): void {
  composeExtrasStore.set({ ...composeExtrasStore.get(), ...patch });
}

export function useComposeExtras(): ComposeExtras {
  return useStore(composeExtrasStore);
}
