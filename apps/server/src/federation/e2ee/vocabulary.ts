/**
 * The vocabulary of the W3C SocialCG draft "Messaging Layer Security in ActivityPub"
 * (https://swicg.github.io/activitypub-e2ee/mls) as Palchat writes it (docs/FEDERATION.md, "Encrypted chats
 * (MLS)"): the five MLS object types inside `Create`, the life cycle of `KeyPackage` objects (Create, Add, Remove,
 * Delete) and the actor's `keyPackages` collection. The documents are plain JSON in the draft's exact shapes
 * (Fedify has no MLS types), with the draft's context beside ActivityStreams'.
 */
import { PALCHAT_NS } from '../chat/vocabulary.js';
import { AS_CONTEXT_URL, MLS_CONTEXT_URL } from './context.js';

export { AS_CONTEXT_URL, MLS_CONTEXT_URL };
export const MLS_NS = `${MLS_CONTEXT_URL}#`;
/** `as:Public` in full: what Fedify and Mastodon write, and what the CURIE expands to. */
export const AS_PUBLIC = `${AS_CONTEXT_URL}#Public`;
export const DRAFT_URL = 'https://swicg.github.io/activitypub-e2ee/mls';
export const MLS_MEDIA_TYPE = 'message/mls';
export const MLS_ENCODING = 'base64';
/** docs/E2EE-API.md: the largest MLS message, in bytes (decoded). */
export const MAX_MLS_BYTES = 256 * 1024;
export const CIPHERSUITE_NAME = 'MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

/**
 * Palchat's terms beside the draft's on an MLS object (docs/FEDERATION.md, "Encrypted chats (MLS)"): the home
 * server's order (`mlsSeq`), unread-neutral messages (`signal`), and what a server needs to keep a chat that is
 * ordered elsewhere: the group's id, actor and people (`mlsGroupId`, `groupActor`, `members`), the epoch a Welcome
 * joins (`mlsEpoch`), and on a forwarded commit the Welcome, GroupInfo and membership change that go with it.
 */
export const PALCHAT_MLS_TERMS = {
  palchat: PALCHAT_NS,
  mlsSeq: { '@id': 'palchat:mlsSeq', '@type': `${XSD}integer` },
  signal: { '@id': 'palchat:signal', '@type': `${XSD}boolean` },
  mlsGroupId: 'palchat:mlsGroupId',
  mlsEpoch: { '@id': 'palchat:mlsEpoch', '@type': `${XSD}integer` },
  groupActor: { '@id': 'palchat:groupActor', '@type': '@id' },
  members: { '@id': 'palchat:members', '@type': '@id', '@container': '@set' },
  mlsWelcome: 'palchat:mlsWelcome',
  mlsGroupInfo: 'palchat:mlsGroupInfo',
  addMembers: { '@id': 'palchat:addMembers', '@type': '@id', '@container': '@set' },
  removeMembers: { '@id': 'palchat:removeMembers', '@type': '@id', '@container': '@set' },
} as const;

export const MLS_CONTEXT = [AS_CONTEXT_URL, MLS_CONTEXT_URL, PALCHAT_MLS_TERMS] as const;

/** The MLS wire formats (RFC 9420 §6) carried in a `Create`, each its own object type. */
export const MLS_MESSAGE_TYPES = ['PrivateMessage', 'PublicMessage', 'Welcome', 'GroupInfo'] as const;
export type MlsMessageType = (typeof MLS_MESSAGE_TYPES)[number];
export type MlsObjectType = MlsMessageType | 'KeyPackage';

const SUMMARIES: Record<MlsObjectType, string> = {
  PrivateMessage: 'an encrypted private message',
  PublicMessage: 'a public message of an encrypted group',
  Welcome: 'a welcome to an encrypted group',
  GroupInfo: 'the information of an encrypted group',
  KeyPackage: 'a binary-encoded cryptographic key package',
};

/** The `summary` of an MLS object: what it is, for software that cannot read it. */
export const summaryOf = (type: MlsObjectType): string =>
  `This is ${SUMMARIES[type]} in MLS format. See ${DRAFT_URL} for information about how to read messages like these.`;

type JsonObject = Record<string, unknown>;

/** The client application that made an object (the draft's `generator`): this server's instance actor. */
export interface Generator {
  id: string;
  name: string;
}

export interface MlsObjectInput {
  id: string;
  type: MlsObjectType;
  attributedTo: string;
  /** actor ids (messages), or AS_PUBLIC (key packages) */
  to: readonly string[];
  /** the MLSMessage, base64 */
  content: string;
  generator: Generator;
  /** messages: the chat's ordered collection on its home server */
  context?: string | undefined;
  published?: string | undefined;
  /** messages ordered by the home server: their place in its order */
  mlsSeq?: number | undefined;
  /** an application message that does not count as unread (docs/E2EE-API.md) */
  signal?: boolean | undefined;
  /** Palchat's chat terms (PALCHAT_MLS_TERMS): group id, members, a forwarded commit's company */
  chat?: ChatTerms | undefined;
}

/** What travels beside the MLS bytes for the servers of a chat (never anything a client encrypted). */
export interface ChatTerms {
  /** the chat's name (a group's), as AS `name` */
  name?: string | null | undefined;
  mlsGroupId?: string | undefined;
  /** a Welcome: the epoch it joins */
  mlsEpoch?: number | undefined;
  /** a group chat: its `Group` actor on the home server (docs/FEDERATION.md, "Group chats") */
  groupActor?: string | null | undefined;
  members?: readonly string[] | undefined;
  mlsWelcome?: string | null | undefined;
  mlsGroupInfo?: string | null | undefined;
  addMembers?: readonly string[] | undefined;
  removeMembers?: readonly string[] | undefined;
}

/** The chat terms that have a value, in the order Palchat writes them. */
function chatTermsOf(chat: ChatTerms | undefined): JsonObject {
  if (!chat) return {};
  const entries = Object.entries(chat).filter(
    ([, value]) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0),
  );
  return Object.fromEntries(
    entries.map(([key, value]) => [key, Array.isArray(value) ? [...(value as unknown[])] : value]),
  );
}

const single = (values: readonly string[]): string | string[] =>
  values.length === 1 ? values[0]! : [...values];

/** An MLS object, without `@context` (embedded in an activity, or given `withMlsContext` at the top). */
export function mlsObject(input: MlsObjectInput): JsonObject {
  return {
    id: input.id,
    type: ['Object', input.type],
    attributedTo: input.attributedTo,
    to: single(input.to),
    ...(input.context ? { context: input.context } : {}),
    ...(input.published ? { published: input.published } : {}),
    summary: summaryOf(input.type),
    mediaType: MLS_MEDIA_TYPE,
    encoding: MLS_ENCODING,
    content: input.content,
    generator: { id: input.generator.id, type: 'Application', name: input.generator.name },
    ...(input.mlsSeq !== undefined ? { mlsSeq: input.mlsSeq } : {}),
    ...(input.signal ? { signal: true } : {}),
    ...chatTermsOf(input.chat),
  };
}

/** A top-level document with the draft's context (and Palchat's terms). */
export const withMlsContext = (json: JsonObject): JsonObject => ({ '@context': MLS_CONTEXT, ...json });

/** `Create` of an MLS object, addressed as its object is. */
export function createOf(input: {
  id: string;
  actor: string;
  object: JsonObject;
  published?: string;
}): JsonObject {
  return withMlsContext({
    type: 'Create',
    id: input.id,
    actor: input.actor,
    to: input.object.to,
    ...(input.published ? { published: input.published } : {}),
    object: input.object,
  });
}

/** `Add` / `Remove` of a key package to / from its owner's `keyPackages` collection, public. */
export function collectionChangeOf(
  type: 'Add' | 'Remove',
  input: { id: string; actor: string; object: string; target: string },
): JsonObject {
  return withMlsContext({
    type,
    id: input.id,
    actor: input.actor,
    to: AS_PUBLIC,
    object: input.object,
    target: input.target,
  });
}

/** `Delete` of a key package: it is no longer available. */
export function deleteOf(input: { id: string; actor: string; object: string }): JsonObject {
  return withMlsContext({
    type: 'Delete',
    id: input.id,
    actor: input.actor,
    to: AS_PUBLIC,
    object: input.object,
  });
}

/** The actor's `keyPackages`: a Collection of the ids of its currently valid KeyPackage objects. */
export function keyPackagesCollection(input: { id: string; items: readonly string[] }): JsonObject {
  return { type: 'Collection', id: input.id, totalItems: input.items.length, items: [...input.items] };
}

/** What a Palchat server announces in NodeInfo (metadata.palchat.e2ee): the draft, and the one ciphersuite. */
export const NODEINFO_E2EE_METADATA = {
  mls: true,
  draft: DRAFT_URL,
  ciphersuites: [CIPHERSUITE_NAME],
} as const;
