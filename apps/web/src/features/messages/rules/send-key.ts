/** What a send carries; a retry is a send of the same draft. */
export interface Draft {
  content: string;
  mediaIds: string[];
  replyToId: string | null;
}

/** A send that failed: its draft (given back to the composer) and the Idempotency-Key it went with. */
export interface FailedSend {
  draft: Draft;
  key: string;
}

const sameDraft = (a: Draft, b: Draft): boolean =>
  a.content === b.content &&
  a.replyToId === b.replyToId &&
  a.mediaIds.length === b.mediaIds.length &&
  a.mediaIds.every((id, i) => id === b.mediaIds[i]);

/**
 * The Idempotency-Key of a send. A failed send may still have been stored (the answer was lost), so sending
 * the same draft again reuses its key and the server answers the stored message instead of storing a second;
 * a changed draft is a new message with a new key.
 */
export function idempotencyKeyFor(draft: Draft, failed: FailedSend | null, newKey: () => string): string {
  return failed && sameDraft(failed.draft, draft) ? failed.key : newKey();
}

/**
 * A random UUID. crypto.randomUUID exists only in secure contexts (HTTPS, localhost): a server reached over
 * plain HTTP on a LAN address gets one made from crypto.getRandomValues, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
