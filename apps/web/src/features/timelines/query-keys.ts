/** Query keys of the timelines. */
export const timelineKeys = {
  /** Every timeline. */
  all: ['timeline'] as const,
  /** Every page of one timeline, whatever its query. */
  of: (timelineId: string) => ['timeline', timelineId] as const,
  pages: (timelineId: string, query: object | undefined) => ['timeline', timelineId, query ?? {}] as const,
  tag: (tag: string) => ['tag', tag.toLowerCase()] as const,
  linkCard: (url: string) => ['link-card', url] as const,
};
