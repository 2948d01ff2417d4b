import type { Status } from '@palchat/api';
import { createStore, useStore } from '../../app/stores/create-store';

/** The status being replied to: set by the reply action, read by the compose form. */
export const replyTargetStore = createStore<Status | null>(null);

export function useReplyTarget(): Status | null {
  return useStore(replyTargetStore);
}

/** The viewer's own status being edited: the compose form then saves it (PUT) instead of posting. */
export const editTargetStore = createStore<Status | null>(null);

export function useEditTarget(): Status | null {
  return useStore(editTargetStore);
}
