/** The lists of the relationship views, each one query key. */
export type RelationshipList =
  'blocks' | 'mutes' | 'domain-blocks' | 'followed-tags' | 'follow-requests-list';

export const relationshipKeys = {
  list: (list: RelationshipList) => [list] as const,
  followRequests: ['follow-requests-list'] as const,
  followedTags: ['followed-tags'] as const,
};
