import type { TypingEntry } from '../model';
import { TYPING_STALE_MS } from './constants';

/** The names in a typing indicator, as intl values (SPEC §4 "Typing"). */
export type TypingText =
  | null
  | { kind: 'one'; name: string }
  | { kind: 'two'; first: string; second: string }
  | { kind: 'many'; names: string; last: string };

export function typingName(entry: TypingEntry, fallback: string): string {
  return entry.display_name || entry.username || fallback;
}

export function typingText(entries: readonly TypingEntry[], fallback: string): TypingText {
  const names = entries.map((entry) => typingName(entry, fallback));
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return { kind: 'one', name: first };
  if (names.length === 2) return { kind: 'two', first, second };
  return { kind: 'many', names: names.slice(0, -1).join(', '), last: names[names.length - 1] ?? '' };
}

/** Adds or refreshes a typing entry. */
export function startTyping(entries: readonly TypingEntry[], entry: TypingEntry): TypingEntry[] {
  const others = entries.filter(
    (e) => !(e.user_id === entry.user_id && e.conversation_id === entry.conversation_id),
  );
  return [...others, entry];
}

export function stopTyping(entries: readonly TypingEntry[], conversationId: string, userId: string) {
  return entries.filter((e) => !(e.user_id === userId && e.conversation_id === conversationId));
}

/** Drops entries not refreshed within the stale window (checked 5 s after each start). */
export function pruneTyping(entries: readonly TypingEntry[], now: number): TypingEntry[] {
  return entries.filter((e) => now - e.timestamp < TYPING_STALE_MS);
}

export function typingIn(entries: readonly TypingEntry[], conversationId: string, currentUserId: string) {
  return entries.filter((e) => e.conversation_id === conversationId && e.user_id !== currentUserId);
}
