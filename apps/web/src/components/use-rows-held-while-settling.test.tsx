import { act, render, screen } from '@testing-library/react';
import type { StateSnapshot } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_QUIET_MS } from './list-position-settle';
import { useRowsHeldWhileSettling } from './use-rows-held-while-settling';

const ranges: StateSnapshot['ranges'] = [{ startIndex: 0, endIndex: 2, size: 300 }];
/** where react-virtuoso's getState says the list is */
let seen: StateSnapshot = { ranges, scrollTop: 0 };

function Rows({ rows, restoring }: { rows: string[]; restoring?: StateSnapshot }) {
  const shown = useRowsHeldWhileSettling(rows, restoring, () => seen);
  return <p>{shown.join(',')}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  seen = { ranges, scrollTop: 0 };
});
afterEach(() => vi.useRealTimers());

describe('rows held while a restored position settles', () => {
  it('keeps a row arriving on top out until the list has rested at the restored position', () => {
    const restoring = { ranges, scrollTop: 450 };
    const { rerender } = render(<Rows rows={['a', 'b', 'c']} restoring={restoring} />);
    rerender(<Rows rows={['mine', 'a', 'b', 'c']} restoring={restoring} />);
    act(() => {
      vi.advanceTimersByTime(SETTLE_QUIET_MS * 2);
    });
    // react-virtuoso has not scrolled there yet
    expect(screen.getByText('a,b,c')).toBeTruthy();
    seen = { ranges, scrollTop: 450 };
    act(() => {
      vi.advanceTimersByTime(SETTLE_QUIET_MS / 2);
    });
    expect(screen.getByText('a,b,c')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(SETTLE_QUIET_MS);
    });
    expect(screen.getByText('mine,a,b,c')).toBeTruthy();
  });

  it('shows new rows at once in a list that starts at its top or was not restored', () => {
    const { rerender } = render(<Rows rows={['a', 'b']} restoring={{ ranges, scrollTop: 0 }} />);
    rerender(<Rows rows={['mine', 'a', 'b']} restoring={{ ranges, scrollTop: 0 }} />);
    expect(screen.getByText('mine,a,b')).toBeTruthy();
    rerender(<Rows rows={['mine', 'a', 'b']} />);
    rerender(<Rows rows={['yours', 'mine', 'a', 'b']} />);
    expect(screen.getByText('yours,mine,a,b')).toBeTruthy();
  });
});
