#!/usr/bin/env node
// Stops a project script with a clear message when it runs on a Node.js without what the project needs
// (node:sqlite with StatementSync#columns). `npm install` brings the project's own Node (the node-<platform>
// package) into node_modules/.bin, where npm scripts find it first; a system Node runs them only where the
// registry has no such package for the platform, or when optional dependencies were left out.
import { pathToFileURL } from 'node:url';

export const MINIMUM_NODE = '22.16.0';

function atLeast(version, minimum) {
  const [a, b, c] = version.split('.').map(Number);
  const [x, y, z] = minimum.split('.').map(Number);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

export function requireSupportedNode() {
  if (atLeast(process.versions.node, MINIMUM_NODE)) return;
  console.error(
    [
      `Palchat needs Node.js ${MINIMUM_NODE} or newer (24 or 26 LTS); this is Node ${process.version} (${process.execPath}).`,
      'Run it through npm (`npm start`, `npm test`, `npm run admin`): after `npm install` npm scripts use the Node 26',
      'that npm installed into node_modules/.bin on Linux (x64, arm64) and macOS (x64). On another platform, or after',
      'an install with --omit=optional, install Node.js 24 or 26 LTS on the system.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) requireSupportedNode();
