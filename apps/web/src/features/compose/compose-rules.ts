import type { QuotePolicy, Visibility } from '@palchat/api';

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

/**
 * SPEC §5: drag-and-drop upload only when signed in, no audio/video attached, below the server maximum.
 * `attached` counts every attachment: new files and those kept from an edit or a re-draft.
 */
export function dropUploadRefusal(input: {
  signedIn: boolean;
  attached: readonly MediaKind[];
  maxAttachments: number;
}): DropRefusal | null {
  if (!input.signedIn) return 'signed_out';
  if (input.attached.some((kind) => kind !== 'image')) return 'has_audio_video';
  if (input.attached.length >= input.maxAttachments) return 'limit';
  return null;
}

const VISIBILITY_ORDER: readonly Visibility[] = ['public', 'unlisted', 'private', 'direct'];

/** The narrower audience of the two (public < unlisted < private < direct). */
export function stricterVisibility(a: Visibility, b: Visibility): Visibility {
  return VISIBILITY_ORDER.indexOf(a) >= VISIBILITY_ORDER.indexOf(b) ? a : b;
}

/** What the account's posting defaults (verify_credentials `source`) give a draft that did not choose. */
export interface PostingDefaults {
  privacy: Visibility;
  sensitive: boolean;
  language: string;
  /** who may quote new posts (Mastodon 4.5's source.quote_policy) */
  quotePolicy: QuotePolicy;
}

/**
 * The audience of a post: the one chosen in the form, else the account's default; a reply (as on Mastodon)
 * takes the stricter of the replied post's audience and the default.
 */
export function postVisibility(
  chosen: Visibility | null,
  defaults: Pick<PostingDefaults, 'privacy'>,
  replyTo: Visibility | null,
): Visibility {
  if (chosen) return chosen;
  return replyTo ? stricterVisibility(replyTo, defaults.privacy) : defaults.privacy;
}

/**
 * Whether the media are marked sensitive: always with a content warning (Mastodon forces it), else the
 * form's toggle, else the account's "always mark media as sensitive"; never without media.
 */
export function mediaSensitive(input: {
  mediaCount: number;
  spoilerOn: boolean;
  chosen: boolean | null;
  defaults: Pick<PostingDefaults, 'sensitive'>;
}): boolean {
  if (input.spoilerOn) return true;
  return input.mediaCount > 0 && (input.chosen ?? input.defaults.sensitive);
}

export type MediaKind = 'image' | 'video' | 'audio';

/** An attachment's kind from a MIME type ("video/mp4") or a Mastodon attachment type ("gifv" plays as an image). */
export function mediaKind(type: string): MediaKind {
  if (type.startsWith('audio')) return 'audio';
  if (type === 'video' || type.startsWith('video/')) return 'video';
  return 'image';
}

/** The kinds of attachments: new files (MIME types) and kept ones (attachment types), in one list. */
export function mediaKinds(items: readonly { type: string }[]): MediaKind[] {
  return items.map((item) => mediaKind(item.type));
}

export type MediaProblem = 'unsupported' | 'audio_video_alone' | 'limit';

/** The largest upload the server takes, in bytes, per kind (configuration.media_attachments); null: not known. */
export interface MediaSizeLimits {
  image: number | null;
  video: number | null;
}

const MEGABYTE = 1024 * 1024;

/**
 * Leaves out the files larger than the server's limit for their kind (as on Mastodon, audio has the video
 * limit), so that they are refused when picked rather than after a long upload. Answers the files kept and
 * the first refused one: its name and the limit in MB, for the message.
 */
export function refuseOversizedMedia<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  limits: MediaSizeLimits,
): { kept: F[]; oversized: { name: string; megabytes: number } | null } {
  const kept: F[] = [];
  let oversized: { name: string; megabytes: number } | null = null;
  for (const file of files) {
    const limit = mediaKind(file.type) === 'image' ? limits.image : limits.video;
    if (limit === null || file.size <= limit) kept.push(file);
    // one decimal at most: 99 MB, 7.5 MB
    else oversized ??= { name: file.name, megabytes: Math.floor((limit / MEGABYTE) * 10) / 10 };
  }
  return { kept, oversized };
}

/**
 * Which picked (or dropped) files join the attachments already there, as on Mastodon: only supported types;
 * a video or an audio file goes alone (nothing before it, nothing with it); never more than the server's
 * maximum. Answers the files taken and, when some were refused, why.
 */
export function acceptMedia(input: {
  attached: readonly MediaKind[];
  files: readonly File[];
  max: number;
  supportedTypes: readonly string[];
}): { accepted: File[]; problem: MediaProblem | null } {
  const supported = input.files.filter((file) => input.supportedTypes.includes(file.type));
  const unsupported = supported.length < input.files.length;
  if (supported.length === 0) return { accepted: [], problem: unsupported ? 'unsupported' : null };
  const isAudioVideo = (kind: MediaKind) => kind !== 'image';
  const pickedAudioVideo = supported.some((file) => isAudioVideo(mediaKind(file.type)));
  if (input.attached.some(isAudioVideo) || (pickedAudioVideo && input.attached.length + supported.length > 1))
    return { accepted: [], problem: 'audio_video_alone' };
  const room = Math.max(0, input.max - input.attached.length);
  const accepted = supported.slice(0, room);
  if (accepted.length < supported.length) return { accepted, problem: 'limit' };
  return { accepted, problem: unsupported ? 'unsupported' : null };
}
