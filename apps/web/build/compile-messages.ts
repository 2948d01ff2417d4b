import fs from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /\/src\/locales\/[^/]+\.json$/;
const PARSER = '@formatjs/icu-messageformat-parser';
const COMPILED = '\0compiled-catalogue:';

/** Every message of a catalogue parsed into the ICU syntax tree that react-intl formats directly. */
export function compileCatalogue(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

/**
 * The message catalogues reach the client already parsed, so the client ships react-intl without the ICU
 * parser (FormatJS's "no-parser" build, about 10 KB gzip less). A message id that is missing from the
 * catalogue still renders its id; a `defaultMessage` written in code would not be parsed, so code uses ids only.
 */
export function compileMessages(): Plugin {
  return {
    name: 'palchat-compile-messages',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: new RegExp(`^${PARSER}$`), replacement: `${PARSER}/no-parser.js` }],
      },
    }),
    async resolveId(source, importer) {
      if (!importer || !source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // a module id of its own, so that Vite's JSON plugin leaves the compiled catalogue alone
      return resolved && CATALOGUE.test(resolved.id) ? `${COMPILED}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(COMPILED)) return null;
      const file = id.slice(COMPILED.length, -'.js'.length);
      const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalogue(messages))};`;
    },
  };
}
