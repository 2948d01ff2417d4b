/** Query keys of the status views. */
export const statusKeys = {
  one: (id: string | null) => ['status', id] as const,
  /** Every thread: a reply changes its parent's. */
  contexts: ['status-context'] as const,
  context: (id: string | null) => ['status-context', id] as const,
  history: (id: string, editedAt: string | null | undefined) => ['status-history', id, editedAt] as const,
  quotes: (id: string) => ['status-quotes', id] as const,
  accounts: (id: string, relation: 'reblogged_by' | 'favourited_by') =>
    ['status-accounts', id, relation] as const,
};
