import { useSyncExternalStore } from 'react';
import { createStore } from '../../platform/stores/create-store';

/** What a reader chose for one status; a choice not made falls back to their reading preferences. */
export interface StatusViewChoices {
  /** content warning opened */
  expanded?: boolean;
  /** sensitive media shown */
  mediaRevealed?: boolean;
  /** "Show anyway" on a post a filter warns about */
  filterOverridden?: boolean;
  /** the poll options ticked and not yet sent */
  pollChoices?: number[];
}

/**
 * Enough for every row a reader scrolls through in a session; the oldest choices go first. Rows leave the
 * DOM when they scroll out of a virtualized list (and the first page is rendered before the list is
 * virtualized), so these choices live here, by status id, rather than in the rows: an opened content warning
 * stays open when the reader scrolls back to it, as on Mastodon.
 */
const MAX_REMEMBERED = 2000;

const choices = createStore<ReadonlyMap<string, StatusViewChoices>>(new Map());

export function setStatusViewChoices(statusId: string, change: StatusViewChoices): void {
  const next = new Map(choices.get());
  const merged = { ...next.get(statusId), ...change };
  next.delete(statusId);
  next.set(statusId, merged);
  if (next.size > MAX_REMEMBERED) next.delete(next.keys().next().value as string);
  choices.set(next);
}

export function useStatusViewChoices(statusId: string): StatusViewChoices | undefined {
  return useSyncExternalStore(choices.subscribe, () => choices.get().get(statusId));
}

/** Forget every choice (tests; signing out reloads the page). */
export function resetStatusViewChoices(): void {
  choices.set(new Map());
}
