import { describe, expect, it } from 'vitest';
import { Permission } from '@palchat/api';
import { navigationLists, navigationVisibility } from './navigation';

const signedIn = {
  signedIn: true,
  permissions: 0,
  followRequestCount: 0,
  explorePageEnabled: true,
  publicTimelinesVisible: false,
};

describe('navigationLists', () => {
  it('keeps at most 4 lists sorted by title', () => {
    const lists = ['delta', 'Alpha', 'echo', 'charlie', 'bravo'].map((title, index) => ({
      id: `${index}`,
      title,
    }));
    expect(navigationLists(lists).map((list) => list.title)).toEqual(['Alpha', 'bravo', 'charlie', 'delta']);
  });
  it('keeps fewer lists as they are', () => {
    expect(navigationLists([{ id: '1', title: 'one' }])).toHaveLength(1);
  });
});

describe('navigationVisibility', () => {
  it('shows follow requests only if any exist', () => {
    expect(navigationVisibility(signedIn).followRequests).toBe(false);
    expect(navigationVisibility({ ...signedIn, followRequestCount: 2 }).followRequests).toBe(true);
  });
  it('shows Moderation with the manage-reports permission', () => {
    const visibility = navigationVisibility({ ...signedIn, permissions: Permission.manageReports });
    expect(visibility.moderation).toBe(true);
    expect(visibility.administration).toBe(false);
  });
  it('shows Administration with the dashboard permission', () => {
    const visibility = navigationVisibility({ ...signedIn, permissions: Permission.viewDashboard });
    expect(visibility.administration).toBe(true);
    expect(visibility.moderation).toBe(false);
  });
  it('shows both to administrators', () => {
    const visibility = navigationVisibility({ ...signedIn, permissions: Permission.administrator });
    expect([visibility.moderation, visibility.administration]).toEqual([true, true]);
  });
  it('shows neither without permissions', () => {
    const visibility = navigationVisibility(signedIn);
    expect([visibility.moderation, visibility.administration]).toEqual([false, false]);
  });
  it('offers Explore when the explore page is enabled, else Search', () => {
    expect(navigationVisibility(signedIn).discover).toBe('explore');
    expect(navigationVisibility({ ...signedIn, explorePageEnabled: false }).discover).toBe('search');
  });
  it('always shows Live feeds to signed-in users', () => {
    expect(navigationVisibility(signedIn).liveFeeds).toBe(true);
    expect(navigationVisibility(signedIn).signInBanner).toBe(false);
  });
  it('shows Live feeds to signed-out visitors only if public timelines are visible', () => {
    const signedOut = { ...signedIn, signedIn: false };
    expect(navigationVisibility(signedOut).liveFeeds).toBe(false);
    expect(navigationVisibility({ ...signedOut, publicTimelinesVisible: true }).liveFeeds).toBe(true);
    expect(navigationVisibility(signedOut).signInBanner).toBe(true);
  });
  it('never shows signed-in-only links to signed-out visitors', () => {
    const visibility = navigationVisibility({
      ...signedIn,
      signedIn: false,
      permissions: Permission.administrator,
      followRequestCount: 3,
    });
    expect([visibility.followRequests, visibility.moderation, visibility.administration]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
