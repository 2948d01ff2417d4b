import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import catalogue from '../locales/en.json';
import { RelativeTime } from './RelativeTime';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

function renderTime(iso: string, compact: boolean) {
  return render(
    <IntlProvider locale="en" messages={catalogue}>
      <RelativeTime iso={iso} compact={compact} />
    </IntlProvider>,
  );
}

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it("compact: SPEC §4's labels, 'now', Nm, Nh, Nd, then the month and day", () => {
    const labels = [
      ago(30_000),
      ago(5 * 60_000),
      ago(3 * 3_600_000),
      ago(6 * 86_400_000),
      ago(8 * 86_400_000),
    ].map((iso) => {
      const { container, unmount } = renderTime(iso, true);
      const text = container.textContent;
      unmount();
      return text;
    });
    expect(labels).toEqual(['now', '5m', '3h', '6d', 'Mar 2']);
  });

  it('keeps its label current as time passes, in either form', () => {
    renderTime(ago(30_000), true);
    renderTime(ago(30_000), false);
    expect(screen.getAllByText('now')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('1m')).toBeTruthy();
    expect(screen.getByText('1 min. ago')).toBeTruthy();
  });
});
