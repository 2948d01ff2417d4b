import { preloadedContexts } from '@fedify/fedify/runtime';
import type { DocumentLoader } from '@fedify/vocab';

/**
 * A document loader that serves the JSON-LD contexts Fedify ships with and refuses everything else: parsing a
 * fixture never touches the network, and an object that only links to something stays unresolved.
 */
export const offlineLoader: DocumentLoader = async (url) => {
  const document = preloadedContexts[url];
  if (!document) throw new Error(`Offline test loader: ${url} is not a preloaded context`);
  return { contextUrl: null, documentUrl: url, document };
};

export const offline = { documentLoader: offlineLoader, contextLoader: offlineLoader };

/** Mastodon's @context for actors and statuses (as its serializers send it), abridged to what fixtures use. */
export const MASTODON_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  {
    manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
    toot: 'http://joinmastodon.org/ns#',
    featured: { '@id': 'toot:featured', '@type': '@id' },
    featuredTags: { '@id': 'toot:featuredTags', '@type': '@id' },
    alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' },
    movedTo: { '@id': 'as:movedTo', '@type': '@id' },
    schema: 'http://schema.org#',
    PropertyValue: 'schema:PropertyValue',
    value: 'schema:value',
    discoverable: 'toot:discoverable',
    indexable: 'toot:indexable',
    sensitive: 'as:sensitive',
    Hashtag: 'as:Hashtag',
    blurhash: 'toot:blurhash',
    focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
    votersCount: 'toot:votersCount',
  },
];

/** A Person as Mastodon serves it (docs.joinmastodon.org/spec/activitypub), on `origin`. */
export function mastodonPerson(origin: string, username: string, extra: Record<string, unknown> = {}) {
  const id = `${origin}/users/${username}`;
  return {
    '@context': MASTODON_CONTEXT,
    id,
    type: 'Person',
    following: `${id}/following`,
    followers: `${id}/followers`,
    inbox: `${id}/inbox`,
    outbox: `${id}/outbox`,
    featured: `${id}/collections/featured`,
    featuredTags: `${id}/collections/tags`,
    preferredUsername: username,
    name: `${username} on ${new URL(origin).host}`,
    summary: '<p>I write <script>alert(1)</script>about <a href="javascript:alert(1)">cats</a></p>',
    url: `${origin}/@${username}`,
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: true,
    published: '2023-05-01T00:00:00Z',
    tag: [],
    attachment: [
      {
        type: 'PropertyValue',
        name: 'Site',
        value: '<a href="https://cats.example" rel="me">cats.example</a>',
      },
      { type: 'PropertyValue', name: 'Evil', value: '<img src=x onerror="alert(1)">hi' },
    ],
    endpoints: { sharedInbox: `${origin}/inbox` },
    icon: { type: 'Image', mediaType: 'image/png', url: `${origin}/system/avatars/${username}.png` },
    image: { type: 'Image', mediaType: 'image/png', url: `${origin}/system/headers/${username}.png` },
    alsoKnownAs: [`${origin}/users/old_${username}`],
    ...extra,
  };
}

export const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/** A Note as Mastodon serves it, by `actorId`, public unless `to`/`cc` say otherwise. */
export function mastodonNote(actorId: string, id: string, extra: Record<string, unknown> = {}) {
  return {
    '@context': MASTODON_CONTEXT,
    id,
    type: 'Note',
    summary: null,
    inReplyTo: null,
    published: '2026-01-02T03:04:05Z',
    url: id.replace('/users/', '/@').replace('/statuses/', '/'),
    attributedTo: actorId,
    to: [PUBLIC],
    cc: [`${actorId}/followers`],
    sensitive: false,
    content: '<p>Hello from afar</p>',
    contentMap: { en: '<p>Hello from afar</p>' },
    attachment: [],
    tag: [],
    ...extra,
  };
}

/**
 * Builds Mastodon-shaped activities from stub actors, each with an id of its own (an inbox handles an id once):
 * `activity(actor, 'Like', objectId)`, and `nextId(actorId, 'typing')` for other documents that need one.
 */
export function mastodonActivities() {
  let count = 0;
  const nextId = (actorId: string, kind = 'activities') => `${actorId}#${kind}/${++count}`;
  const activity = (
    actor: { id: string },
    type: string,
    object: unknown,
    extra: Record<string, unknown> = {},
  ) => ({ '@context': MASTODON_CONTEXT, id: nextId(actor.id), type, actor: actor.id, object, ...extra });
  return { activity, nextId };
}
