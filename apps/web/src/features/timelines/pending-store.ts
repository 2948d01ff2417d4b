import type { Status } from '@palchat/api';
import { createStore, useStore } from '../../platform/stores/create-store';

/** Statuses streamed into a timeline and not shown yet, per timeline id ("N new posts"). */
export const pendingStore = createStore<ReadonlyMap<string, readonly Status[]>>(new Map());

export function addPending(timelineId: string, status: Status): void {
  const current = pendingStore.get();
  const list = current.get(timelineId) ?? [];
  if (list.some((item) => item.id === status.id)) return;
  const next = new Map(current);
  next.set(timelineId, [status, ...list]);
  pendingStore.set(next);
}

export function takePending(timelineId: string): readonly Status[] {
  const current = pendingStore.get();
  const list = current.get(timelineId) ?? [];
  if (list.length === 0) return list;
  const next = new Map(current);
  next.delete(timelineId);
  pendingStore.set(next);
  return list;
}

export function dropPending(statusId: string): void {
  const current = pendingStore.get();
  let changed = false;
  const next = new Map<string, readonly Status[]>();
  for (const [key, list] of current) {
    const kept = list.filter((status) => status.id !== statusId && status.reblog?.id !== statusId);
    if (kept.length !== list.length) changed = true;
    next.set(key, kept);
  }
  if (changed) pendingStore.set(next);
}

export function usePendingCount(timelineId: string): number {
  return useStore(pendingStore).get(timelineId)?.length ?? 0;
}
