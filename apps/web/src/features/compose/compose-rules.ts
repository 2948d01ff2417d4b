/** Mastodon counts every link as 23 characters, whatever its length. */
export const URL_PLACEHOLDER_LENGTH = 23;
export const DEFAULT_MAX_CHARACTERS = 500;
export const MAX_POLL_OPTIONS = 4;
export const POLL_DURATIONS = [300, 1800, 3600, 21600, 86400, 259200, 604800] as const;

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
// a remote mention counts as its local part: "@alice@example.com" is "@alice"
const REMOTE_MENTION = /(^|[^\w/])@(\w+)@[\w.-]+\w/g;

/** The length the server checks: links count 23, remote mentions drop their domain, graphemes count once. */
export function countableLength(text: string): number {
  const normalized = text
    .replace(URL_PATTERN, 'x'.repeat(URL_PLACEHOLDER_LENGTH))
    .replace(REMOTE_MENTION, '$1@$2');
  return [...normalized].length;
}

export interface PollDraft {
  options: string[];
  expiresIn: number;
  multiple: boolean;
}

export interface ComposeInput {
  text: string;
  spoilerText: string;
  mediaCount: number;
  poll: PollDraft | null;
  uploading: boolean;
}

export type ComposeProblem = 'empty' | 'too_long' | 'poll_options' | 'poll_with_media' | 'uploading';

/** Characters left: the spoiler text counts towards the limit, as on Mastodon. */
export function remainingCharacters(input: Pick<ComposeInput, 'text' | 'spoilerText'>, max: number): number {
  return max - countableLength(input.text) - countableLength(input.spoilerText);
}

/** Why the post cannot be sent yet (null: it can). */
export function composeProblem(input: ComposeInput, max: number): ComposeProblem | null {
  if (input.uploading) return 'uploading';
  if (input.text.trim().length === 0 && input.mediaCount === 0) return 'empty';
  if (remainingCharacters(input, max) < 0) return 'too_long';
  if (input.poll) {
    if (input.mediaCount > 0) return 'poll_with_media';
    const filled = input.poll.options.filter((option) => option.trim().length > 0);
    if (filled.length < 2) return 'poll_options';
  }
  return null;
}

/** The @mention or #hashtag being typed just before the caret, for autocomplete. */
export function tokenAtCaret(text: string, caret: number): { token: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[\s(])([@#][\p{L}\p{N}_]*(?:@[\w.-]*)?)$/u.exec(before);
  if (!match?.[1] || match[1].length < 2) return null;
  return { token: match[1], start: caret - match[1].length };
}

/** Replaces the token at [start, caret) by `replacement` plus a space; returns the text and the new caret. */
export function insertCompletion(
  text: string,
  start: number,
  caret: number,
  replacement: string,
): { text: string; caret: number } {
  const inserted = `${replacement} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

export type DropRefusal = 'signed_out' | 'has_audio_video' | 'limit';

/** SPEC §5: drag-and-drop upload only when signed in, no audio/video attached, below the server maximum. */
export function dropUploadRefusal(input: {
  signedIn: boolean;
  attachedTypes: string[];
  maxAttachments: number;
}): DropRefusal | null {
  if (!input.signedIn) return 'signed_out';
  if (input.attachedTypes.some((type) => type.startsWith('audio/') || type.startsWith('video/')))
    return 'has_audio_video';
  if (input.attachedTypes.length >= input.maxAttachments) return 'limit';
  return null;
}
