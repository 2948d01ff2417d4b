/**
 * The application data inside MLS application messages: Activity Streams 2.0 JSON as in the draft's
 * "Application data" section (ids are urn:uuid:, never URLs), with Palchat's extensions in the palchat: prefix.
 * Parsing is strict about what Palchat reads (types, ids, required fields) and tolerant of extra properties
 * (JSON-LD is extensible); anything unusable is an AppDataError, never a crash of the caller's sync loop.
 */
import { fromUtf8, utf8 } from './bytes.js';

export const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
export const MLS_CONTEXT = 'https://purl.archive.org/socialweb/mls';
export const PALCHAT_NS = 'https://palchat.org/ns#';
const CONTEXT = [AS_CONTEXT, MLS_CONTEXT, { palchat: PALCHAT_NS }];

const MAX_TEXT = 100_000;
const MAX_EMOJI = 32;
const MAX_ATTACHMENTS = 16;
export const PLAIN_LIKE = '❤️';

export interface EncryptedAttachment {
  type: 'Image' | 'Video';
  mediaType: string;
  /** where the encrypted file is */
  url: string;
  /** base64 AES-256-GCM key, IV and SHA-256 of the ciphertext */
  key: string;
  iv: string;
  digest: string;
  width?: number;
  height?: number;
}

export interface NoteData {
  id: string;
  /** plain text (HTML on the wire) */
  text: string;
  inReplyTo?: string;
  /** ISO time the author gave; '' when another implementation left it out (the history uses the order's time) */
  published: string;
  attachments: EncryptedAttachment[];
}

export type AppData =
  | { type: 'Create'; id: string; note: NoteData }
  | { type: 'Delete'; id: string; object: string }
  | { type: 'Like'; id: string; object: string; emoji: string }
  | { type: 'Undo'; id: string; object: string }
  | { type: 'Read'; id: string; object: string }
  | { type: 'Typing'; id: string; state: 'start' | 'stop' };

export class AppDataError extends Error {
  override name = 'AppDataError';
}

export function newId(): string {
  return `urn:uuid:${globalThis.crypto.randomUUID()}`;
}

export function createNote(
  text: string,
  options: { inReplyTo?: string; attachments?: EncryptedAttachment[] } = {},
): AppData {
  const note: NoteData = {
    id: newId(),
    text,
    published: new Date().toISOString(),
    attachments: options.attachments ?? [],
    ...(options.inReplyTo ? { inReplyTo: options.inReplyTo } : {}),
  };
  return { type: 'Create', id: newId(), note };
}

export const deleteNote = (noteId: string): AppData => ({ type: 'Delete', id: newId(), object: noteId });
export const like = (noteId: string, emoji: string): AppData => ({
  type: 'Like',
  id: newId(),
  object: noteId,
  emoji,
});
export const undo = (activityId: string): AppData => ({ type: 'Undo', id: newId(), object: activityId });
export const read = (noteId: string): AppData => ({ type: 'Read', id: newId(), object: noteId });
export const typing = (state: 'start' | 'stop'): AppData => ({ type: 'Typing', id: newId(), state });

/** Receipts, reactions and deletes do not count as unread (the envelope's `signal`). */
export function isSignal(data: AppData): boolean {
  return data.type !== 'Create';
}

export function isEphemeral(data: AppData): boolean {
  return data.type === 'Typing';
}

// ---------------------------------------------------------------------------------------------- to AS2

export function toActivity(data: AppData): Record<string, unknown> {
  const base = { '@context': CONTEXT, id: data.id };
  switch (data.type) {
    case 'Create':
      return { ...base, type: 'Create', object: noteToObject(data.note) };
    case 'Delete':
    case 'Undo':
    case 'Read':
      return { ...base, type: data.type, object: data.object };
    case 'Like':
      return { ...base, type: 'Like', object: data.object, content: data.emoji };
    case 'Typing':
      return { ...base, type: 'palchat:Typing', 'palchat:state': data.state };
  }
}

function noteToObject(note: NoteData): Record<string, unknown> {
  return {
    type: 'Note',
    id: note.id,
    content: textToHtml(note.text),
    ...(note.published ? { published: note.published } : {}),
    ...(note.inReplyTo ? { inReplyTo: note.inReplyTo } : {}),
    ...(note.attachments.length > 0 ? { attachment: note.attachments.map(attachmentToObject) } : {}),
  };
}

function attachmentToObject(a: EncryptedAttachment): Record<string, unknown> {
  return {
    type: a.type,
    mediaType: a.mediaType,
    url: a.url,
    'palchat:key': a.key,
    'palchat:iv': a.iv,
    'palchat:digest': a.digest,
    ...(a.width !== undefined ? { width: a.width } : {}),
    ...(a.height !== undefined ? { height: a.height } : {}),
  };
}

export function encodeAppData(data: AppData): Uint8Array {
  return utf8(JSON.stringify(toActivity(data)));
}

// -------------------------------------------------------------------------------------------- from AS2

export function decodeAppData(bytes: Uint8Array): AppData {
  let json: unknown;
  try {
    json = JSON.parse(fromUtf8(bytes));
  } catch {
    throw new AppDataError('Application data is not JSON');
  }
  return fromActivity(json);
}

export function fromActivity(json: unknown): AppData {
  const activity = record(json, 'activity');
  const id = urnId(activity.id, 'id');
  switch (activity.type) {
    case 'Create':
      return { type: 'Create', id, note: noteFromObject(record(activity.object, 'object')) };
    case 'Delete':
    case 'Undo':
    case 'Read':
      return { type: activity.type, id, object: reference(activity.object) };
    case 'Like': {
      // a plain Like (no content), as other implementations send it, is a heart
      const emoji = activity.content ?? PLAIN_LIKE;
      if (typeof emoji !== 'string' || emoji.length === 0 || emoji.length > MAX_EMOJI) {
        throw new AppDataError('A Like needs an emoji as content');
      }
      return { type: 'Like', id, object: reference(activity.object), emoji };
    }
    case 'palchat:Typing': {
      const state = activity['palchat:state'];
      if (state !== 'start' && state !== 'stop') throw new AppDataError('Typing state must be start or stop');
      return { type: 'Typing', id, state };
    }
    default:
      throw new AppDataError('Unsupported activity type');
  }
}

function noteFromObject(object: Record<string, unknown>): NoteData {
  if (object.type !== 'Note') throw new AppDataError('Create must carry a Note');
  if (typeof object.content !== 'string' || object.content.length > MAX_TEXT) {
    throw new AppDataError('A Note needs content');
  }
  const attachments = object.attachment === undefined ? [] : object.attachment;
  if (!Array.isArray(attachments) || attachments.length > MAX_ATTACHMENTS) {
    throw new AppDataError('Invalid attachments');
  }
  return {
    id: urnId(object.id, 'note id'),
    text: htmlToText(object.content),
    published: object.published === undefined ? '' : timestamp(object.published),
    attachments: attachments.map((a) => attachmentFromObject(record(a, 'attachment'))),
    ...(object.inReplyTo !== undefined ? { inReplyTo: urnId(object.inReplyTo, 'inReplyTo') } : {}),
  };
}

function attachmentFromObject(object: Record<string, unknown>): EncryptedAttachment {
  if (object.type !== 'Image' && object.type !== 'Video')
    throw new AppDataError('Unsupported attachment type');
  const mediaType = string(object.mediaType, 'mediaType');
  if (!/^(image|video)\/[\w.+-]+$/.test(mediaType)) throw new AppDataError('Invalid mediaType');
  const url = string(object.url, 'url');
  if (!/^https?:\/\//.test(url)) throw new AppDataError('Invalid attachment url');
  return {
    type: object.type,
    mediaType,
    url,
    key: base64(object['palchat:key'], 'palchat:key'),
    iv: base64(object['palchat:iv'], 'palchat:iv'),
    digest: base64(object['palchat:digest'], 'palchat:digest'),
    ...dimension('width', object.width),
    ...dimension('height', object.height),
  };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppDataError(`Invalid ${what}`);
  return value as Record<string, unknown>;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048)
    throw new AppDataError(`Invalid ${what}`);
  return value;
}

/** Ids are URNs (the draft: unique URIs that are no URLs; Palchat makes urn:uuid: ones). */
function urnId(value: unknown, what: string): string {
  const id = string(value, what);
  if (!/^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(id)) throw new AppDataError(`Invalid ${what}`);
  return id;
}

/** `object` as a reference or as a node object with an id. */
function reference(value: unknown): string {
  return urnId(typeof value === 'string' ? value : record(value, 'object').id, 'object');
}

function base64(value: unknown, what: string): string {
  const text = string(value, what);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new AppDataError(`Invalid ${what}`);
  return text;
}

function timestamp(value: unknown): string {
  const text = string(value, 'published');
  if (Number.isNaN(Date.parse(text))) throw new AppDataError('Invalid published');
  return text;
}

function dimension(name: 'width' | 'height', value: unknown): { width?: number; height?: number } {
  if (value === undefined) return {};
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000) {
    throw new AppDataError(`Invalid ${name}`);
  }
  return { [name]: value };
}

// ----------------------------------------------------------------------------------------- text ↔ HTML

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The box shows text: line breaks and paragraphs become newlines, other tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
      if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}
