// What the client benchmarks share: the built web client, and the JS heap of a page read through CDP.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createDeployment, REPO_ROOT, startServerProcess } from './deployment.mjs';
import { seedHomeReader } from './seed.mjs';

/** The client the benches' servers serve: WEB_DIST_DIR when set (as the server reads it), else the repo's build. */
export const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps/web/dist'));
export const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Builds apps/web when apps/web/dist is missing, or always with BENCH_BUILD=1; a WEB_DIST_DIR must hold a build. */
export function ensureWebBuild() {
  if (process.env.WEB_DIST_DIR) {
    if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
    console.error(`WEB_DIST_DIR has no built client: ${WEB_DIST}`);
    process.exit(1);
  }
  if (!process.env.BENCH_BUILD && fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log('Building the web client…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The JS heap in use after a full garbage collection (what stays alive), in bytes. */
export async function heapAfterGc(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  return usedSize;
}

/** Debian's Chromium, as every client bench launches it. */
export const launchChromium = () =>
  chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });

/**
 * Runs `body` with a SQLite server whose reader follows ten authors (seedHomeReader) and Debian's Chromium,
 * then stops both and removes the deployment. `serverEnv` adds to the server's environment.
 */
export async function withHomeReader(name, body, serverEnv = {}) {
  const deployment = await createDeployment('sqlite', name);
  let server;
  let browser;
  try {
    const reader = await seedHomeReader(deployment.db);
    await deployment.closeDatabase();
    server = await startServerProcess({ ...deployment.env, ...serverEnv });
    browser = await launchChromium();
    return await body({ server, browser, reader });
  } finally {
    await browser?.close();
    await server?.stop();
    await deployment.cleanup();
  }
}

export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
