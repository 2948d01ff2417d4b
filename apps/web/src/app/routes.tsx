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
const about = () => import('../features/about/route-views');
const collections = () => import('../features/collections/route-views');
const lists = () => import('../features/lists/route-views');
const notifications = () => import('../features/notifications/route-views');
const onboarding = () => import('../features/onboarding/route-views');
const account = () => import('../features/account/route-views');
const statusViews = () => import('../features/status/route-views');
const relationships = () => import('../features/relationships/route-views');
const moderation = () => import('../features/moderation/route-views');
const filterList = () => import('../features/filters/FiltersView');
const filterEdit = () => import('../features/filters/FilterEditView');

/** SPEC §2 "Routes": [path, module, export]. Every path also exists under /deck for the multi-column layout. */
const VIEW_ROUTES: [string, () => Promise<ViewModule>, string][] = [
  ['getting-started', () => import('../features/navigation/GettingStartedView'), 'GettingStartedView'],
  ['keyboard-shortcuts', () => import('../features/keyboard/KeyboardShortcutsView'), 'KeyboardShortcutsView'],
  ['about', about, 'AboutView'],
  ['privacy-policy', about, 'PrivacyPolicyView'],
  ['terms-of-service/:date?', about, 'TermsOfServiceView'],
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
  ['collections/new', collections, 'CollectionNewView'],
  ['collections/:id', collections, 'CollectionView'],
  ['lists', lists, 'ListsView'],
  ['lists/new', lists, 'ListEditView'],
  ['lists/:id/edit', lists, 'ListEditView'],
  ['lists/:id/members', lists, 'ListMembersView'],
  ['lists/:id', lists, 'ListTimelineView'],
  ['timelines/list/:id', lists, 'ListTimelineView'],
  ['notifications', notifications, 'NotificationsView'],
  ['notifications/requests', notifications, 'NotificationRequestsView'],
  ['notifications/requests/:id', notifications, 'NotificationRequestView'],
  ['start', onboarding, 'OnboardingStartView'],
  ['start/profile', onboarding, 'OnboardingProfileView'],
  ['start/follows', onboarding, 'OnboardingFollowsView'],
  ['directory', () => import('../features/directory/DirectoryView'), 'DirectoryView'],
  ['explore/:tab?', () => import('../features/explore/ExploreView'), 'ExploreView'],
  ['search', () => import('../features/search/SearchView'), 'SearchView'],
  ['publish', () => import('../features/compose/ComposeView'), 'ComposeView'],
  ['statuses/new', () => import('../features/compose/ComposeView'), 'ComposeView'],
  // Profiles: /@:acct is one dynamic segment (":handle", checked for the leading "@" by the view).
  [':handle', account, 'AccountPostsView'],
  [':handle/featured', account, 'AccountFeaturedView'],
  [':handle/with_replies', account, 'AccountWithRepliesView'],
  [':handle/media', account, 'AccountMediaView'],
  [':handle/followers', account, 'AccountFollowersView'],
  [':handle/following', account, 'AccountFollowingView'],
  [':handle/tagged/:tagged?', account, 'AccountTaggedView'],
  ['accounts/:id', account, 'AccountPostsView'],
  ['accounts/:id/featured', account, 'AccountFeaturedView'],
  ['accounts/:id/with_replies', account, 'AccountWithRepliesView'],
  ['accounts/:id/media', account, 'AccountMediaView'],
  ['accounts/:id/followers', account, 'AccountFollowersView'],
  ['accounts/:id/following', account, 'AccountFollowingView'],
  ['users/:acct/followers', account, 'AccountFollowersView'],
  ['users/:acct/following', account, 'AccountFollowingView'],
  [':handle/:statusId', statusViews, 'StatusView'],
  [':handle/:statusId/reblogs', statusViews, 'RebloggedByView'],
  [':handle/:statusId/favourites', statusViews, 'FavouritedByView'],
  [':handle/:statusId/quotes', statusViews, 'QuotesView'],
  ['statuses/:statusId', statusViews, 'StatusView'],
  ['statuses/:statusId/reblogs', statusViews, 'RebloggedByView'],
  ['statuses/:statusId/favourites', statusViews, 'FavouritedByView'],
  ['statuses/:statusId/quotes', statusViews, 'QuotesView'],
  ['follow_requests', relationships, 'FollowRequestsView'],
  ['blocks', relationships, 'BlocksView'],
  ['domain_blocks', relationships, 'DomainBlocksView'],
  ['followed_tags', relationships, 'FollowedTagsView'],
  ['mutes', relationships, 'MutesView'],
  ['settings/preferences', () => import('../features/settings/PreferencesView'), 'PreferencesView'],
  ['settings/profile', () => import('../features/settings/ProfileEditView'), 'ProfileEditView'],
  ['settings/migration', () => import('../features/settings/MigrationView'), 'MigrationView'],
  ['filters', filterList, 'FiltersView'],
  ['filters/new', filterEdit, 'FilterEditView'],
  ['filters/:id/edit', filterEdit, 'FilterEditView'],
  ['admin/reports', moderation, 'ReportsView'],
  ['admin/dashboard', moderation, 'DashboardView'],
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

const auth = () => import('../features/auth/route-views');

/** Renders nothing while the first route's chunk loads, so that the page's splash (index.html) stays. */
function KeepSplash() {
  return null;
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/auth/sign_in',
      lazy: view(auth, 'SignInView'),
      HydrateFallback: KeepSplash,
      errorElement: <RootErrorView />,
    },
    {
      path: '/auth/sign_up',
      lazy: view(auth, 'SignUpView'),
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
