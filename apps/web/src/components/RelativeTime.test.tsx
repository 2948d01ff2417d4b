import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import catalogue from '../locales/en.json';
import { RelativeTime } from './RelativeTime';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

function renderTime(iso: string) {
  return render(
    <IntlProvider locale="en" messages={catalogue}>
      <RelativeTime iso={iso} />
    </IntlProvider>,
  );
}

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows SPEC §4's labels: 'now', Nm, Nh, Nd, then the month and day, with the year when it is another", () => {
    const labels = [
      ago(30_000),
      ago(5 * 60_000),
      ago(3 * 3_600_000),
      ago(6 * 86_400_000),
      ago(8 * 86_400_000),
      ago(400 * 86_400_000),
    ].map((iso) => {
      const { container, unmount } = renderTime(iso);
      const text = container.textContent;
      unmount();
      return text;
    });
    expect(labels).toEqual(['now', '5m', '3h', '6d', 'Mar 2', 'Feb 3, 2025']);
  });

  it('keeps its label current as time passes', () => {
    renderTime(ago(30_000));
    expect(screen.getByText('now')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('1m')).toBeTruthy();
  });

  it('makes no Intl formatter until the pointer comes over it, then shows the full date and time', () => {
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
    renderTime(ago(8 * 86_400_000));
    const time = screen.getByText('Mar 2');
    expect(dateFormats).not.toHaveBeenCalled();
    expect(time.getAttribute('dateTime')).toBe(ago(8 * 86_400_000));
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(
      new Date(ago(8 * 86_400_000)).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });
});
