import type { MessageMedia } from '../model';

/**
 * What is typed in a chat's composer and not sent yet, per chat, for as long as the page lives (SPEC §4: leaving
 * the page loses it). A composer that mounts again finds its words and its attachments: when the reader comes
 * back to a chat, and when a chat with someone new becomes their conversation (the first message accepted)
 * while the reader is already writing the next one.
 */
export interface Draft {
  text: string;
  /** the composer had focus when the draft was handed over: the new one takes it, so typing goes on */
  focused: boolean;
}

/** A file picked for the next message; `media` once its upload is done. */
export interface DraftAttachment {
  key: string;
  file: File;
  previewUrl: string;
  media: MessageMedia | null;
}

const drafts = new Map<string, Draft>();
// a store of their own, which composers subscribe to: an upload may end after its composer was replaced
const attachmentsByDraft = new Map<string, DraftAttachment[]>();
const attachmentListeners = new Set<() => void>();
const NO_ATTACHMENTS: DraftAttachment[] = [];

export const newChatDraftKey = (recipientId: string): string => `recipient:${recipientId}`;
export const conversationDraftKey = (conversationId: string): string => `conversation:${conversationId}`;

export function readDraft(key: string): Draft | undefined {
  return drafts.get(key);
}

export function keepDraft(key: string, text: string): void {
  if (text === '') drafts.delete(key);
  else drafts.set(key, { text, focused: false });
}

export function draftAttachments(key: string): DraftAttachment[] {
  return attachmentsByDraft.get(key) ?? NO_ATTACHMENTS;
}

export function subscribeToDraftAttachments(listener: () => void): () => void {
  attachmentListeners.add(listener);
  return () => attachmentListeners.delete(listener);
}

export function updateDraftAttachments(
  key: string,
  update: (attachments: DraftAttachment[]) => DraftAttachment[],
): void {
  const next = update(draftAttachments(key));
  if (next.length === 0) attachmentsByDraft.delete(key);
  else attachmentsByDraft.set(key, next);
  for (const listener of attachmentListeners) listener();
}

/** An upload ended (`media`, or null when it failed): in whichever draft holds the attachment by now. */
export function settleDraftAttachment(attachmentKey: string, media: MessageMedia | null): void {
  for (const [key, attachments] of attachmentsByDraft) {
    if (!attachments.some((attachment) => attachment.key === attachmentKey)) continue;
    updateDraftAttachments(key, (list) =>
      media
        ? list.map((attachment) => (attachment.key === attachmentKey ? { ...attachment, media } : attachment))
        : list.filter((attachment) => attachment.key !== attachmentKey),
    );
    return;
  }
}

/** Moves the draft of `from`, its attachments too, to `to`, noting whether the replaced composer has focus now. */
export function handOverDraft(from: string, to: string, focused: boolean): void {
  const draft = drafts.get(from);
  drafts.delete(from);
  drafts.set(to, { text: draft?.text ?? '', focused });
  const attachments = draftAttachments(from);
  updateDraftAttachments(from, () => []);
  updateDraftAttachments(to, () => attachments);
}
