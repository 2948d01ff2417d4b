/** Query keys of the profile directory. */
export const directoryKeys = {
  accounts: (order: 'active' | 'new', local: boolean) =>
    ['directory', order, local ? 'local' : 'all'] as const,
};
