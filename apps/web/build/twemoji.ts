import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The Twemoji SVGs (@twemoji/svg): one file per emoji, named by its code points. */
const source = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const NAME = /^\/emoji\/([0-9a-f-]+\.svg)$/;

/**
 * Serves the Twemoji images from our own origin at /emoji/ (never a third-party CDN): copied into the build,
 * and answered from the package by the dev server. The client asks for them only where the system has no
 * colour emoji font (src/features/emoji/emoji-support.ts).
 */
export function twemojiImages(): Plugin {
  let outDir = 'dist';
  return {
    name: 'palchat-twemoji',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = NAME.exec(request.url ?? '')?.[1];
        if (!name) return next();
        fs.readFile(path.join(source, name)).then(
          (svg) => {
            response.setHeader('content-type', 'image/svg+xml');
            response.end(svg);
          },
          () => next(),
        );
      });
    },
    // before precompress's closeBundle, so that the larger images get their compressed twins too
    async writeBundle() {
      const target = path.join(outDir, 'emoji');
      await fs.mkdir(target, { recursive: true });
      const names = (await fs.readdir(source)).filter((name) => name.endsWith('.svg'));
      await Promise.all(names.map((name) => fs.copyFile(path.join(source, name), path.join(target, name))));
    },
  };
}
