import { useMemo, useState, type Ref } from 'react';
import { Virtuoso, type StateSnapshot, type VirtuosoHandle } from 'react-virtuoso';
import type { ListProps } from './list-props';
import { FIRST_ITEM_INDEX, shiftedFirstItemIndex } from './paging';

export interface VirtualListProps<T> extends ListProps<T> {
  /** scrolled to the top: load the newer page, if one was dropped */
  onStartReached?: () => void;
  /** the items start at the newest: when scrolled to the top, what arrives above shows at once */
  headLoaded?: boolean;
  /** where to start: the plain list's rows it takes over from, or where the reader left it (Back) */
  restoreStateFrom?: StateSnapshot;
  /** react-virtuoso's methods (getState: where the list is scrolled) */
  handleRef?: Ref<VirtuosoHandle>;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/**
 * Keeps the rows on screen still when rows are added or removed above them, unless the reader sits at the
 * very top of a list that starts at the newest items (then the new items are what they should see).
 */
function useFirstItemIndex(keys: string[], revealPrepended: boolean): number {
  const [anchor, setAnchor] = useState({ keys, first: FIRST_ITEM_INDEX });
  if (sameKeys(anchor.keys, keys)) return anchor.first;
  const first = revealPrepended ? anchor.first : shiftedFirstItemIndex(anchor.keys, keys, anchor.first);
  setAnchor({ keys, first });
  return first;
}

/** Only the rows in view are in the DOM (react-virtuoso), scrolling the column or the window. */
export default function VirtualList<T>(props: VirtualListProps<T>) {
  const { header, footer, items, itemKey } = props;
  // a list restored below its top must keep its rows still when rows arrive above, before react-virtuoso
  // has reported where it is
  const [atTop, setAtTop] = useState(() => !props.restoreStateFrom?.scrollTop);
  const keys = useMemo(() => items.map(itemKey), [items, itemKey]);
  const firstItemIndex = useFirstItemIndex(keys, atTop && props.headLoaded !== false);
  return (
    <Virtuoso
      ref={props.handleRef}
      className="paged-list"
      useWindowScroll={props.scrollParent === null}
      customScrollParent={props.scrollParent ?? undefined}
      data={items}
      firstItemIndex={firstItemIndex}
      computeItemKey={(_, item) => itemKey(item)}
      itemContent={(_, item) => props.renderItem(item)}
      endReached={props.onEndReached}
      startReached={props.onStartReached}
      atTopStateChange={setAtTop}
      restoreStateFrom={props.restoreStateFrom}
      components={{
        Header: header ? () => <>{header}</> : undefined,
        Footer: () => <>{footer}</>,
      }}
    />
  );
}
