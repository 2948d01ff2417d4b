import type { EventBus } from './bus.js';

/**
 * Revoked credentials, announced on the event bus so that every process closes the streaming sockets they
 * authenticated. A revocation names one token, one session (with the web token derived from it), or neither:
 * then every credential of the account (disabled, suspended or deleted account, password change).
 */
export interface Revocation {
  accountId: string;
  tokenId?: string;
  sessionId?: string;
}

/** What authenticated one streaming socket. */
export interface StreamCredentials {
  accountId: string;
  /** the OAuth token, when the handshake carried one */
  tokenId: string | null;
  /** the web session: the cookie's, or the one the web token is derived from */
  sessionId: string | null;
}

export const REVOCATIONS_CHANNEL = 'credentials:revoked';

/**
 * The WebSocket close code sent when a socket's credentials are revoked (4000–4999 is the range applications
 * may use; 4001 mirrors HTTP 401). A client should not reconnect with the same token.
 */
export const CLOSE_CREDENTIALS_REVOKED = 4001;

export async function announceRevocation(ctx: { bus: EventBus }, revocation: Revocation): Promise<void> {
  await ctx.bus.publish(REVOCATIONS_CHANNEL, 'revoked', revocation);
}

export function revokes(revocation: Revocation, credentials: StreamCredentials): boolean {
  if (revocation.accountId !== credentials.accountId) return false;
  if (revocation.tokenId) return revocation.tokenId === credentials.tokenId;
  if (revocation.sessionId) return revocation.sessionId === credentials.sessionId;
  return true;
}

export function parseRevocation(payload: string): Revocation | null {
  try {
    const value = JSON.parse(payload) as Partial<Record<keyof Revocation, unknown>>;
    if (typeof value.accountId !== 'string') return null;
    return {
      accountId: value.accountId,
      ...(typeof value.tokenId === 'string' ? { tokenId: value.tokenId } : {}),
      ...(typeof value.sessionId === 'string' ? { sessionId: value.sessionId } : {}),
    };
  } catch {
    return null;
  }
}
