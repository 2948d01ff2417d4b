/** The server of a remote account ("ann@social.example" → "social.example"); null for local accounts. */
export function accountDomain(acct: string): string | null {
  const at = acct.indexOf('@');
  return at > 0 && at < acct.length - 1 ? acct.slice(at + 1) : null;
}
