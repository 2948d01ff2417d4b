import { useSyncExternalStore } from 'react';
import type { TypingEntry } from '../model';
import { TYPING_EXPIRE_MS } from '../rules/constants';
import { pruneTyping, startTyping, stopTyping } from '../rules/typing';

/**
 * Who is typing where (SPEC §4 "Typing"): entries clear on typing_stop, or 5 s after a start if they were not
 * refreshed within the last 4 s.
 */
export class TypingStore {
  private entries: TypingEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<number>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.entries;

  start(entry: Omit<TypingEntry, 'timestamp'>, now = Date.now()): void {
    this.set(startTyping(this.entries, { ...entry, timestamp: now }));
    const timer = window.setTimeout(() => {
      this.timers.delete(timer);
      this.set(pruneTyping(this.entries, Date.now()));
    }, TYPING_EXPIRE_MS);
    this.timers.add(timer);
  }

  stop(conversationId: string, userId: string): void {
    this.set(stopTyping(this.entries, conversationId, userId));
  }

  dispose(): void {
    for (const timer of this.timers) window.clearTimeout(timer);
    this.timers.clear();
    this.entries = [];
  }

  private set(next: TypingEntry[]): void {
    if (next.length === this.entries.length && next.every((e, i) => e === this.entries[i])) return;
    this.entries = next;
    for (const listener of this.listeners) listener();
  }
}

export function useTypingEntries(store: TypingStore): TypingEntry[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}
