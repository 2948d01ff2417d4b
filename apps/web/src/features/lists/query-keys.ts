/** Query keys of the list views (the viewer's lists are the platform's `queryKeys.lists`). */
export const listKeys = {
  one: (id: string | undefined) => ['list', id] as const,
  members: (id: string) => ['list-members', id] as const,
  /** Every member's id, for the search results' Add and Remove. */
  allMembers: (id: string) => ['list-members', id, 'all'] as const,
  /** People the viewer follows, searched to be added. */
  followingSearch: (query: string) => ['account-search', 'following', query] as const,
};
