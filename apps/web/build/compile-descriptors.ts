import path from 'node:path';
import { build } from 'esbuild';
import type { MessageDescriptor } from 'react-intl';
import type { Plugin } from 'vite';
import { compileDescriptors } from './compile-messages';

/** The modules whose `defaultMessage` texts are compiled at build time: the message box's catalogue. */
const DESCRIPTOR_MODULES = /\/src\/features\/messages\/messages\.ts$/;

/** react-intl's `defineMessages` returns its argument: all the evaluation needs of react-intl. */
const REACT_INTL_STUB = 'export const defineMessages = (descriptors) => descriptors;';

/**
 * Runs a descriptor module in Node (bundled with what it imports, such as the texts @palchat/api shares with
 * the server) and returns what it exports.
 */
async function evaluateModule(file: string): Promise<{ exports: Record<string, unknown>; inputs: string[] }> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'react-intl-stub',
        setup(stub) {
          stub.onResolve({ filter: /^react-intl$/ }, () => ({ path: 'react-intl', namespace: 'stub' }));
          stub.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: REACT_INTL_STUB }));
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const exports = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  // the files it read, named relative to the working folder (the stub's is "stub:react-intl": no file)
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith('stub:'))
    .map((input) => path.resolve(input));
  return { exports, inputs };
}

/**
 * The message box writes its texts in its code (`defaultMessage`), not in the catalogue. They reach the client
 * already parsed, like the catalogue (compile-messages.ts), so that no ICU parser loads with the box: its module
 * is replaced by its descriptors with syntax trees for texts. Only the export `m` (the descriptors) is kept.
 */
export function compileMessageDescriptors(): Plugin {
  return {
    name: 'palchat-compile-descriptors',
    enforce: 'pre',
    async transform(_code, id) {
      if (!DESCRIPTOR_MODULES.test(id)) return null;
      const { exports, inputs } = await evaluateModule(id);
      for (const input of inputs) this.addWatchFile(input);
      const descriptors = exports.m as Record<string, MessageDescriptor> | undefined;
      if (!descriptors) this.error(`${id} exports no descriptors named m`);
      return { code: `export const m = ${JSON.stringify(compileDescriptors(descriptors))};`, map: null };
    },
  };
}
