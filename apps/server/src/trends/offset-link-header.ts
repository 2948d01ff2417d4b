import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Mastodon's Link header for offset-paged lists (trends): next (offset + limit) when the page is full, prev
 * when it does not start at the beginning.
 */
export function setOffsetLinkHeader(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { offset: number; limit: number },
  count: number,
): void {
  const base = new URL(request.url, `${request.protocol}://${request.host}`);
  const link = (offset: number): string => {
    const url = new URL(base.pathname, base.origin);
    for (const [key, value] of base.searchParams) if (key !== 'offset') url.searchParams.append(key, value);
    url.searchParams.set('offset', String(offset));
    return url.toString();
  };
  const parts: string[] = [];
  if (count >= page.limit) parts.push(`<${link(page.offset + page.limit)}>; rel="next"`);
  if (page.offset > 0) parts.push(`<${link(Math.max(0, page.offset - page.limit))}>; rel="prev"`);
  if (parts.length) reply.header('Link', parts.join(', '));
}
