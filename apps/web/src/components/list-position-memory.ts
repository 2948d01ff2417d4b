import type { ListPosition } from './list-position';

/** Enough for the lists of the last few dozen pages the reader went through. */
const MAX_POSITIONS = 50;

/** Per history entry and list; a Map keeps insertion order, so the first entry is the oldest. */
const positions = new Map<string, ListPosition>();

/**
 * The history entry the reader is on: React Router keeps `location.key` in `history.state.key` (the first
 * entry of a session has none: "default", as React Router names it). Read here rather than through
 * useLocation so that lists staying on screen across navigation (the deck's columns) do not re-render on it.
 */
function historyEntryKey(): string {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state !== null && 'key' in state ? state.key : undefined;
  return typeof key === 'string' ? key : 'default';
}

function memoryKey(listId: string): string {
  return `${historyEntryKey()}\n${listId}`;
}

/** Where the list was on this history entry: a new entry (a link, the navigation) has none. */
export function recallPosition(listId: string): ListPosition | undefined {
  return positions.get(memoryKey(listId));
}

export function rememberPosition(listId: string, position: ListPosition): void {
  const key = memoryKey(listId);
  positions.delete(key);
  positions.set(key, position);
  if (positions.size > MAX_POSITIONS) positions.delete(positions.keys().next().value as string);
}
