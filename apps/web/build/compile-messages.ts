import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { pseudoCatalogue } from './pseudo-locale';
import type { Plugin } from 'vite';
import { addWithImports, builtChunks, chunksHolding } from './bundle-graph';
import {
  cataloguePart,
  FIRST_SCREEN_MODULES,
  idsMissingFromFirstScreen,
  type CataloguePart,
} from './catalogue-split';

const CATALOGUE = /\/src\/locales\/[^/]+\.json$/;
const PARSER = '@formatjs/icu-messageformat-parser';
const COMPILED = '\0compiled-catalogue:';
/** `import('…/en.json?rest')`: the part of the catalogue that the first screen does without. */
const REST_QUERY = '?rest';
const REST_SUFFIX = '.rest.js';
/** `import('…/en.json?pseudo')` (`?pseudo-rest`): English in the pseudo-locale of the e2e build (pseudo-locale.ts). */
const PSEUDO_QUERY = '?pseudo';
const PSEUDO_SUFFIX = '.pseudo';

/** Every message of a catalogue parsed into the ICU syntax tree that react-intl formats directly. */
export function compileCatalogue(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

/**
 * A translated catalogue as the client gets it: every English id, in English's order, with the translation
 * where it has a valid one and the English text otherwise (a page never shows an id). Ids English lacks are
 * left out. `report` hears of each gap; the locale check (locale-catalogues.test.ts) fails on them.
 */
export function withEnglishFallback(
  english: Record<string, string>,
  translated: Record<string, string>,
  report: (problem: string) => void = () => undefined,
): Record<string, string> {
  const gaps: string[] = [];
  const merged = Object.fromEntries(
    Object.entries(english).map(([id, text]) => {
      const translation = translated[id];
      if (translation !== undefined && isValidMessage(translation)) return [id, translation];
      gaps.push(id);
      return [id, text];
    }),
  );
  if (gaps.length > 0) report(`${gaps.length} messages shown in English: ${gaps.slice(0, 10).join(', ')}…`);
  return merged;
}

function isValidMessage(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}

const ENGLISH = 'en.json';

/**
 * The message catalogues reach the client already parsed, so the first load ships react-intl without the ICU
 * parser (FormatJS's "no-parser" build, about 7 KB gzip less). Every text of the client, the message box's
 * included, is in the catalogue: no module of the client gets the parser.
 *
 * A catalogue import brings its first-screen part; with `?rest`, the other part (build/catalogue-split.ts).
 * The build fails when a chunk that renders without the rest names an id of the rest.
 */
export function compileMessages(): Plugin {
  let noParser: string | null = null;
  let root = '';
  const catalogues = new Map<string, Record<string, string>>();
  const readJson = async (file: string) =>
    JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
  const readCatalogue = async (file: string, report: (problem: string) => void) => {
    const english = await readJson(path.join(path.dirname(file), ENGLISH));
    const messages =
      path.basename(file) === ENGLISH
        ? english
        : withEnglishFallback(english, await readJson(file), (problem) =>
            report(`${path.basename(file)}: ${problem}`),
          );
    catalogues.set(file, messages);
    return messages;
  };
  return {
    name: 'palchat-compile-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (source === PARSER) {
        noParser ??= (await this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true }))?.id ?? null;
        return noParser;
      }
      const [file = '', query = ''] = source.split(/(?=\?)/);
      const pseudo = query.startsWith(PSEUDO_QUERY);
      const rest = query === REST_QUERY || query === `${PSEUDO_QUERY}-rest`;
      if (!importer || !file.endsWith('.json') || (query && !pseudo && !rest)) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      // a module id of its own, so that Vite's JSON plugin leaves the compiled catalogue alone
      if (!resolved || !CATALOGUE.test(resolved.id)) return null;
      return `${COMPILED}${resolved.id}${pseudo ? PSEUDO_SUFFIX : ''}${rest ? REST_SUFFIX : '.js'}`;
    },
    async load(id) {
      if (!id.startsWith(COMPILED)) return null;
      const rest = id.endsWith(REST_SUFFIX);
      const module = id.slice(COMPILED.length, -(rest ? REST_SUFFIX : '.js').length);
      const pseudo = module.endsWith(PSEUDO_SUFFIX);
      const file = pseudo ? module.slice(0, -PSEUDO_SUFFIX.length) : module;
      const part: CataloguePart = rest ? 'rest' : 'first-screen';
      // the first-screen part reports the catalogue's gaps, once
      const report = rest ? () => undefined : (problem: string) => this.warn(problem);
      const catalogue = await readCatalogue(file, report);
      const messages = cataloguePart(pseudo ? pseudoCatalogue(catalogue) : catalogue, part);
      return `export default ${JSON.stringify(compileCatalogue(messages))};`;
    },
    generateBundle(_options, bundle) {
      const chunks = builtChunks(bundle);
      const firstScreen = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) addWithImports(chunks, chunk.fileName, firstScreen);
      for (const module of FIRST_SCREEN_MODULES)
        for (const file of chunksHolding(chunks, root, module)) addWithImports(chunks, file, firstScreen);
      const problems = [...firstScreen].flatMap((file) => {
        const code = chunks.find((chunk) => chunk.fileName === file)?.code ?? '';
        const missing = [...catalogues.values()].flatMap((messages) =>
          idsMissingFromFirstScreen(code, messages),
        );
        return missing.length > 0 ? [`${file}: ${[...new Set(missing)].join(', ')}`] : [];
      });
      if (problems.length > 0)
        this.error(
          'These chunks render before the rest of the catalogue has loaded, but name messages that only it has. ' +
            `Add the ids to build/catalogue-split.ts or load the module with lazyWithMessages:\n${problems.join('\n')}`,
        );
    },
  };
}
