import type { Status } from '@palchat/api';
import { createStore, useStore } from '../../app/stores/create-store';

/** The status being replied to: set by the reply action, read by the compose form. */
export const replyTargetStore = createStore<Status | null>(null);

export function useReplyTarget(): Status | null {
  return useStore(replyTargetStore);
}
