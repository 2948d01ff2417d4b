import { sql, type ExpressionBuilder, type ExpressionWrapper, type SqlBool } from 'kysely';
import type { Database, StatusesTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import {
  activeMuteOfColumn,
  blockByColumn,
  blockOfColumn,
  followOfColumn,
  onServerBlockedBy,
} from '../relationships/conditions.js';
import { limitedAccount } from '../moderation/limited.js';

type StatusScope = ExpressionBuilder<Database, 'statuses'>;
/** The status row a rule reads: the listed status, or the original of a boost (aliased `originals`). */
type StatusRef = 'statuses' | 'originals';

const column = (table: StatusRef, name: keyof StatusesTable) => sql.ref<string>(`${table}.${name}`);

/**
 * Which kinds of relation the viewer has at all (statuses/viewer-relations.ts reads them per page): a rule whose
 * relation the viewer has none of cannot exclude anything, so it is left out of the statement. Without them,
 * every rule is checked.
 */
export interface ViewerRelations {
  /** the viewer blocks someone */
  blocks: boolean;
  /** someone blocks the viewer */
  blockedBy: boolean;
  mutes: boolean;
  domainBlocks: boolean;
  /** the viewer has an exclusive list (its members stay out of home) */
  exclusiveLists: boolean;
}

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
export function visibleTo(
  viewerId: string | null,
  table: StatusRef = 'statuses',
  relations?: ViewerRelations,
) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> => {
    const notDeleted = eb(column(table, 'deleted_at'), 'is', null);
    if (!viewerId) return eb.and([notDeleted, eb(column(table, 'visibility'), 'in', ['public', 'unlisted'])]);
    const mentioned = eb.exists(
      eb
        .selectFrom('status_mentions')
        .select('status_mentions.status_id')
        .where('status_mentions.status_id', '=', column(table, 'id'))
        .where('status_mentions.account_id', '=', viewerId),
    );
    const followsAuthor = eb.exists(followOfColumn(viewerId, `${table}.account_id`));
    const authorBlocksViewer = eb.exists(blockByColumn(`${table}.account_id`, viewerId));
    return eb.and([
      notDeleted,
      eb.or([
        eb(column(table, 'account_id'), '=', viewerId),
        eb.and([
          ...(relations?.blockedBy === false ? [] : [eb.not(authorBlocksViewer)]),
          eb.or([
            eb(column(table, 'visibility'), 'in', ['public', 'unlisted']),
            eb.and([eb(column(table, 'visibility'), '=', 'private'), followsAuthor]),
            mentioned,
          ]),
        ]),
      ]),
    ]);
  };
}

/** Timelines leave out authors the viewer blocks or mutes, and the servers the viewer blocks. */
export function notSilencedBy(
  viewerId: string | null,
  table: StatusRef = 'statuses',
  relations?: ViewerRelations,
) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> => {
    if (!viewerId) return eb.and([]);
    const now = nowIso();
    const checked = (relation: keyof ViewerRelations) => relations?.[relation] !== false;
    const rules: ExpressionWrapper<Database, 'statuses', SqlBool>[] = [];
    if (checked('blocks')) {
      rules.push(eb.not(eb.exists(blockOfColumn(viewerId, `${table}.account_id`))));
    }
    if (checked('mutes')) {
      rules.push(eb.not(eb.exists(activeMuteOfColumn(viewerId, `${table}.account_id`, now))));
    }
    // a server the viewer blocked: its accounts' posts are hidden, as Mastodon does
    if (checked('domainBlocks')) {
      rules.push(eb.not(onServerBlockedBy(viewerId, `${table}.account_id`)));
    }
    return eb.and(rules);
  };
}

/**
 * Boosts only when the viewer may read their original and, with `silenced: false` (timelines), neither blocks
 * nor mutes its author; statuses that are not boosts pass.
 */
export function boostedReadableBy(
  viewerId: string | null,
  options: { silenced: boolean; relations?: ViewerRelations },
) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> =>
    eb.or([
      eb('statuses.reblog_of_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('statuses as originals')
          .select('originals.id')
          .whereRef('originals.id', '=', 'statuses.reblog_of_id')
          .where((inner) => {
            // the rules read the row through column(), so they apply to the aliased original as well
            const original = inner as unknown as StatusScope;
            const rules = [visibleTo(viewerId, 'originals', options.relations)(original)];
            if (!options.silenced) {
              rules.push(notSilencedBy(viewerId, 'originals', options.relations)(original));
            }
            return original.and(rules);
          }),
      ),
    ]);
}

/**
 * Public views (the public and hashtag timelines, trends) leave out suspended authors, and limited ones (silenced
 * by a moderator, or on a server under a `silence` domain block) except for the author and their followers.
 */
export function inPublicViews(viewerId: string | null) {
  return (eb: StatusScope): ExpressionWrapper<Database, 'statuses', SqlBool> => {
    const author = eb
      .selectFrom('accounts')
      .select('accounts.id')
      .whereRef('accounts.id', '=', 'statuses.account_id');
    const exceptions = viewerId
      ? [eb('statuses.account_id', '=', viewerId), eb.exists(followOfColumn(viewerId, 'statuses.account_id'))]
      : [];
    return eb.and([
      eb.not(eb.exists(author.where('accounts.suspended_at', 'is not', null))),
      eb.or([eb.not(eb.exists(author.where(limitedAccount('accounts')))), ...exceptions]),
    ]);
  };
}
