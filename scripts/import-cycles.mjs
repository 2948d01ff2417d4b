#!/usr/bin/env node
// Import cycles made of value imports (type-only imports vanish at build time, so they are left out). Each source
// folder has a ceiling: the run fails when a folder has more cycles than its ceiling. The ceilings are a ratchet:
// when a change removes cycles, lower the ceiling to the new count in the same change (the goal is 0 everywhere).
import madge from 'madge';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CEILINGS = {
  'apps/server/src': 0,
  'apps/web/src': 1,
};

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The folder's source files, tests left out: nothing imports a test, so tests add no cycle, but as entry points
 * they would change the order madge walks the graph in, and with it which cycles it lists.
 */
const sourcesOf = (folder) =>
  readdirSync(folder, { recursive: true })
    .filter((file) => /\.tsx?$/.test(file) && !/\.d\.ts$|\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(folder, file));

let failed = false;
for (const [folder, ceiling] of Object.entries(CEILINGS)) {
  const graph = await madge(sourcesOf(`${root}${folder}`), {
    baseDir: `${root}${folder}`,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/\.d\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  const cycles = graph.circular();
  for (const [i, cycle] of cycles.entries()) console.log(`${folder} cycle ${i + 1}: ${cycle.join(' > ')}`);
  if (cycles.length > ceiling) {
    failed = true;
    console.error(
      `${folder}: ${cycles.length} import cycles, above the ceiling of ${ceiling}. Break the new cycle.`,
    );
  } else if (cycles.length < ceiling) {
    console.log(
      `${folder}: ${cycles.length} import cycles, below the ceiling of ${ceiling}: lower it in scripts/import-cycles.mjs.`,
    );
  } else {
    console.log(`${folder}: ${cycles.length} import cycles (ceiling ${ceiling}).`);
  }
}
if (failed) process.exit(1);
