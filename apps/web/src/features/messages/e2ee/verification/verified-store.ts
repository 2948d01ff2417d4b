/**
 * Where this browser keeps the chats it verified: localStorage, per account and chat (public identities and
 * keys only, nothing secret). A reader who clears it simply verifies again.
 */
const PREFIX = 'palchat-e2ee-verified:';

const keyOf = (accountId: string, conversationId: string) => `${PREFIX}${accountId}:${conversationId}`;

export function readVerified(accountId: string, conversationId: string): string[] | null {
  try {
    const stored = localStorage.getItem(keyOf(accountId, conversationId));
    const parsed: unknown = stored === null ? null : JSON.parse(stored);
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

export function saveVerified(accountId: string, conversationId: string, verified: readonly string[]): void {
  try {
    localStorage.setItem(keyOf(accountId, conversationId), JSON.stringify(verified));
  } catch {
    // private mode without storage: the chat shows as verified until the page reloads
  }
}

/** Forgets every verification of the account here (its device was removed from this browser). */
export function forgetVerified(accountId: string): void {
  try {
    const own = `${PREFIX}${accountId}:`;
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(own)) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
