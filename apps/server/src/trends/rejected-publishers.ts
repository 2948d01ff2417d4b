import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/** For statements over preview_cards: leaves out the links of publishers a moderator rejected. */
export function notFromRejectedPublisher(eb: ExpressionBuilder<Database, 'preview_cards'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('link_publishers')
        .select('link_publishers.domain')
        .where('link_publishers.trendable', '=', 0)
        .where((inner) =>
          inner.or([
            inner('preview_cards.url', 'like', sql<string>`'https://' || link_publishers.domain || '/%'`),
            inner('preview_cards.url', 'like', sql<string>`'http://' || link_publishers.domain || '/%'`),
          ]),
        ),
    ),
  );
}
