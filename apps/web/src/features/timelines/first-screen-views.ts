// The timelines /home shares with the live feeds, favourites, bookmarks and pinned posts: one module to load, so
// that they make one chunk that renders with the first-screen part of the catalogue (vite.config.ts,
// build/catalogue-split.ts), and a visit to /home has the others at hand.
export { BookmarksColumn, BookmarksView } from './BookmarksView';
export { CommunityColumn, CommunityView } from './CommunityView';
export { FavouritesColumn, FavouritesView } from './FavouritesView';
export { FederatedColumn, FederatedView } from './FederatedView';
export { HomeColumn, HomeView } from './HomeView';
export { PinnedView } from './PinnedView';
export { RemoteColumn, RemoteView } from './RemoteView';
