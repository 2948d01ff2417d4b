/** What a pasted link to this server points at. */
export type LocalResource =
  { kind: 'status'; id: string; username?: string } | { kind: 'account'; username: string };

const at = (match: RegExpExecArray, index: number): string => match[index] ?? '';

const USERNAME = '([A-Za-z0-9_]+)';
const ID = '(\\d{1,18})';
const PATTERNS: readonly { path: RegExp; resource: (match: RegExpExecArray) => LocalResource }[] = [
  {
    path: new RegExp(`^/@${USERNAME}/${ID}$`),
    resource: (m) => ({ kind: 'status', id: at(m, 2), username: at(m, 1) }),
  },
  {
    path: new RegExp(`^/users/${USERNAME}/statuses/${ID}$`),
    resource: (m) => ({ kind: 'status', id: at(m, 2), username: at(m, 1) }),
  },
  { path: new RegExp(`^/statuses/${ID}$`), resource: (m) => ({ kind: 'status', id: at(m, 1) }) },
  {
    path: new RegExp(`^/(?:@|users/)${USERNAME}$`),
    resource: (m) => ({ kind: 'account', username: at(m, 1) }),
  },
];

/**
 * The status or profile a URL of this server (PUBLIC_URL/@user/123, /statuses/123, /users/user/statuses/123,
 * /@user, /users/user) names; null for anything else, links to other servers included.
 */
export function parseLocalUrl(publicUrl: string, query: string): LocalResource | null {
  if (!/^https?:\/\//i.test(query) || !URL.canParse(query)) return null;
  const url = new URL(query);
  if (url.origin !== new URL(publicUrl).origin) return null;
  const path = url.pathname.replace(/\/+$/, '');
  for (const { path: pattern, resource } of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return resource(match);
  }
  return null;
}
