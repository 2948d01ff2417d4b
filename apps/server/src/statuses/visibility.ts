import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

type StatusScope = ExpressionBuilder<Database, 'statuses'>;

/** Statuses the account wrote or is mentioned in (its part in a thread or a private conversation). */
export function involving(accountId: string) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> =>
    eb.or([
      eb('statuses.account_id', '=', accountId),
      eb.exists(
        eb
          .selectFrom('status_mentions')
          .select('status_mentions.status_id')
          .whereRef('status_mentions.status_id', '=', 'statuses.id')
          .where('status_mentions.account_id', '=', accountId),
      ),
    ]);
}

/**
 * Who may read a status: public and unlisted ones anybody (unless the author blocks the viewer); private
 * ones the author, their followers and the mentioned; direct ones the author and the mentioned.
 */
export function visibleTo(viewerId: string | null) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> => {
    const notDeleted = eb('statuses.deleted_at', 'is', null);
    if (!viewerId) return eb.and([notDeleted, eb('statuses.visibility', 'in', ['public', 'unlisted'])]);
    const mentioned = eb.exists(
      eb
        .selectFrom('status_mentions')
        .select('status_mentions.status_id')
        .whereRef('status_mentions.status_id', '=', 'statuses.id')
        .where('status_mentions.account_id', '=', viewerId),
    );
    const followsAuthor = eb.exists(
      eb
        .selectFrom('follows')
        .select('follows.id')
        .whereRef('follows.target_account_id', '=', 'statuses.account_id')
        .where('follows.account_id', '=', viewerId),
    );
    const authorBlocksViewer = eb.exists(
      eb
        .selectFrom('blocks')
        .select('blocks.id')
        .whereRef('blocks.account_id', '=', 'statuses.account_id')
        .where('blocks.target_account_id', '=', viewerId),
    );
    return eb.and([
      notDeleted,
      eb.or([
        eb('statuses.account_id', '=', viewerId),
        eb.and([
          eb.not(authorBlocksViewer),
          eb.or([
            eb('statuses.visibility', 'in', ['public', 'unlisted']),
            eb.and([eb('statuses.visibility', '=', 'private'), followsAuthor]),
            mentioned,
          ]),
        ]),
      ]),
    ]);
  };
}

/** Timelines leave out authors the viewer blocks or mutes. */
export function notSilencedBy(viewerId: string | null) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> => {
    if (!viewerId) return eb.and([]);
    const now = nowIso();
    return eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocks.id')
            .where('blocks.account_id', '=', viewerId)
            .whereRef('blocks.target_account_id', '=', 'statuses.account_id'),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('mutes')
            .select('mutes.id')
            .where('mutes.account_id', '=', viewerId)
            .whereRef('mutes.target_account_id', '=', 'statuses.account_id')
            .where((inner) =>
              inner.or([inner('mutes.expires_at', 'is', null), inner('mutes.expires_at', '>', now)]),
            ),
        ),
      ),
    ]);
  };
}
