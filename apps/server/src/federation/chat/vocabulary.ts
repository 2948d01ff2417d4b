import type { Note } from '@fedify/vocab';
import { MastodonNote } from '../outgoing/media-terms.js';

/**
 * The Palchat chat vocabulary (docs/FEDERATION.md, "Palchat chat extension"): one term on a Note, read from
 * the document as it arrived and written into the compacted JSON-LD with its definition.
 */
export const PALCHAT_NS = 'https://palchat.org/ns#';

type JsonObject = Record<string, unknown>;

/** `palchat:chatMessage`: true on a Note that is a message of a chat, not a post. */
export const CHAT_MESSAGE_TERM = 'chatMessage';

export const PALCHAT_TERMS = {
  palchat: PALCHAT_NS,
  [CHAT_MESSAGE_TERM]: {
    '@id': `palchat:${CHAT_MESSAGE_TERM}`,
    '@type': 'http://www.w3.org/2001/XMLSchema#boolean',
  },
} as const;

/**
 * The NodeInfo metadata a Palchat server announces: the chat vocabulary and its version. Version 2 adds group
 * chats relayed by a `Group` actor on the group's home server (GROUP_CHAT_VERSION).
 */
export const NODEINFO_CHAT_METADATA = { chat: true, chatVocabulary: PALCHAT_NS, chatVersion: 2 } as const;

/** The first version of the vocabulary with group chats across servers. */
export const GROUP_CHAT_VERSION = 2;

/**
 * Terms on the activities of a group chat's `Group` actor (docs/FEDERATION.md, "Group chats"): `chatGroup` marks
 * the actor; an `Update` of the group carries its `members` and `admin` (actor ids), and the `notices` (texts)
 * its change left in the chat, done by `noticeActor`.
 */
export const GROUP_TERMS = {
  palchat: PALCHAT_NS,
  chatGroup: { '@id': 'palchat:chatGroup', '@type': 'http://www.w3.org/2001/XMLSchema#boolean' },
  members: { '@id': 'palchat:members', '@type': '@id', '@container': '@set' },
  admin: { '@id': 'palchat:admin', '@type': '@id' },
  noticeActor: { '@id': 'palchat:noticeActor', '@type': '@id' },
  notices: { '@id': 'palchat:notices', '@container': '@list' },
} as const;

type TermValues = Record<string, string | boolean | readonly string[] | null>;

/** A term's value in JSON-LD's expanded form: ids for the terms typed `@id`, plain values otherwise. */
function expandedTerm(term: string, value: string | boolean | readonly string[]): unknown {
  const definition = (GROUP_TERMS as Record<string, unknown>)[term];
  const isId = typeof definition === 'object' && (definition as { '@type'?: string })['@type'] === '@id';
  const items = (Array.isArray(value) ? value : [value]) as (string | boolean)[];
  const expanded = items.map((item) => (isId ? { '@id': item } : { '@value': item }));
  return term === 'notices' ? [{ '@list': expanded }] : expanded;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type JsonLdClass = abstract new (...args: any[]) => { toJsonLd(options?: object): Promise<unknown> };

/**
 * A Fedify vocabulary class whose JSON-LD also carries these group terms (Fedify does not model them). A class
 * per document, not a field: Fedify clones objects (to sign them) with `new this.constructor()`.
 */
export function withGroupTerms<C extends JsonLdClass>(Base: C, values: TermValues): C {
  const present = Object.entries(values).filter(
    (entry): entry is [string, string | boolean | readonly string[]] => entry[1] !== null,
  );
  abstract class WithTerms extends Base {
    override async toJsonLd(options?: { format?: string }): Promise<unknown> {
      const json = await super.toJsonLd(options);
      if (options?.format === 'expand') {
        const [node] = json as JsonObject[];
        for (const [term, value] of present)
          if (node) node[`${PALCHAT_NS}${term}`] = expandedTerm(term, value);
        return json;
      }
      return withTerms(json as JsonObject, GROUP_TERMS, Object.fromEntries(present));
    }
  }
  return WithTerms;
}

/** A term of the Palchat vocabulary in a compacted document, however the sender's context names it. */
export function palchatTerm(json: JsonObject, term: string): unknown {
  return json[term] ?? json[`palchat:${term}`] ?? json[`${PALCHAT_NS}${term}`];
}

/** Adds terms to a compacted document, with their definitions (`terms`) in its context. */
export function withTerms(json: JsonObject, terms: JsonObject, values: JsonObject): JsonObject {
  const context = json['@context'];
  return {
    ...json,
    '@context': context === undefined ? terms : [context, terms].flat(),
    ...values,
  };
}

/** Adds Palchat terms to a compacted document, with their definitions in its context. */
export function withPalchatTerms(json: JsonObject, values: JsonObject): JsonObject {
  return withTerms(json, PALCHAT_TERMS, values);
}

/** A Note that carries `palchat:chatMessage` (which Fedify's vocabulary does not model) beside Mastodon's media terms. */
export class ChatMessageNote extends MastodonNote {
  override async toJsonLd(options?: Parameters<Note['toJsonLd']>[0]): Promise<unknown> {
    const json = await super.toJsonLd(options);
    if (options?.format === 'expand') {
      const [node] = json as Record<string, unknown>[];
      if (node) node[`${PALCHAT_NS}${CHAT_MESSAGE_TERM}`] = [{ '@value': true }];
      return json;
    }
    return withPalchatTerms(json as Record<string, unknown>, { [CHAT_MESSAGE_TERM]: true });
  }
}
