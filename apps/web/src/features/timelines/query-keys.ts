/** Query keys of the timelines (every timeline and one of them are the platform's `queryKeys.timelines`, `queryKeys.timeline`). */
export const timelineKeys = {
  pages: (timelineId: string, query: object | undefined) => ['timeline', timelineId, query ?? {}] as const,
  tag: (tag: string) => ['tag', tag.toLowerCase()] as const,
  linkCard: (url: string) => ['link-card', url] as const,
};
