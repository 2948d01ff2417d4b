import { describe, expect, it } from 'vitest';
import { historyUsage } from './history-usage';

describe('historyUsage', () => {
  it('sums the week and reads today from the newest day', () => {
    const history = [
      { day: '1700006400', uses: '3', accounts: '2' },
      { day: '1699920000', uses: '5', accounts: '4' },
      { day: '1699833600', uses: 'x', accounts: '' },
    ];
    expect(historyUsage(history)).toEqual({ posts: 8, participants: 6, today: 3 });
  });

  it('is null without history', () => {
    expect(historyUsage([])).toBeNull();
  });
});
