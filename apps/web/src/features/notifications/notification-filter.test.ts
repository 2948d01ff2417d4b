import { describe, expect, it } from 'vitest';
import { isNotificationFilter, notificationTypes, notificationsKey } from './notification-filter';

describe('notification filter', () => {
  it('asks for everything, one type, or follows with their requests', () => {
    expect(notificationTypes('all')).toBeUndefined();
    expect(notificationTypes('mention')).toEqual(['mention']);
    expect(notificationTypes('reblog')).toEqual(['reblog']);
    expect(notificationTypes('follow')).toEqual(['follow', 'follow_request']);
  });

  it('keeps one cache per filter, "all" on the key the live updates refresh', () => {
    expect(notificationsKey('all')).toEqual(['notifications']);
    expect(notificationsKey('mention')).toEqual(['notifications', 'filtered', 'mention']);
  });

  it('reads a filter from the URL, refusing unknown ones', () => {
    expect(isNotificationFilter('mention')).toBe(true);
    expect(isNotificationFilter('admin.report')).toBe(false);
    expect(isNotificationFilter(null)).toBe(false);
  });
});
