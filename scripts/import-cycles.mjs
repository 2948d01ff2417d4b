#!/usr/bin/env node
// No import cycle made of value imports, in the server or the client (type-only imports vanish at build time, so
// they are left out). A cycle means two modules each need the other to be loaded first: break it by the
// dependency's direction (a leaf module for what both share, an event or a port instead of a call back).
import madge from 'madge';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDERS = ['apps/server/src', 'apps/web/src', 'packages/api/src'];

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
for (const folder of FOLDERS) {
  const graph = await madge(sourcesOf(`${root}${folder}`), {
    baseDir: `${root}${folder}`,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/\.d\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  const cycles = graph.circular();
  for (const cycle of cycles) console.error(`${folder}: import cycle ${cycle.join(' > ')} > ${cycle[0]}`);
  if (cycles.length > 0) failed = true;
  else console.log(`${folder}: no import cycle (${Object.keys(graph.obj()).length} modules).`);
}
if (failed) {
  console.error('Value-import cycles found: break each one (see the comment at the top of this script).');
  process.exit(1);
}
