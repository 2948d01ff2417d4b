/** Query keys of the explore tabs. */
export const exploreKeys = {
  tags: ['trends', 'tags'] as const,
  links: ['trends', 'links'] as const,
  statuses: ['trends', 'statuses'] as const,
  people: ['explore', 'people'] as const,
};
