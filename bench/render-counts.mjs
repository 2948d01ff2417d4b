// How many times the client's components rendered while signed-in /home (or BENCH_PATH, signed out) loaded:
// V8's precise coverage counts every call of every function, and a component is a function called once a render.
//
//   npm run bench:renders        (BENCH_RUNS=2 loads; BENCH_COMPONENTS=AppShell,Header,… the names to count)
//
// Component names survive only in an unminified build: the bench makes one in a temporary folder (vite build
// --minify false) unless WEB_DIST_DIR names one already built that way. Each load: a fresh context, the page, and
// 4 s for what it does once idle (the message box, the social layer, the stream).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineNote, REPO_ROOT } from './lib/deployment.mjs';
import { withHomeReader } from './lib/web-client.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const PATHNAME = process.env.BENCH_PATH ?? '/home';
const COMPONENTS = new Set(
  (
    process.env.BENCH_COMPONENTS ??
    'AppShell,Startup,SingleColumnLayout,Header,Timeline,PlainList,StatusCardView,MessageDock'
  ).split(','),
);

function unminifiedBuild() {
  if (process.env.WEB_DIST_DIR) return null;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-unminified-'));
  console.log(`Building the web client unminified into ${folder}…`);
  const build = spawnSync('npm', ['exec', '-w', 'apps/web', '--', 'vite', 'build', '--minify', 'false'], {
    cwd: REPO_ROOT,
    env: { ...process.env, VITE_OUT_DIR: folder },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  process.env.WEB_DIST_DIR = folder;
  return folder;
}

async function countRenders(browser, url, sessionSecret) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (sessionSecret) await context.addCookies([{ name: '_palchat_session', value: sessionSecret, url }]);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await page.goto(`${url}${PATHNAME}`);
  await page.waitForTimeout(4000);
  const { result } = await session.send('Profiler.takePreciseCoverage');
  await context.close();
  const counts = new Map([...COMPONENTS].map((name) => [name, 0]));
  for (const script of result)
    for (const fn of script.functions)
      if (COMPONENTS.has(fn.functionName))
        counts.set(fn.functionName, counts.get(fn.functionName) + fn.ranges[0].count);
  return counts;
}

const built = unminifiedBuild();
try {
  await withHomeReader('render-counts', async ({ server, browser, reader }) => {
    console.log(`Renders while ${PATHNAME} loads (${machineNote()})`);
    for (let run = 0; run < RUNS; run += 1) {
      const secret = PATHNAME === '/home' ? reader.sessionSecret : null;
      const counts = await countRenders(browser, server.url, secret);
      console.log(`load ${run + 1}: ${[...counts].map(([name, count]) => `${name} ${count}`).join(', ')}`);
    }
  });
} finally {
  if (built) fs.rmSync(built, { recursive: true, force: true });
}
