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

/** The one module that brings the real parser, for the texts written in code (app/i18n/message-parser.ts). */
const PARSER_HOST = /\/src\/app\/i18n\/icu-parser\.ts$/;

/**
 * The message catalogues reach the client already parsed, so the first load ships react-intl without the ICU
 * parser (FormatJS's "no-parser" build, about 7 KB gzip less). Texts written in code (the message box's
 * `defaultMessage`s) still need it: app/i18n/icu-parser.ts imports the real parser, and loads with that code.
 */
export function compileMessages(): Plugin {
  let noParser: string | null = null;
  return {
    name: 'palchat-compile-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === PARSER) {
        if (importer && PARSER_HOST.test(importer)) return null;
        noParser ??= (await this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true }))?.id ?? null;
        return noParser;
      }
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
