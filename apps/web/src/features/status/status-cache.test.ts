import type { Status } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { mapStatuses, REMOVED_STATUS } from '../../api/status-cache';
import { toggled } from './use-status-actions';

const status = (id: string, reblog: Status | null = null) =>
  ({
    id,
    content: `<p>${id}</p>`,
    visibility: 'public',
    account: { id: 'a' },
    reblog,
    favourites_count: 0,
    reblogs_count: 0,
  }) as unknown as Status;

describe('status cache updates', () => {
  it('replaces a status inside pages and inside boosts, keeping untouched branches', () => {
    const other = status('2');
    const data = { pages: [{ items: [status('1'), other, status('3', status('1'))] }] };
    const next = mapStatuses(data, '1', (s) => toggled(s, 'favourite', true)) as typeof data;
    expect(next.pages[0]?.items[0]?.favourited).toBe(true);
    expect(next.pages[0]?.items[0]?.favourites_count).toBe(1);
    expect(next.pages[0]?.items[2]?.reblog?.favourited).toBe(true);
    expect(next.pages[0]?.items[1]).toBe(other);
    expect(mapStatuses(data, '9', (s) => s)).toBe(data);
  });

  it('removes a deleted status and the boosts of it; a notification keeps a null status', () => {
    const data = { pages: [{ items: [status('1'), status('2'), status('3', status('1'))] }] };
    const next = mapStatuses(data, '1', () => REMOVED_STATUS) as typeof data;
    expect(next.pages[0]?.items.map((s) => s.id)).toEqual(['2']);
    const notification = { id: 'n1', type: 'favourite', status: status('1') };
    expect(mapStatuses(notification, '1', () => REMOVED_STATUS)).toEqual({ ...notification, status: null });
  });

  it('flips boost counters optimistically and never below zero', () => {
    expect(toggled(status('1'), 'reblog', false).reblogs_count).toBe(0);
    expect(toggled(status('1'), 'reblog', true)).toMatchObject({ reblogged: true, reblogs_count: 1 });
  });
});
