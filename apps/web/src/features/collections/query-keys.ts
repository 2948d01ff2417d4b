/** Query keys of the collections (adding or removing anything refreshes them all). */
export const collectionKeys = {
  ofAccount: (accountId: string) => ['collections', 'of', accountId] as const,
  one: (id: string) => ['collections', 'one', id] as const,
  all: ['collections'] as const,
  /** The accounts shown as the collections' avatars. */
  previewAccounts: (ids: string[]) => ['accounts', 'many', ids] as const,
  /** People searched to be added to a collection. */
  accountSearch: (query: string) => ['account-search', 'collection', query] as const,
};
