import type { Plugin } from 'vite';

/** V8's magic comment: compile every function of the script while it streams in, off the main thread. */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks whose code runs almost all at start-up (`names`: the libraries and the app's shell) for
 * eager compilation. Without the hint V8 compiles each function on the main thread the first time it runs: a
 * third of the router's set-up and of the first render, in the tasks that delay the page's first response to
 * input. The cost is some bytecode for the functions that never run.
 */
export function eagerCompileHints(names: readonly string[]): Plugin {
  return {
    name: 'palchat-eager-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // after Vite's own additions to the chunks: the comment must be the file's first line
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && names.includes(output.name))
            output.code = EAGER_COMPILE_HINT + output.code;
      },
    },
  };
}
