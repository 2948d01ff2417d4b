import { Permission } from '@palchat/api';

export const MAX_NAVIGATION_LISTS = 4;

export interface ListLike {
  id: string;
  title: string;
}

/** Up to 4 lists, sorted by title (SPEC §2, §9). */
export function navigationLists<T extends ListLike>(lists: readonly T[]): T[] {
  return [...lists]
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }))
    .slice(0, MAX_NAVIGATION_LISTS);
}

export interface NavigationVisibility {
  followRequests: boolean;
  moderation: boolean;
  administration: boolean;
  /** Explore when the explore page is available, Search otherwise */
  discover: 'explore' | 'search';
  liveFeeds: boolean;
  signInBanner: boolean;
}

export interface NavigationInput {
  signedIn: boolean;
  permissions: number;
  followRequestCount: number;
  explorePageEnabled: boolean;
  publicTimelinesVisible: boolean;
}

function hasPermission(permissions: number, flag: number): boolean {
  return (permissions & Permission.administrator) !== 0 || (permissions & flag) !== 0;
}

/** Which optional links of the navigation panel show (SPEC §2 "Navigation panel", §6). */
export function navigationVisibility(input: NavigationInput): NavigationVisibility {
  const signedIn = input.signedIn;
  return {
    followRequests: signedIn && input.followRequestCount > 0,
    moderation: signedIn && hasPermission(input.permissions, Permission.manageReports),
    administration: signedIn && hasPermission(input.permissions, Permission.viewDashboard),
    discover: input.explorePageEnabled ? 'explore' : 'search',
    liveFeeds: signedIn || input.publicTimelinesVisible,
    signInBanner: !signedIn,
  };
}
