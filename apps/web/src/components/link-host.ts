/** The host of `url`, or `url` itself when it is not a full URL (how links name their site). */
export function linkHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
