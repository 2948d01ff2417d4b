import type { Status } from '@palchat/api';

/**
 * Whether a streamed status is already in view: the same status, or a boost of a status shown itself or shown
 * boosted by someone else. Mastodon keeps such a boost out of the home feed; the stream must not add it either.
 */
export function isShownAlready(status: Status, shown: Iterable<Status>): boolean {
  const boosted = status.reblog?.id;
  for (const item of shown) {
    if (item.id === status.id) return true;
    if (boosted !== undefined && (item.id === boosted || item.reblog?.id === boosted)) return true;
  }
  return false;
}
