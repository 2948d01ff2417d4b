/**
 * What is typed in a chat's composer and not sent yet, per chat, for as long as the page lives (SPEC §4: leaving
 * the page loses it). A composer that mounts again finds its words: when the reader comes back to a chat, and
 * when a chat with someone new becomes their conversation (the first message accepted) while the reader is
 * already typing the next one.
 */
export interface Draft {
  text: string;
  /** the composer had focus when the draft was handed over: the new one takes it, so typing goes on */
  focused: boolean;
}

const drafts = new Map<string, Draft>();

export const newChatDraftKey = (recipientId: string): string => `recipient:${recipientId}`;
export const conversationDraftKey = (conversationId: string): string => `conversation:${conversationId}`;

export function readDraft(key: string): Draft | undefined {
  return drafts.get(key);
}

export function keepDraft(key: string, text: string): void {
  if (text === '') drafts.delete(key);
  else drafts.set(key, { text, focused: false });
}

/** Moves the draft of `from` to `to`, noting whether the composer being replaced has focus now. */
export function handOverDraft(from: string, to: string, focused: boolean): void {
  const draft = drafts.get(from);
  drafts.delete(from);
  drafts.set(to, { text: draft?.text ?? '', focused });
}
