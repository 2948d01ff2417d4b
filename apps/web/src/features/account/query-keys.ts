import type { AccountRef } from './use-account';

/** Query keys of the profile views (one account is the platform's `queryKeys.account`). */
export const accountKeys = {
  /** Every account looked up by a profile route. */
  refs: ['account-ref'] as const,
  ref: (ref: AccountRef) => ['account-ref', ref] as const,
  relationship: (accountId: string | undefined) => ['relationship', accountId] as const,
  pinnedStatuses: (accountId: string) => ['account-statuses', accountId, 'pinned'] as const,
  statuses: (accountId: string, list: string, query: object) =>
    ['account-statuses', accountId, list, query] as const,
  relations: (accountId: string, relation: string) => ['account-relations', accountId, relation] as const,
  featuredTags: (accountId: string) => ['featured-tags', accountId] as const,
  /** Every account's endorsements. */
  allEndorsements: ['endorsements'] as const,
  endorsements: (accountId: string) => ['endorsements', accountId] as const,
  lists: (accountId: string) => ['account-lists', accountId] as const,
};
