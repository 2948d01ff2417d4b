import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/time.js';
import { trendingSince } from '../trends/service.js';

/**
 * Link publishers as moderators review them (Mastodon's PreviewCardProvider): the hosts of the links in the
 * trends window, and every host a moderator decided on. A rejected publisher's links stop trending; Palchat has
 * no review queue otherwise, so nothing waits for review. The host is the publisher's id.
 */
export interface AdminLinkPublisher {
  id: string;
  domain: string;
  trendable: boolean;
  reviewed_at: string | null;
  requested_review_at: null;
  requires_review: false;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase() || null;
  } catch {
    return null;
  }
};

const serialize = (
  domain: string,
  review?: { trendable: number; reviewed_at: string },
): AdminLinkPublisher => ({
  id: domain,
  domain,
  trendable: review ? review.trendable === 1 : true,
  reviewed_at: review?.reviewed_at ?? null,
  requested_review_at: null,
  requires_review: false,
});

/** The publishers, by domain, from `offset`, at most `limit`. */
export async function linkPublishers(db: Db, offset: number, limit: number): Promise<AdminLinkPublisher[]> {
  const [cards, reviews] = await Promise.all([
    db
      .selectFrom('preview_cards')
      .innerJoin('statuses', 'statuses.link_url', 'preview_cards.url')
      .select('preview_cards.url')
      .distinct()
      .where('preview_cards.title', '!=', '')
      .where('statuses.created_at', '>=', trendingSince())
      .execute(),
    db.selectFrom('link_publishers').selectAll().execute(),
  ]);
  const reviewOf = new Map(reviews.map((review) => [review.domain, review]));
  const domains = new Set([...cards.map((card) => hostOf(card.url)), ...reviewOf.keys()]);
  return [...domains]
    .filter((domain): domain is string => Boolean(domain))
    .sort()
    .slice(offset, offset + limit)
    .map((domain) => serialize(domain, reviewOf.get(domain)));
}

/** Approves (trendable) or rejects a publisher; one nobody linked to and nobody reviewed is not found. */
export async function reviewLinkPublisher(
  db: Db,
  id: string,
  trendable: boolean,
): Promise<AdminLinkPublisher> {
  const domain = id.toLowerCase();
  const known =
    (await db
      .selectFrom('link_publishers')
      .select('domain')
      .where('domain', '=', domain)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('preview_cards')
      .select('url')
      .where((eb) =>
        eb.or([eb('url', 'like', `https://${domain}/%`), eb('url', 'like', `http://${domain}/%`)]),
      )
      .executeTakeFirst());
  if (!known) throw notFound();
  const review = { domain, trendable: trendable ? 1 : 0, reviewed_at: nowIso() } as const;
  await db
    .insertInto('link_publishers')
    .values(review)
    .onConflict((conflict) =>
      conflict.column('domain').doUpdateSet({ trendable: review.trendable, reviewed_at: review.reviewed_at }),
    )
    .execute();
  return serialize(domain, review);
}
