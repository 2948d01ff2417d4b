import type { Visibility } from '@palchat/api';
import type { DraftState } from '../rules/leave-page';
import { createStore, useStore } from './create-store';

export interface ComposeDraft extends DraftState {
  media: File[];
  /** null: the account's default audience (the stricter of it and the replied post's, for a reply) */
  visibility: Visibility | null;
  spoilerText: string;
}

export const EMPTY_DRAFT: ComposeDraft = {
  text: '',
  media: [],
  mediaCount: 0,
  visibility: null,
  spoilerText: '',
};

/** The one compose draft (panel, drawer and /publish share it), so that the page can warn before losing it. */
export const composeDraftStore = createStore<ComposeDraft>(EMPTY_DRAFT);

export function updateComposeDraft(patch: Partial<Omit<ComposeDraft, 'mediaCount'>>): void {
  const next = { ...composeDraftStore.get(), ...patch };
  composeDraftStore.set({ ...next, mediaCount: next.media.length });
}

export function useComposeDraft(): ComposeDraft {
  return useStore(composeDraftStore);
}
