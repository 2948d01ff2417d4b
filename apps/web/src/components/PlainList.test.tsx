import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusInPlainList, PlainList, plainListSnapshot, restoreFocusInRow } from './PlainList';
import { SCREENFUL_ROWS } from './use-rows-revealed';

type Entries = { isIntersecting: boolean }[];

/** The IntersectionObservers the list has made and still observes with. */
let observers: { callback: (entries: Entries) => void; rootMargin: string | undefined }[] = [];

/** Tells every observer still observing that the list's end is (or is not) within its margin. */
function intersect(isIntersecting: boolean) {
  act(() => [...observers].forEach((observer) => observer.callback([{ isIntersecting }])));
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry;
      constructor(callback: (entries: Entries) => void, options?: IntersectionObserverInit) {
        this.entry = { callback, rootMargin: options?.rootMargin };
      }
      observe() {
        observers.push(this.entry);
      }
      disconnect() {
        observers = observers.filter((observer) => observer !== this.entry);
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderList(onEndReached = vi.fn(), items = ['a', 'b', 'c']) {
  const listRef = { current: null as HTMLDivElement | null };
  const view = render(
    <PlainList
      items={items}
      scrollParent={null}
      itemKey={(item) => item}
      renderItem={(item) => (
        <p>
          row {item} <button type="button">open {item}</button>
        </p>
      )}
      onEndReached={onEndReached}
      header={<h2>header</h2>}
      listRef={listRef}
    />,
  );
  return { listRef, onEndReached, view };
}

const rowsShown = () => screen.getAllByText(/^row /).map((row) => row.textContent?.split(' ')[1]);

function stubTop(element: Element, top: number, height = 0) {
  element.getBoundingClientRect = () => ({ top, height }) as DOMRect;
}

describe('PlainList', () => {
  it('renders the header and every row in order', () => {
    renderList();
    expect(screen.getByRole('heading').textContent).toBe('header');
    expect(screen.getAllByText(/^row /).map((row) => row.textContent)).toEqual([
      'row a open a',
      'row b open b',
      'row c open c',
    ]);
  });

  it('commits the first row of a first page alone, and the rest of a screenful right after it', () => {
    const rowsAtCommit: number[] = [];
    function Row({ item }: { item: string }) {
      useLayoutEffect(() => {
        rowsAtCommit.push(document.querySelectorAll('[data-list-row]').length);
      }, []);
      return <p>row {item}</p>;
    }
    const items = Array.from({ length: SCREENFUL_ROWS + 2 }, (_, index) => `r${index}`);
    render(
      <PlainList
        items={items}
        scrollParent={null}
        itemKey={(item) => item}
        renderItem={(item) => <Row item={item} />}
        onEndReached={vi.fn()}
        listRef={{ current: null }}
      />,
    );
    expect(rowsAtCommit).toEqual([1, ...Array<number>(SCREENFUL_ROWS - 1).fill(SCREENFUL_ROWS)]);
    expect(rowsShown()).toEqual(items.slice(0, SCREENFUL_ROWS));
  });

  it('renders a long first page a screenful first, then one row per task while its end is near the view', () => {
    const onEndReached = vi.fn();
    const items = Array.from({ length: SCREENFUL_ROWS + 2 }, (_, index) => `r${index}`);
    renderList(onEndReached, items);
    expect(rowsShown()).toEqual(items.slice(0, SCREENFUL_ROWS));
    // the end is more than half a view below the view: nothing more renders until the reader scrolls
    expect(observers.map((observer) => observer.rootMargin)).toEqual(['0px 0px 50% 0px']);
    intersect(false);
    expect(rowsShown()).toEqual(items.slice(0, SCREENFUL_ROWS));
    intersect(true);
    expect(rowsShown()).toEqual(items.slice(0, SCREENFUL_ROWS + 1));
    intersect(true);
    expect(rowsShown()).toEqual(items);
    expect(onEndReached).not.toHaveBeenCalled();
    // every row is there: the end now asks for the next page
    expect(observers.map((observer) => observer.rootMargin)).toEqual(['0px 0px 600px 0px']);
    intersect(true);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('renders rows that arrive once it is complete at once, in order', () => {
    const { view } = renderList(vi.fn(), ['a', 'b']);
    const items = Array.from({ length: SCREENFUL_ROWS + 2 }, (_, index) => `n${index}`);
    const longer = [...items, 'a', 'b'];
    view.rerender(
      <PlainList
        items={longer}
        scrollParent={null}
        itemKey={(item) => item}
        renderItem={(item) => <p>row {item}</p>}
        onEndReached={vi.fn()}
        listRef={{ current: null }}
      />,
    );
    expect(rowsShown()).toEqual(longer);
  });

  it('asks for the next page when its end comes near the view', () => {
    const { onEndReached } = renderList();
    intersect(false);
    expect(onEndReached).not.toHaveBeenCalled();
    intersect(true);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('hands its row heights and scroll position over, counted from the first row (below the header)', () => {
    const { listRef } = renderList();
    const list = listRef.current as HTMLDivElement;
    const rows = [...list.querySelectorAll('[data-list-row]')];
    expect(rows).toHaveLength(3);
    rows.forEach((row, index) => stubTop(row, [-300, -180, -60][index] ?? 0, [120, 120, 200][index]));
    stubTop(list, -380);
    expect(plainListSnapshot(list, null)).toEqual({
      ranges: [
        { startIndex: 0, endIndex: 1, size: 120 },
        { startIndex: 2, endIndex: 2, size: 200 },
      ],
      scrollTop: 300,
    });
    const column = document.createElement('div');
    stubTop(column, 60);
    expect(plainListSnapshot(list, column).scrollTop).toBe(360);
  });

  it('coming back to where the reader left it, renders every row at once and scrolls to the position', () => {
    const items = Array.from({ length: SCREENFUL_ROWS + 3 }, (_, index) => `r${index}`);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const prototypeRect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ top: 140, height: 0 }) as DOMRect);
    try {
      render(
        <PlainList
          items={items}
          scrollParent={null}
          itemKey={(item) => item}
          renderItem={(item) => <p>row {item}</p>}
          onEndReached={vi.fn()}
          listRef={{ current: null }}
          restoreStateFrom={{ ranges: [], scrollTop: 900 }}
        />,
      );
      expect(rowsShown()).toEqual(items);
      // the first row starts 140 px down the window: 900 px below its top is 1040 px further
      expect(scrollBy).toHaveBeenCalledExactlyOnceWith({ top: 1040, behavior: 'instant' });
    } finally {
      scrollBy.mockRestore();
      prototypeRect.mockRestore();
    }
  });

  it('moves focus to the same element of the virtualized row that replaces the focused one', async () => {
    const { listRef } = renderList();
    screen.getByRole('button', { name: 'open b' }).focus();
    const focus = focusInPlainList(listRef.current as HTMLDivElement);
    expect(focus).toEqual({ row: 1, path: [0, 0] });

    // what react-virtuoso renders instead: rows marked with data-index, the same content inside
    const container = document.createElement('div');
    container.innerHTML =
      '<div data-index="0"><p>row a <button>open a</button></p></div>' +
      '<div data-index="1"><p>row b <button>open b</button></p></div>';
    document.body.append(container);
    (document.activeElement as HTMLElement).blur();
    restoreFocusInRow(container, focus!);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.textContent).toBe('open b');
    expect(container.contains(document.activeElement)).toBe(true);
    container.remove();
  });

  it('knows no focus when it is outside the list', () => {
    const { listRef } = renderList();
    expect(focusInPlainList(listRef.current as HTMLDivElement)).toBeUndefined();
  });
});
