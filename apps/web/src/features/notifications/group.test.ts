import type { Account, Notification, Status } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { groupNotifications } from './group';

const account = (id: string) => ({ id, acct: `user${id}` }) as Account;
const status = (id: string) => ({ id }) as Status;
let next = 100;
function notification(type: Notification['type'], accountId: string, statusId?: string): Notification {
  next -= 1;
  return {
    id: String(next),
    type,
    group_key: `ungrouped-${next}`,
    created_at: new Date(2026, 0, 1, 0, next).toISOString(),
    account: account(accountId),
    status: statusId ? status(statusId) : null,
  };
}

describe('notification grouping', () => {
  it('groups favourites of the same status, newest first, one entry per account', () => {
    const list = [
      notification('favourite', '1', 's1'),
      notification('mention', '2', 's9'),
      notification('favourite', '2', 's1'),
      notification('favourite', '1', 's1'),
    ];
    const groups = groupNotifications(list);
    expect(groups).toHaveLength(2);
    expect(groups[0]?.type).toBe('favourite');
    expect(groups[0]?.accounts.map((a) => a.id)).toEqual(['1', '2']);
    expect(groups[0]?.count).toBe(3);
    expect(groups[0]?.latest.id).toBe(list[0]?.id);
    expect(groups[1]?.type).toBe('mention');
  });

  it('keeps favourites and boosts, and different statuses, apart', () => {
    const groups = groupNotifications([
      notification('favourite', '1', 's1'),
      notification('reblog', '2', 's1'),
      notification('favourite', '3', 's2'),
      notification('reblog', '4', 's1'),
    ]);
    expect(groups.map((g) => [g.type, g.status?.id, g.accounts.length])).toEqual([
      ['favourite', 's1', 1],
      ['reblog', 's1', 2],
      ['favourite', 's2', 1],
    ]);
  });

  it('merges adjacent follows only', () => {
    const groups = groupNotifications([
      notification('follow', '1'),
      notification('follow', '2'),
      notification('mention', '3', 's1'),
      notification('follow', '4'),
    ]);
    expect(groups.map((g) => [g.type, g.accounts.length])).toEqual([
      ['follow', 2],
      ['mention', 1],
      ['follow', 1],
    ]);
  });

  it('never groups mentions', () => {
    const groups = groupNotifications([
      notification('mention', '1', 's1'),
      notification('mention', '1', 's1'),
    ]);
    expect(groups).toHaveLength(2);
  });
});
