import type { Plugin } from 'vite';

/**
 * The page paints its splash with the stylesheet alone, so its module scripts and their preloads are fetched
 * at low priority: the browser loads the stylesheet first instead of queueing it behind a dozen chunks, and
 * paints before the scripts arrive. (The server's route hints, apps/server/src/web/preloads.ts, do the same.)
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'palchat-low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}
