import type { AppContext } from '../../context.js';

/**
 * The ActivityPub id of a local message, `${PUBLIC_URL}/users/{username}/messages/{id}`, stable for as long as
 * the message exists; a message from another server keeps the id it came with (`messages.uri`).
 */
export function localMessageUri(ctx: AppContext, senderUsername: string, messageId: string): string {
  return `${ctx.config.publicUrl}/users/${encodeURIComponent(senderUsername)}/messages/${messageId}`;
}

/** The message id a local message URI names, or null when the URI is not one of ours. */
export function localMessageIdOf(ctx: AppContext, uri: string): string | null {
  const prefix = `${ctx.config.publicUrl}/users/`;
  if (!uri.startsWith(prefix)) return null;
  const match = /^[^/]+\/messages\/(\d{1,18})$/.exec(uri.slice(prefix.length));
  return match?.[1] ?? null;
}
