/** The `next` and `prev` page URLs of a Mastodon-style `Link` header. */
export interface PageLinks {
  next: string | null;
  prev: string | null;
}

export function parseLinkHeader(header: string | null): PageLinks {
  const links: PageLinks = { next: null, prev: null };
  if (!header) return links;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (!match) continue;
    const [, url, rel] = match;
    if (!url || !rel) continue;
    for (const name of rel.split(/\s+/)) {
      if (name === 'next') links.next = url;
      if (name === 'prev') links.prev = url;
    }
  }
  return links;
}
