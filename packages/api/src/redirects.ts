/**
 * Where to go after signing in or up (`redirect_to`): only a path of this server ("/x"), never another host
 * ("//host", "/\host", "https://…", "javascript:…"), so that a crafted link cannot send someone elsewhere. The
 * check reads the value as a browser does: it drops tabs and newlines anywhere and controls and spaces at
 * either end, and takes a backslash for a slash. The value is given back as the browser would follow it.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string') return fallback;
  // eslint-disable-next-line no-control-regex -- exactly what the URL parser strips
  const path = candidate.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  return path === '/' || /^\/[^/\\]/.test(path) ? path : fallback;
}
