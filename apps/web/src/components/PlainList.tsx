import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { StateSnapshot } from 'react-virtuoso';
import type { ListProps } from './list-props';
import { useRowsRevealed } from './use-rows-revealed';

export interface PlainListProps<T> extends ListProps<T> {
  listRef: RefObject<HTMLDivElement | null>;
  /** where the list starts (it comes back to where the reader left it): all rows render at once */
  restoreStateFrom?: StateSnapshot | null;
}

/** How far below the view the end of the list starts loading the next page. */
const END_MARGIN_PX = 600;

/**
 * Every row in the DOM, as a list looks before it is virtualized: the first screen renders without waiting for
 * the virtualizer (react-virtuoso is 20 KB gzip), and the list hands over when it grows (use-virtual-list.ts).
 * A first page renders a screenful of rows at once and the others over the next tasks as long as they are near
 * the view (use-rows-revealed.ts); its end asks for the next page once they all are there.
 */
export function PlainList<T>(props: PlainListProps<T>) {
  const { scrollParent, onEndReached, listRef, restoreStateFrom } = props;
  const endRef = useRef<HTMLDivElement>(null);
  const onEnd = useEffectEvent(onEndReached);
  const revealed = useRowsRevealed(props.items.length, Boolean(restoreStateFrom), endRef, scrollParent);
  const allRevealed = revealed === props.items.length;
  const [restoreOnMount] = useState(restoreStateFrom);
  useLayoutEffect(() => {
    if (restoreOnMount && listRef.current) scrollPlainListTo(listRef.current, scrollParent, restoreOnMount);
  }, [restoreOnMount, listRef, scrollParent]);
  useEffect(() => {
    const end = endRef.current;
    if (!end || !allRevealed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onEnd();
      },
      { root: scrollParent, rootMargin: `0px 0px ${END_MARGIN_PX}px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [scrollParent, allRevealed]);
  return (
    <div className="paged-list" ref={props.listRef}>
      {props.header}
      {(allRevealed ? props.items : props.items.slice(0, revealed)).map((item) => (
        <div key={props.itemKey(item)} data-list-row="">
          {props.renderItem(item)}
        </div>
      ))}
      {props.footer}
      <div ref={endRef} />
    </div>
  );
}

/** The rows a PlainList rendered (header and footer left out). */
function plainListRows(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(':scope > [data-list-row]'));
}

/** Where the top of the scroller's view is, in the viewport: the window's, or the column's. */
function viewTop(scrollParent: HTMLElement | null): number {
  return scrollParent ? scrollParent.getBoundingClientRect().top : 0;
}

/**
 * The measured row heights and scroll position of a plain list, for react-virtuoso's `restoreStateFrom`: the
 * virtualized list starts with the rows exactly where the reader sees them, instead of estimating the heights
 * of the rows above the view (which would make the view jump when the list hands over). Like react-virtuoso's
 * own `getState`, the scroll position counts from the first row's top, below the header.
 */
export function plainListSnapshot(list: HTMLElement, scrollParent: HTMLElement | null): StateSnapshot {
  const rows = plainListRows(list);
  const ranges: StateSnapshot['ranges'] = [];
  rows.forEach((row, index) => {
    const size = row.getBoundingClientRect().height;
    const last = ranges.at(-1);
    if (last && last.size === size && last.endIndex === index - 1) last.endIndex = index;
    else ranges.push({ startIndex: index, endIndex: index, size });
  });
  const firstRowTop = (rows[0] ?? list).getBoundingClientRect().top;
  return { ranges, scrollTop: Math.max(0, viewTop(scrollParent) - firstRowTop) };
}

/** Scrolls the list's scroller to a snapshot's position (the inverse of plainListSnapshot). */
export function scrollPlainListTo(
  list: HTMLElement,
  scrollParent: HTMLElement | null,
  snapshot: StateSnapshot,
) {
  const firstRowTop = (plainListRows(list)[0] ?? list).getBoundingClientRect().top;
  const by = firstRowTop + snapshot.scrollTop - viewTop(scrollParent);
  (scrollParent ?? window).scrollBy({ top: by, behavior: 'instant' });
}

/** Where focus was inside a plain list: the row, and the child positions from the row down to the element. */
export interface FocusInRow {
  row: number;
  path: number[];
}

export function focusInPlainList(list: HTMLElement): FocusInRow | undefined {
  const active = document.activeElement;
  const rows = plainListRows(list);
  const row = active ? rows.findIndex((item) => item.contains(active)) : -1;
  if (!active || row < 0) return undefined;
  const path: number[] = [];
  for (let element = active; element !== rows[row] && element.parentElement; element = element.parentElement)
    path.unshift(Array.from(element.parentElement.children).indexOf(element));
  return { row, path };
}

/**
 * Focuses the element at the same place in the virtualized list's row (react-virtuoso marks its rows with
 * `data-index`), once the row has rendered: within a few frames, and only if focus has not moved meanwhile.
 * Returns the cancellation.
 */
export function restoreFocusInRow(container: HTMLElement, focus: FocusInRow): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    const row = container.querySelector(`[data-index="${focus.row}"]`);
    if (!row) {
      if (++frames < 30) handle = requestAnimationFrame(attempt);
      return;
    }
    const target = focus.path.reduce<Element | undefined>((element, index) => element?.children[index], row);
    const focusMoved = document.activeElement && document.activeElement !== document.body;
    if (target instanceof HTMLElement && !focusMoved) target.focus({ preventScroll: true });
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}
