import { PALCHAT_NS } from '../chat/vocabulary.js';
import {
  AS_PUBLIC,
  MAX_MLS_BYTES,
  MLS_ENCODING,
  MLS_MEDIA_TYPE,
  MLS_MESSAGE_TYPES,
  MLS_NS,
  type MlsObjectType,
} from './vocabulary.js';

/**
 * Strict reading of an MLS object as another server sent it (compacted with the draft's context, prefixed, or
 * with full IRIs): its type, `mediaType: message/mls`, `encoding: base64`, canonical base64 `content` of at most
 * 256 KiB, and its ids. The content stays opaque: it is neither sanitized nor rendered, only carried.
 */

type JsonObject = Record<string, unknown>;

export interface ParsedMlsObject {
  id: string;
  type: MlsObjectType;
  attributedTo: string;
  to: string[];
  /** the chat's ordered collection on its home server, when given */
  context: string | null;
  /** the MLSMessage, base64, as it came (canonical: re-encoding the bytes gives the same text) */
  content: string;
  bytes: Uint8Array;
  /** the home server's place for it in the chat's order (Palchat), when given */
  mlsSeq: number | null;
  signal: boolean;
  chat: ParsedChatTerms;
}

/** Palchat's chat terms (vocabulary.ts, ChatTerms) as they arrived, checked. */
export interface ParsedChatTerms {
  name: string | null;
  mlsGroupId: string | null;
  mlsEpoch: number | null;
  groupActor: string | null;
  members: string[] | null;
  mlsWelcome: string | null;
  mlsGroupInfo: string | null;
  addMembers: string[];
  removeMembers: string[];
}

const palchat = (json: JsonObject, term: string): unknown => termOf(json, term, 'palchat', PALCHAT_NS);

function actorList(value: unknown, what: string): string[] {
  const ids = idsOf(value);
  if (ids.length > 256 || ids.some((id) => !isHttpUrl(id)))
    throw new MlsObjectError(`${what} must be actor ids`);
  return ids;
}

function optionalBase64(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  try {
    decodeBase64(value);
  } catch {
    throw new MlsObjectError(`${what} must be standard base64 of at most 256 KiB`);
  }
  return value as string;
}

function chatTermsOf(json: JsonObject): ParsedChatTerms {
  const name = json.name;
  if (name !== undefined && (typeof name !== 'string' || name.length > 200))
    throw new MlsObjectError('name must be a short text');
  const members = palchat(json, 'members');
  const epoch = palchat(json, 'mlsEpoch');
  if (epoch !== undefined && !(Number.isSafeInteger(epoch) && (epoch as number) >= 0))
    throw new MlsObjectError('mlsEpoch must be an integer');
  const groupActor = palchat(json, 'groupActor');
  return {
    name: typeof name === 'string' ? name : null,
    mlsGroupId: optionalBase64(palchat(json, 'mlsGroupId'), 'mlsGroupId'),
    mlsEpoch: (epoch as number | undefined) ?? null,
    groupActor: groupActor === undefined ? null : singleId(groupActor, 'groupActor'),
    members: members === undefined ? null : actorList(members, 'members'),
    mlsWelcome: optionalBase64(palchat(json, 'mlsWelcome'), 'mlsWelcome'),
    mlsGroupInfo: optionalBase64(palchat(json, 'mlsGroupInfo'), 'mlsGroupInfo'),
    addMembers: actorList(palchat(json, 'addMembers'), 'addMembers'),
    removeMembers: actorList(palchat(json, 'removeMembers'), 'removeMembers'),
  };
}

export class MlsObjectError extends Error {
  override name = 'MlsObjectError';
}

const ALL_TYPES: readonly MlsObjectType[] = [...MLS_MESSAGE_TYPES, 'KeyPackage'];
const PUBLIC_NAMES = new Set([AS_PUBLIC, 'as:Public', 'Public']);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON-LD value object's value (`{"@value": 3, "@type": "xsd:integer"}`, as a compaction may leave it). */
function plainValue(value: unknown): unknown {
  return isJsonObject(value) && '@value' in value ? value['@value'] : value;
}

/**
 * A term however the sender's context names it: compact, `prefix:term`, or its full IRI (Fedify compacts a
 * signed activity with its own context, which leaves other vocabularies' terms as IRIs and typed values).
 */
export function termOf(json: JsonObject, term: string, prefix: string, namespace: string): unknown {
  const value = json[term] ?? json[`${prefix}:${term}`] ?? json[`${namespace}${term}`];
  return Array.isArray(value) && value.length === 1 ? plainValue(value[0]) : plainValue(value);
}

/** The ids in a JSON-LD value: a string, an object with `id`, or an array of those. */
export function idsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items
    .map((item: unknown) => (isJsonObject(item) ? (item.id ?? item['@id']) : item))
    .filter((item): item is string => typeof item === 'string');
}

/** The one id of a functional reference, or throws. */
export function singleId(value: unknown, what: string): string {
  const ids = idsOf(value);
  if (ids.length !== 1 || !isHttpUrl(ids[0]!)) throw new MlsObjectError(`${what} must be one URL`);
  return ids[0]!;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The MLS type an object's `type` names (a string or an array, as `T`, `mls:T` or the full IRI), or null. */
export function mlsTypeOf(type: unknown): MlsObjectType | null {
  const names = (Array.isArray(type) ? type : [type]).filter(
    (name): name is string => typeof name === 'string',
  );
  for (const name of names) {
    const bare = name.startsWith(MLS_NS) ? name.slice(MLS_NS.length) : name.replace(/^mls:/, '');
    const found = ALL_TYPES.find((candidate) => candidate === bare);
    if (found) return found;
  }
  return null;
}

/** Canonical standard base64 (with padding) decoded, or throws. */
export function decodeBase64(content: unknown): Uint8Array {
  if (typeof content !== 'string' || content.length === 0 || !BASE64.test(content))
    throw new MlsObjectError('content must be standard base64');
  // the length check before decoding: 4 characters carry 3 bytes
  if ((content.length / 4) * 3 > MAX_MLS_BYTES + 2)
    throw new MlsObjectError('content is larger than 256 KiB');
  const bytes = new Uint8Array(Buffer.from(content, 'base64'));
  if (bytes.length > MAX_MLS_BYTES) throw new MlsObjectError('content is larger than 256 KiB');
  if (Buffer.from(bytes).toString('base64') !== content)
    throw new MlsObjectError('content is not canonical base64');
  return bytes;
}

/** Reads and checks an MLS object; throws MlsObjectError naming the first thing wrong with it. */
export function parseMlsObject(value: unknown): ParsedMlsObject {
  if (!isJsonObject(value)) throw new MlsObjectError('the object must be embedded');
  const type = mlsTypeOf(value.type ?? value['@type']);
  if (!type) throw new MlsObjectError('not an MLS object type');
  const id = singleId(value.id ?? value['@id'], 'id');
  const attributedTo = singleId(value.attributedTo, 'attributedTo');
  if (value.mediaType !== MLS_MEDIA_TYPE) throw new MlsObjectError(`mediaType must be ${MLS_MEDIA_TYPE}`);
  if (termOf(value, 'encoding', 'mls', MLS_NS) !== MLS_ENCODING)
    throw new MlsObjectError(`encoding must be ${MLS_ENCODING}`);
  const bytes = decodeBase64(value.content);
  const to = idsOf(value.to);
  const audience = [...to, ...idsOf(value.cc), ...idsOf(value.bto), ...idsOf(value.bcc)];
  const isPublic = audience.some((name) => PUBLIC_NAMES.has(name));
  if (type !== 'KeyPackage' && isPublic) throw new MlsObjectError('an MLS message is never public');
  if (type !== 'KeyPackage' && to.length === 0)
    throw new MlsObjectError('an MLS message names its recipients');
  const context = value.context === undefined ? null : singleId(value.context, 'context');
  const seq = palchat(value, 'mlsSeq');
  if (seq !== undefined && !(Number.isSafeInteger(seq) && (seq as number) > 0))
    throw new MlsObjectError('mlsSeq must be a positive integer');
  const signal = palchat(value, 'signal');
  return {
    id,
    type,
    attributedTo,
    to,
    context,
    content: value.content as string,
    bytes,
    mlsSeq: (seq as number | undefined) ?? null,
    signal: signal === true,
    chat: chatTermsOf(value),
  };
}
