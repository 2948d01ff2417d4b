import type { VisibilityValue } from '../db/schema.js';

/** ActivityStreams' public collection, in its full form. */
export const PUBLIC_COLLECTION_URI = 'https://www.w3.org/ns/activitystreams#Public';

/** The forms of the public collection servers send: the full IRI and its compacted `as:Public` / `Public`. */
const PUBLIC_FORMS = new Set([PUBLIC_COLLECTION_URI, 'as:Public', 'Public']);

export const isPublicCollection = (uri: string | URL): boolean => PUBLIC_FORMS.has(String(uri));

export interface Addressing {
  to: readonly (string | URL)[];
  cc: readonly (string | URL)[];
}

/**
 * The visibility of an incoming object, by Mastodon's rule (ActivityPub::Activity::Create): the public
 * collection in `to` is public, in `cc` unlisted; the author's followers collection in `to` is followers-only;
 * anything else (addressed to people only) is direct.
 */
export function visibilityFromAddressing({
  to,
  cc,
  followersUrl,
}: Addressing & { followersUrl: string | null }): VisibilityValue {
  if (to.some(isPublicCollection)) return 'public';
  if (cc.some(isPublicCollection)) return 'unlisted';
  if (followersUrl && to.some((uri) => String(uri) === followersUrl)) return 'private';
  return 'direct';
}

/**
 * `to` and `cc` of an outgoing object, as Mastodon addresses them (ActivityPub::TagManager): public goes to the
 * public collection with the followers in cc, unlisted the other way round, followers-only to the followers;
 * the mentioned actors are in cc, except for a direct post, which goes to them alone.
 */
export function addressingForVisibility({
  visibility,
  followersUrl,
  mentionedUris,
}: {
  visibility: VisibilityValue;
  followersUrl: string | URL;
  mentionedUris: readonly (string | URL)[];
}): { to: URL[]; cc: URL[] } {
  const followers = new URL(followersUrl);
  const mentioned = [...new Set(mentionedUris.map(String))].map((uri) => new URL(uri));
  const publicCollection = new URL(PUBLIC_COLLECTION_URI);
  switch (visibility) {
    case 'public':
      return { to: [publicCollection], cc: [followers, ...mentioned] };
    case 'unlisted':
      return { to: [followers], cc: [publicCollection, ...mentioned] };
    case 'private':
      return { to: [followers], cc: mentioned };
    case 'direct':
      return { to: mentioned, cc: [] };
  }
}
