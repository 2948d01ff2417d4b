import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadIntlDataSoon } from './intl-data';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadIntlDataSoon', () => {
  it("makes a formatter for the locale in a task of its own, after the caller's", () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'RelativeTimeFormat');
    loadIntlDataSoon('de');
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledWith('de', expect.any(Object));
  });
});
