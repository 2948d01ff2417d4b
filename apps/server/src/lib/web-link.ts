/**
 * A remote server's `url` (of an actor, a post, an image) is shown to people and opened by apps, so only an
 * http(s) URL is kept: anything else (`javascript:`, `data:`, a relative path) is null.
 */
export function webLinkOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const url = URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}

/** The http(s) URL given, else the fallback (the object's id). */
export const webLinkOr = (value: string | null | undefined, fallback: string): string =>
  webLinkOf(value) ?? fallback;
