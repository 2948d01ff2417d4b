import type { MediaAttachment, Status } from '@palchat/api';
import { createStore, useStore } from '../../platform/stores/create-store';

export interface PlayerItem {
  media: MediaAttachment;
  /** the status the media belongs to: the player's header links to it */
  statusId: string;
  acct: string;
  accountName: string;
  /** seconds into the media where playback starts (popped out of the viewer mid-play) */
  startTime: number;
}

/** The picture-in-picture player's one current item (null: closed). */
export const playerStore = createStore<PlayerItem | null>(null);

export function openInPlayer(media: MediaAttachment, status: Status, startTime = 0): void {
  playerStore.set({
    media,
    statusId: status.id,
    acct: status.account.acct,
    accountName: status.account.display_name || status.account.username,
    startTime,
  });
}

export function usePlayer(): PlayerItem | null {
  return useStore(playerStore);
}
