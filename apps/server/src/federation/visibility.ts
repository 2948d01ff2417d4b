import { PUBLIC_COLLECTION } from '@fedify/vocab';
import type { VisibilityValue } from '../db/schema.js';

/** `tos` and `ccs` as Fedify's vocabulary names them, so that they spread into a Note or an activity. */
export interface Addressing {
  tos: URL[];
  ccs: URL[];
}

/**
 * Mastodon's addressing of a status by visibility: public goes to the Public collection (cc the followers),
 * unlisted to the followers (cc Public), followers-only to the followers, direct to the mentioned only; every
 * mentioned actor is addressed too.
 */
export function addressingForVisibility(
  visibility: VisibilityValue,
  { followers, mentioned }: { followers: URL; mentioned: readonly URL[] },
): Addressing {
  switch (visibility) {
    case 'public':
      return { tos: [PUBLIC_COLLECTION], ccs: [followers, ...mentioned] };
    case 'unlisted':
      return { tos: [followers], ccs: [PUBLIC_COLLECTION, ...mentioned] };
    case 'private':
      return { tos: [followers], ccs: [...mentioned] };
    case 'direct':
      return { tos: [...mentioned], ccs: [] };
  }
}
