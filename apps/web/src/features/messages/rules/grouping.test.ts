import { describe, expect, it } from 'vitest';
import { groupByMinute, placeMessage } from './grouping';
import { makeMessage } from './fixtures.test-helpers';

const bob = { id: 'u2', username: 'bob', display_name: 'Bob', avatar: '' };
const ann = { id: 'u1', username: 'ann', display_name: 'Ann', avatar: '' };

describe('grouping by minute', () => {
  const a = makeMessage({ id: '1', created_at: '2026-01-01T10:00:01.000Z', sender: bob });
  const b = makeMessage({ id: '2', created_at: '2026-01-01T10:00:40.000Z', sender: bob });
  const c = makeMessage({ id: '3', created_at: '2026-01-01T10:00:50.000Z', sender: ann });
  const d = makeMessage({ id: '4', created_at: '2026-01-01T10:01:00.000Z', sender: ann });

  it('puts messages of one 60 s bucket together', () => {
    expect(groupByMinute([a, b, c, d]).map((g) => g.map((m) => m.id))).toEqual([['1', '2', '3'], ['4']]);
    expect(groupByMinute([])).toEqual([]);
  });

  it('places group starts and sender runs', () => {
    expect(placeMessage(undefined, a, b)).toEqual({
      startsGroup: true,
      startsSenderRun: true,
      endsSenderRun: false,
    });
    expect(placeMessage(a, b, c)).toEqual({
      startsGroup: false,
      startsSenderRun: false,
      endsSenderRun: true,
    });
    expect(placeMessage(b, c, d)).toEqual({ startsGroup: false, startsSenderRun: true, endsSenderRun: true });
    expect(placeMessage(c, d, undefined)).toEqual({
      startsGroup: true,
      startsSenderRun: true,
      endsSenderRun: true,
    });
  });
});
