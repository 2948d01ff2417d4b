import type { Status } from '@palchat/api';
import type { QueryClient } from '@tanstack/react-query';

/** Status-shaped values in cached answers: timelines, threads, notifications, search results. */
function isStatus(value: unknown): value is Status {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'content' in value &&
    'account' in value &&
    'visibility' in value
  );
}

const REMOVE = Symbol('remove');
type Replacement = Status | typeof REMOVE;

/**
 * Rebuilds `value` with every status of id `id` (also inside boosts) replaced by `replace(status)`; a
 * removed status drops out of arrays, and a boost of a removed status is removed too. Untouched branches
 * keep their identity so that React Query's structural sharing and memoized rows stay cheap.
 */
export function mapStatuses(value: unknown, id: string, replace: (status: Status) => Replacement): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of value) {
      const mapped = mapStatuses(item, id, replace);
      if (mapped !== item) changed = true;
      if (mapped !== REMOVE) next.push(mapped);
    }
    return changed ? next : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (isStatus(value)) {
    if (value.id === id) return replace(value);
    if (value.reblog && value.reblog.id === id) {
      const inner = replace(value.reblog);
      return inner === REMOVE ? REMOVE : { ...value, reblog: inner };
    }
    return value;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const mapped = mapStatuses(item, id, replace);
    if (mapped !== item) changed = true;
    // a removed status inside an object (a notification's status): the field becomes null
    next[key] = mapped === REMOVE ? null : mapped;
  }
  return changed ? next : value;
}

export { REMOVE as REMOVED_STATUS };

/** Applies `update` to status `id` in every cached query. */
export function updateCachedStatus(
  client: QueryClient,
  id: string,
  update: (status: Status) => Status,
): void {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapStatuses(data, id, update);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}

/** Removes status `id` (and boosts of it) from every cached list. */
export function removeCachedStatus(client: QueryClient, id: string): void {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapStatuses(data, id, () => REMOVE);
    if (next !== data && next !== REMOVE) client.setQueryData(query.queryKey, next);
  }
}

/** Puts a fresh copy from the server in place, keeping what the viewer just toggled elsewhere. */
export function replaceCachedStatus(client: QueryClient, fresh: Status): void {
  updateCachedStatus(client, fresh.id, () => fresh);
}
