import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusInPlainList, PlainList, plainListSnapshot, restoreFocusInRow } from './PlainList';

let intersect: ((entries: { isIntersecting: boolean }[]) => void) | null = null;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  intersect = null;
});

function renderList(onEndReached = vi.fn()) {
  const listRef = { current: null as HTMLDivElement | null };
  render(
    <PlainList
      items={['a', 'b', 'c']}
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
  return { listRef, onEndReached };
}

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

  it('asks for the next page when its end comes near the view', () => {
    const { onEndReached } = renderList();
    intersect?.([{ isIntersecting: false }]);
    expect(onEndReached).not.toHaveBeenCalled();
    intersect?.([{ isIntersecting: true }]);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('hands its row heights and scroll position over, counted from the list top', () => {
    const { listRef } = renderList();
    const list = listRef.current as HTMLDivElement;
    const rows = [...list.querySelectorAll('[data-list-row]')];
    expect(rows).toHaveLength(3);
    rows.forEach((row, index) => stubTop(row, 0, [120, 120, 200][index]));
    stubTop(list, -300);
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
