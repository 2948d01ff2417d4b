/**
 * `/api/v1/instance/` → `/api/v1/instance` (the query kept): Rails answers both forms and clients send both
 * (toot's `/oauth/authorize/?…`, Mastodon.py's `/api/v1/instance/`). Rewriting before routing, rather than
 * find-my-way's ignoreTrailingSlash, leaves routes that some module registers in both forms working.
 */
export function withoutTrailingSlash(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith('/')) return url;
  const trimmed = path.replace(/\/+$/, '') || '/';
  return queryAt === -1 ? trimmed : `${trimmed}${url.slice(queryAt)}`;
}
