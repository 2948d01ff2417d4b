import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { eagerCompileHints } from './build/compile-hints';
import { compileMessages } from './build/compile-messages';
import { precompress } from './build/precompress';
import { preactInPlaceOfReact } from './build/react-runtime';
import { routePreloads } from './build/route-preloads';
import { lowPriorityScripts } from './build/script-priority';
import { twemojiImages } from './build/twemoji';

const serverOrigin = process.env.PALCHAT_SERVER ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/auth', '/oauth', '/system'];

/**
 * Few, larger chunks on the way to the first screen: every request costs a round trip (six at a time over
 * HTTP/1.1), which on a slow mobile link weighs more than the bytes. The shell is two chunks (libraries, app);
 * the status card with everything it renders, the paged list, and the virtualized list it hands over to once
 * the browser is idle, are one chunk each, shared by the views that show statuses; the timelines are one
 * chunk. Rolldown's own splitting does the rest (one chunk per view module, and what several of them share).
 */
const TIMELINE_VIEWS =
  /src[\\/]features[\\/]timelines[\\/](first-screen-views|HomeView|CommunityView|RemoteView|FederatedView|FavouritesView|BookmarksView|PinnedView|SignedInTimeline|LiveFeedTimeline)\.tsx?$/;

const chunkGroups = [
  { name: 'vendor', test: /node_modules/, tags: ['$initial' as const], priority: 5 },
  { name: 'shell', tags: ['$initial' as const], priority: 4 },
  { name: 'status-card', test: /src[\\/]components[\\/]StatusCard\.tsx$/, priority: 3 },
  { name: 'list', test: /src[\\/]components[\\/](PagedList|PlainList)\.tsx$/, priority: 2 },
  {
    name: 'virtual-list',
    test: /src[\\/]components[\\/]VirtualList\.tsx$|[\\/]react-virtuoso[\\/]/,
    priority: 2,
  },
  // the buttons, modal and "…" menu that many lazily loaded views share, in one chunk rather than three
  { name: 'controls', test: /src[\\/]components[\\/](Button|Modal|DropdownMenu)\.tsx$/, priority: 2 },
  // what /home shares with the live feeds, favourites, bookmarks and pinned posts (their views and what they
  // import), one chunk; the conversations, hashtag and link timelines are chunks of their own
  { name: 'timelines', test: TIMELINE_VIEWS, priority: 1 },
];

export default defineConfig({
  resolve: { alias: preactInPlaceOfReact },
  plugins: [
    react(),
    compileMessages(),
    routePreloads(),
    lowPriorityScripts(),
    eagerCompileHints(['vendor', 'shell']),
    twemojiImages(),
    precompress(),
  ],
  build: {
    outDir: process.env.VITE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // every browser that runs this build (es2022) supports modulepreload
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router reads React's optional useOptimistic, absent from preact/compat, and does without it
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: serverOrigin, ws: true }])),
  },
});
