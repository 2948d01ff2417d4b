/**
 * The JSON-LD context of the draft "Messaging Layer Security in ActivityPub" (version 0.3.0), known without
 * fetching it: the inbox guard admits it and the loaders serve it from memory (a remote context is never fetched).
 */
export const AS_CONTEXT_URL = 'https://www.w3.org/ns/activitystreams';
export const MLS_CONTEXT_URL = 'https://purl.archive.org/socialweb/mls';

export const MLS_CONTEXT_DOCUMENT = {
  '@context': {
    mls: `${MLS_CONTEXT_URL}#`,
    keyPackages: 'mls:keyPackages',
    encoding: 'mls:encoding',
    KeyPackage: { '@id': 'mls:KeyPackage', '@type': '@id' },
    Welcome: { '@id': 'mls:Welcome', '@type': '@id' },
    GroupInfo: { '@id': 'mls:GroupInfo', '@type': '@id' },
    PublicMessage: { '@id': 'mls:PublicMessage', '@type': '@id' },
    PrivateMessage: { '@id': 'mls:PrivateMessage', '@type': '@id' },
    ciphersuite: { '@id': 'mls:ciphersuite', '@type': '@id' },
    messages: { '@id': 'mls:messages', '@type': '@id' },
    conversation: { '@id': 'mls:conversation', '@type': '@id' },
  },
} as const;

/** Context documents Palchat knows without fetching them, beside Fedify's preloaded ones. */
export const EXTRA_PRELOADED_CONTEXTS: Readonly<Record<string, unknown>> = {
  [MLS_CONTEXT_URL]: MLS_CONTEXT_DOCUMENT,
};
