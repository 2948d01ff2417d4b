import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainList, plainListSnapshot } from './PlainList';

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
      renderItem={(item) => <p>row {item}</p>}
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
    expect(screen.getAllByText(/^row /).map((row) => row.textContent)).toEqual(['row a', 'row b', 'row c']);
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
});
