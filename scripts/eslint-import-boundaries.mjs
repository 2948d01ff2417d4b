// The import boundaries of ARCHITECTURE.md as a lint rule: each boundary names the files it applies to, the
// modules they may not import, and why. Relative specifiers are resolved against the importing file, so the rule
// sees where an import really goes however many `../` it takes to get there.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = 'apps/server/src/';
const web = 'apps/web/src/';

/** The folder of a web feature a repository path is in (`features/<name>/`), or null. */
const featureOf = (file) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Tests set up whatever they need, across boundaries. */
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** What the server's composition root may do that no domain may: wire federation in. */
const SERVER_COMPOSITION_ROOT = new Set([
  `${server}server.ts`,
  `${server}main.ts`,
  `${server}domain-subscribers.ts`,
  `${server}http/app.ts`,
  `${server}http/routes.ts`,
  `${server}http/routes/index.ts`,
]);

/**
 * Each boundary: `applies(file)` for the importing file, `forbids(target, file)` for the imported one (both
 * repository paths, the target without its extension), and the message.
 */
export const BOUNDARIES = [
  {
    name: 'domain-imports-federation',
    applies: (file) =>
      file.startsWith(server) &&
      !file.startsWith(`${server}federation/`) &&
      !SERVER_COMPOSITION_ROOT.has(file) &&
      !isTest(file),
    forbids: (target) => target.startsWith(`${server}federation/`),
    message:
      'A domain never imports federation: emit a domain event (events/) that federation subscribes to, or ask ' +
      'through the port on AppContext. Only the composition root wires federation in.',
  },
  {
    name: 'hot-path-internals',
    applies: (file) => file.startsWith(server) && !file.startsWith(`${server}hot-path/`),
    forbids: (target) => target.startsWith(`${server}hot-path/`) && target !== `${server}hot-path/index`,
    message: 'The hot-path machinery is used through hot-path/index.ts only (see hot-path/README.md).',
  },
  {
    name: 'platform-imports-app',
    applies: (file) => file.startsWith(web) && !file.startsWith(`${web}app/`) && file !== `${web}main.tsx`,
    forbids: (target) => target.startsWith(`${web}app/`),
    message:
      'app/ is the composition root: features, components and platform/ never import it. Move what is shared ' +
      'into platform/.',
  },
  {
    name: 'feature-internals',
    applies: (file) => featureOf(file) !== null,
    forbids: (target, file) => {
      if (/\.css$/.test(target)) return false;
      const other = featureOf(`${target}.ts`);
      return other !== null && other !== featureOf(file) && target !== `${web}features/${other}/index`;
    },
    // a lazy import() is a chunk's entry point: going through the index would pull the whole feature into it
    allowsLazy: true,
    message: "A feature uses another feature through that feature's index.ts only.",
  },
];

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The imported module as a repository path without extension, or null for a package. */
function targetOf(specifier, importingFile, exists) {
  if (!specifier.startsWith('.')) return null;
  const resolved = path.resolve(path.dirname(importingFile), specifier).replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const suffix of CANDIDATE_SUFFIXES) {
    if (exists(resolved + suffix)) {
      return path.relative(root, resolved + suffix).replace(/\.(ts|tsx)$/, '');
    }
  }
  return path.relative(root, resolved);
}

/**
 * `allowed`: { [boundary name]: [repository paths still crossing it] } — a ratchet while a boundary is being
 * reached; never add to it.
 */
export function importBoundariesPlugin(exists, allowed = {}) {
  return {
    rules: {
      'import-boundaries': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          const file = path.relative(root, context.filename);
          const boundaries = BOUNDARIES.filter(
            (boundary) => boundary.applies(file) && !(allowed[boundary.name] ?? []).includes(file),
          );
          if (boundaries.length === 0) return {};
          const check = (node, source, lazy = false) => {
            if (!source || typeof source.value !== 'string') return;
            const target = targetOf(source.value, context.filename, exists);
            if (!target) return;
            for (const boundary of boundaries) {
              if (lazy && boundary.allowsLazy) continue;
              if (boundary.forbids(target, file)) {
                context.report({ node, message: `${boundary.message} (${boundary.name}: ${source.value})` });
              }
            }
          };
          return {
            ImportDeclaration: (node) => check(node, node.source),
            ExportNamedDeclaration: (node) => check(node, node.source),
            ExportAllDeclaration: (node) => check(node, node.source),
            ImportExpression: (node) => check(node, node.source, true),
          };
        },
      },
    },
  };
}
