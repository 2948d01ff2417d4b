import type { DisplayMedia } from '@palchat/api';
import { useEffect } from 'react';
import { useCachedSettings } from '../../api/queries';

// both are read once per status card: from the cache, without a query observer each (useCachedSettings)

/** The reading preferences statuses apply (set on /settings/preferences). */
export function useReadingSettings() {
  const { displayMedia, expandSpoilers, autoplayGifs, reduceMotion } = useCachedSettings();
  return { displayMedia, expandSpoilers, autoplayGifs, reduceMotion };
}

/** Which actions ask for a confirmation first. */
export function useConfirmations() {
  const { unfollowModal, boostModal, deleteModal, missingAltTextModal } = useCachedSettings();
  return {
    unfollow: unfollowModal,
    boost: boostModal,
    delete: deleteModal,
    missingAltText: missingAltTextModal,
  };
}

/** Whether a status's media start revealed: Mastodon's `display_media` (default: only sensitive ones hide). */
export function mediaStartsRevealed(sensitive: boolean, displayMedia: DisplayMedia): boolean {
  if (displayMedia === 'show_all') return true;
  if (displayMedia === 'hide_all') return false;
  return !sensitive;
}

/** Keeps `reduce-motion` on <html> while the setting is on: the stylesheet then stops animations. */
export function useReduceMotionClass(): void {
  const { reduceMotion } = useReadingSettings();
  useEffect(() => {
    document.documentElement.classList.toggle('reduce-motion', reduceMotion);
  }, [reduceMotion]);
}
