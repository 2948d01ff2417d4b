#!/usr/bin/env node
// End-to-end tests: builds the web client (with the test-only crash route), starts the real server on a free
// port with a fresh data folder, runs Playwright in Debian's Chromium, then cleans up. Exit code = Playwright's.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './require-node.mjs';
import { buildWebClientForTests, GENEROUS_RATE_LIMIT_ENV, waitForHttp } from './lib/test-servers.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error('Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'palchat-e2e-'));
const dataDir = path.join(workDir, 'data');
const webDist = path.join(workDir, 'web');
let server = null;

function cleanUp() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

let exitCode;
try {
  console.log('Building the web client for the end-to-end tests…');
  buildWebClientForTests(root, webDist);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The translation spec serves a fake LibreTranslate here, so the real translate endpoint is exercised.
  const translationUrl = `http://127.0.0.1:${await freePort()}`;
  const serverEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    TRANSLATION_URL: translationUrl,
    // link previews of the specs' fake sites on 127.0.0.1 (the server reads no private address otherwise)
    ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1',
    ...GENEROUS_RATE_LIMIT_ENV,
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server.once('exit', (code) => {
    if (code !== null && code !== 0) console.error(`The server exited with code ${code}`);
  });
  await waitForHttp(`${baseUrl}/api/v2/instance`, 60_000, () => server.exitCode === null);

  const playwright = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_TRANSLATION_URL: translationUrl,
        E2E_DATA_DIR: dataDir,
        E2E_OUTPUT_DIR: path.join(root, 'test-results', `web-e2e-${process.pid}`),
        CHROMIUM_PATH: chromium,
      },
    },
  );
  exitCode = playwright.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  cleanUp();
}
process.exit(exitCode);
