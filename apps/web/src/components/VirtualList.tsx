import type { ReactNode } from 'react';
import { Virtuoso } from 'react-virtuoso';

export interface VirtualListProps<T> {
  items: T[];
  scrollParent: HTMLElement | null;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onEndReached: () => void;
  header?: ReactNode;
  footer?: ReactNode;
}

/** Only the rows in view are in the DOM (react-virtuoso), scrolling the column or the window. */
export default function VirtualList<T>(props: VirtualListProps<T>) {
  const { header, footer } = props;
  return (
    <Virtuoso
      className="paged-list"
      useWindowScroll={props.scrollParent === null}
      customScrollParent={props.scrollParent ?? undefined}
      data={props.items}
      computeItemKey={(_, item) => props.itemKey(item)}
      itemContent={(_, item) => props.renderItem(item)}
      endReached={props.onEndReached}
      components={{
        Header: header ? () => <>{header}</> : undefined,
        Footer: () => <>{footer}</>,
      }}
    />
  );
}
