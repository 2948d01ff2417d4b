import type { ReactNode } from 'react';

/** What both forms of a paged list take: the plain first page (PlainList) and the virtualized one (VirtualList). */
export interface ListProps<T> {
  items: T[];
  scrollParent: HTMLElement | null;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** the end of the list came near the view: load the next page */
  onEndReached: () => void;
  header?: ReactNode;
  footer?: ReactNode;
}
