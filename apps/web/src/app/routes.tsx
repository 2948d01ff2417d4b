import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundView, RouteErrorView } from '../features/errors/ErrorViews';
import { RootErrorView } from '../features/errors/RootErrorView';
import { AppShell } from './AppShell';
import { withMessages } from '../platform/lazy-with-messages';
import { RootRedirect } from './RootRedirect';

type ViewModule = Record<string, unknown>;

/**
 * A lazily loaded view: one chunk per feature module, the named export rendered as the route. A chunk that
 * fails to load becomes a view that throws the failure, so that the route's errorElement shows the network
 * error view (React Router renders nothing for a route whose lazy() rejected).
 */
function view(load: () => Promise<ViewModule>, exportName: string): RouteObject['lazy'] {
  return async () => {
    try {
      const module = await (load === timelines ? load() : withMessages(load));
      return { Component: module[exportName] as ComponentType };
    } catch (error) {
      return {
        Component: function ChunkLoadFailure() {
          throw error;
        },
      };
    }
  };
}

// the timelines /home shares render with the first-screen part of the catalogue (one chunk);
// every other view waits for the rest of it (build/catalogue-split.ts)
const timelines = () => import('../features/timelines/first-screen-views');
const conversations = () => import('../features/timelines/ConversationsView');
const hashtag = () => import('../features/timelines/HashtagView');
const filterList = () => import('../features/filters/FiltersView');
const filterEdit = () => import('../features/filters/FilterEditView');

/** SPEC §2 "Routes": [path, module, export]. Every path also exists under /deck for the multi-column layout. */
const VIEW_ROUTES: [string, () => Promise<ViewModule>, string][] = [
  ['getting-started', () => import('../features/navigation/GettingStartedView'), 'GettingStartedView'],
  ['keyboard-shortcuts', () => import('../features/keyboard/KeyboardShortcutsView'), 'KeyboardShortcutsView'],
  ['about', () => import('../features/about/AboutView'), 'AboutView'],
  ['privacy-policy', () => import('../features/about/PrivacyPolicyView'), 'PrivacyPolicyView'],
  ['terms-of-service/:date?', () => import('../features/about/TermsOfServiceView'), 'TermsOfServiceView'],
  ['home', timelines, 'HomeView'],
  ['timelines/home', timelines, 'HomeView'],
  ['public', timelines, 'FederatedView'],
  ['public/local', timelines, 'CommunityView'],
  ['public/remote', timelines, 'RemoteView'],
  ['conversations', conversations, 'DirectTimeline'],
  ['timelines/direct', conversations, 'DirectTimeline'],
  ['tags/:id', hashtag, 'HashtagView'],
  ['timelines/tag/:id', hashtag, 'HashtagView'],
  ['links/:url', () => import('../features/timelines/LinkView'), 'LinkView'],
  ['favourites', timelines, 'FavouritesView'],
  ['bookmarks', timelines, 'BookmarksView'],
  ['pinned', timelines, 'PinnedView'],
  ['collections/new', () => import('../features/collections/CollectionNewView'), 'CollectionNewView'],
  ['collections/:id', () => import('../features/collections/CollectionView'), 'CollectionView'],
  ['lists', () => import('../features/lists/ListsView'), 'ListsView'],
  ['lists/new', () => import('../features/lists/ListEditView'), 'ListEditView'],
  ['lists/:id/edit', () => import('../features/lists/ListEditView'), 'ListEditView'],
  ['lists/:id/members', () => import('../features/lists/ListMembersView'), 'ListMembersView'],
  ['lists/:id', () => import('../features/lists/ListTimelineView'), 'ListTimelineView'],
  ['timelines/list/:id', () => import('../features/lists/ListTimelineView'), 'ListTimelineView'],
  ['notifications', () => import('../features/notifications/NotificationsView'), 'NotificationsView'],
  [
    'notifications/requests',
    () => import('../features/notifications/NotificationRequestsView'),
    'NotificationRequestsView',
  ],
  [
    'notifications/requests/:id',
    () => import('../features/notifications/NotificationRequestView'),
    'NotificationRequestView',
  ],
  ['start', () => import('../features/onboarding/OnboardingStartView'), 'OnboardingStartView'],
  ['start/profile', () => import('../features/onboarding/OnboardingProfileView'), 'OnboardingProfileView'],
  ['start/follows', () => import('../features/onboarding/OnboardingFollowsView'), 'OnboardingFollowsView'],
  ['directory', () => import('../features/directory/DirectoryView'), 'DirectoryView'],
  ['explore/:tab?', () => import('../features/explore/ExploreView'), 'ExploreView'],
  ['search', () => import('../features/search/SearchView'), 'SearchView'],
  ['publish', () => import('../features/compose/ComposeView'), 'ComposeView'],
  ['statuses/new', () => import('../features/compose/ComposeView'), 'ComposeView'],
  // Profiles: /@:acct is one dynamic segment (":handle", checked for the leading "@" by the view).
  [':handle', () => import('../features/account/AccountPostsView'), 'AccountPostsView'],
  [':handle/featured', () => import('../features/account/AccountFeaturedView'), 'AccountFeaturedView'],
  [
    ':handle/with_replies',
    () => import('../features/account/AccountWithRepliesView'),
    'AccountWithRepliesView',
  ],
  [':handle/media', () => import('../features/account/AccountMediaView'), 'AccountMediaView'],
  [':handle/followers', () => import('../features/account/AccountFollowersView'), 'AccountFollowersView'],
  [':handle/following', () => import('../features/account/AccountFollowingView'), 'AccountFollowingView'],
  [':handle/tagged/:tagged?', () => import('../features/account/AccountTaggedView'), 'AccountTaggedView'],
  ['accounts/:id', () => import('../features/account/AccountPostsView'), 'AccountPostsView'],
  ['accounts/:id/featured', () => import('../features/account/AccountFeaturedView'), 'AccountFeaturedView'],
  [
    'accounts/:id/with_replies',
    () => import('../features/account/AccountWithRepliesView'),
    'AccountWithRepliesView',
  ],
  ['accounts/:id/media', () => import('../features/account/AccountMediaView'), 'AccountMediaView'],
  [
    'accounts/:id/followers',
    () => import('../features/account/AccountFollowersView'),
    'AccountFollowersView',
  ],
  [
    'accounts/:id/following',
    () => import('../features/account/AccountFollowingView'),
    'AccountFollowingView',
  ],
  ['users/:acct/followers', () => import('../features/account/AccountFollowersView'), 'AccountFollowersView'],
  ['users/:acct/following', () => import('../features/account/AccountFollowingView'), 'AccountFollowingView'],
  [':handle/:statusId', () => import('../features/status/StatusView'), 'StatusView'],
  [':handle/:statusId/reblogs', () => import('../features/status/RebloggedByView'), 'RebloggedByView'],
  [':handle/:statusId/favourites', () => import('../features/status/FavouritedByView'), 'FavouritedByView'],
  [':handle/:statusId/quotes', () => import('../features/status/QuotesView'), 'QuotesView'],
  ['statuses/:statusId', () => import('../features/status/StatusView'), 'StatusView'],
  ['statuses/:statusId/reblogs', () => import('../features/status/RebloggedByView'), 'RebloggedByView'],
  ['statuses/:statusId/favourites', () => import('../features/status/FavouritedByView'), 'FavouritedByView'],
  ['statuses/:statusId/quotes', () => import('../features/status/QuotesView'), 'QuotesView'],
  ['follow_requests', () => import('../features/relationships/FollowRequestsView'), 'FollowRequestsView'],
  ['blocks', () => import('../features/relationships/BlocksView'), 'BlocksView'],
  ['domain_blocks', () => import('../features/relationships/DomainBlocksView'), 'DomainBlocksView'],
  ['followed_tags', () => import('../features/relationships/FollowedTagsView'), 'FollowedTagsView'],
  ['mutes', () => import('../features/relationships/MutesView'), 'MutesView'],
  ['settings/preferences', () => import('../features/settings/PreferencesView'), 'PreferencesView'],
  ['settings/profile', () => import('../features/settings/ProfileEditView'), 'ProfileEditView'],
  ['settings/migration', () => import('../features/settings/MigrationView'), 'MigrationView'],
  ['filters', filterList, 'FiltersView'],
  ['filters/new', filterEdit, 'FilterEditView'],
  ['filters/:id/edit', filterEdit, 'FilterEditView'],
  ['admin/reports', () => import('../features/moderation/ReportsView'), 'ReportsView'],
  ['admin/dashboard', () => import('../features/moderation/DashboardView'), 'DashboardView'],
];

const viewRoute = (path: string, load: () => Promise<ViewModule>, exportName: string): RouteObject => ({
  path,
  lazy: view(load, exportName),
  errorElement: <RouteErrorView />,
});

function viewRoutes(): RouteObject[] {
  const routes = VIEW_ROUTES.map(([path, load, exportName]) => viewRoute(path, load, exportName));
  if (import.meta.env.VITE_E2E === '1') {
    // A deliberate crash for the end-to-end tests only; the branch is removed from production builds.
    const crash = view(() => import('../features/errors/E2ECrashView'), 'E2ECrashView');
    routes.push({ path: '__crash__', lazy: crash, errorElement: <RouteErrorView /> });
    // Without its own errorElement the crash bubbles to the root: the full-page crash screen.
    routes.push({ path: '__crash__/app', lazy: crash });
  }
  routes.push({ path: '*', element: <NotFoundView />, errorElement: <RouteErrorView /> });
  return routes;
}

/** The id of the route every view is a child of (the app's shell). */
export const APP_ROUTE_ID = 'app';

/** Every view again under /deck, for the multi-column layout (SPEC §2). */
export function deckRoutes(): RouteObject[] {
  return VIEW_ROUTES.map(([path, load, exportName]) => viewRoute(`deck/${path}`, load, exportName));
}

/** Renders nothing while the first route's chunk loads, so that the page's splash (index.html) stays. */
function KeepSplash() {
  return null;
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/auth/sign_in',
      lazy: view(() => import('../features/auth/SignInView'), 'SignInView'),
      HydrateFallback: KeepSplash,
      errorElement: <RootErrorView />,
    },
    {
      path: '/auth/sign_up',
      lazy: view(() => import('../features/auth/SignUpView'), 'SignUpView'),
      HydrateFallback: KeepSplash,
      errorElement: <RootErrorView />,
    },
    {
      id: APP_ROUTE_ID,
      path: '/',
      element: <AppShell />,
      HydrateFallback: KeepSplash,
      errorElement: <RootErrorView />,
      children: [
        { index: true, element: <RootRedirect />, errorElement: <RouteErrorView /> },
        ...viewRoutes(),
      ],
    },
  ];
}
