import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusInPlainList, PlainList, plainListSnapshot, restoreFocusInRow } from './PlainList';
import { FIRST_ROWS, ROWS_PER_TASK } from './use-rows-revealed';

let intersect: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
let observed = 0;

beforeEach(() => {
  observed = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = callback;
      }
      observe() {
        observed += 1;
      }
      disconnect() {
        observed -= 1;
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  intersect = null;
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

  it('renders a long first page a screenful at once, then a few rows per task, and watches its end after', async () => {
    vi.useFakeTimers();
    try {
      const items = Array.from({ length: FIRST_ROWS + 2 * ROWS_PER_TASK + 1 }, (_, index) => `r${index}`);
      renderList(vi.fn(), items);
      expect(rowsShown()).toEqual(items.slice(0, FIRST_ROWS));
      expect(observed).toBe(0);
      await act(() => vi.advanceTimersToNextTimerAsync());
      expect(rowsShown()).toEqual(items.slice(0, FIRST_ROWS + ROWS_PER_TASK));
      expect(observed).toBe(0);
      await act(() => vi.advanceTimersToNextTimerAsync());
      expect(observed).toBe(0);
      await act(() => vi.advanceTimersToNextTimerAsync());
      expect(rowsShown()).toEqual(items);
      expect(observed).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders rows that arrive once it is complete at once, in order', async () => {
    vi.useFakeTimers();
    try {
      const { view } = renderList(vi.fn(), ['a', 'b']);
      const items = Array.from({ length: FIRST_ROWS + ROWS_PER_TASK + 1 }, (_, index) => `n${index}`);
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
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the next page when its end comes near the view', () => {
    const { onEndReached } = renderList();
    intersect?.([{ isIntersecting: false }]);
    expect(onEndReached).not.toHaveBeenCalled();
    intersect?.([{ isIntersecting: true }]);
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
    const items = Array.from({ length: FIRST_ROWS + 3 }, (_, index) => `r${index}`);
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
