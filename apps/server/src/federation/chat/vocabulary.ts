/**
 * The Palchat chat vocabulary (docs/FEDERATION.md, "Palchat chat extension"): one term on a Note, read from
 * the document as it arrived and written into the compacted JSON-LD with its definition.
 */
export const PALCHAT_NS = 'https://palchat.org/ns#';

/** `palchat:chatMessage`: true on a Note that is a message of a chat, not a post. */
export const CHAT_MESSAGE_TERM = 'chatMessage';

export const PALCHAT_TERMS = {
  palchat: PALCHAT_NS,
  [CHAT_MESSAGE_TERM]: {
    '@id': `palchat:${CHAT_MESSAGE_TERM}`,
    '@type': 'http://www.w3.org/2001/XMLSchema#boolean',
  },
} as const;

/** The NodeInfo metadata a Palchat server announces: the chat vocabulary and its version. */
export const NODEINFO_CHAT_METADATA = { chat: true, chatVocabulary: PALCHAT_NS, chatVersion: 1 } as const;

type JsonObject = Record<string, unknown>;

/** A term of the Palchat vocabulary in a compacted document, however the sender's context names it. */
export function palchatTerm(json: JsonObject, term: string): unknown {
  return json[term] ?? json[`palchat:${term}`] ?? json[`${PALCHAT_NS}${term}`];
}

/** Adds Palchat terms to a compacted document, with their definitions in its context. */
export function withPalchatTerms(json: JsonObject, values: JsonObject): JsonObject {
  const context = json['@context'];
  return {
    ...json,
    '@context': context === undefined ? PALCHAT_TERMS : [context, PALCHAT_TERMS].flat(),
    ...values,
  };
}
