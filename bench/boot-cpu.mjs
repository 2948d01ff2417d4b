// Where the boot of the signed-in /home spends its CPU time (issue #17: react-intl's `createIntl` and the
// `Intl.*.supportedLocalesOf` calls were 40–47 % of the boot render).
//
//   npm run bench:boot-cpu           (BENCH_RUNS=n, 5 by default; BENCH_THROTTLE=n slows the CPU n times, 4 by default)
//
// Builds apps/web unminified into a folder of its own (so that the profile names functions), seeds a reader
// following ten authors, then loads /home in Chromium with the V8 sampling profiler on, from navigation until
// the first status is shown (idle work held back, as bench:weight does). Prints, as medians over the runs, the
// JavaScript time sampled and the time spent inside react-intl's and intl-messageformat's set-up functions; a
// sample counts once however deep the function is in its stack.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineNote, REPO_ROOT } from './lib/deployment.mjs';
import { percentile } from './lib/stats.mjs';
import { withHomeReader } from './lib/web-client.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);

/**
 * Functions whose time, callees included, is reported. The profiler shows no frame for the Intl builtins:
 * their time (the ICU data `Intl.NumberFormat.supportedLocalesOf` loads the first time) counts in the caller.
 */
const WATCHED = {
  'createIntl (react-intl)': /^createIntl$/,
  'IntlMessageFormat (constructor)': /^IntlMessageFormat$/,
  formatMessage: /^formatMessage$/,
};
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

function buildUnminified(outDir) {
  const build = spawnSync('npx', ['vite', 'build', '--minify', 'false', '--outDir', outDir], {
    cwd: path.join(REPO_ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Milliseconds of JavaScript sampled, in all and inside each watched function. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inside = new Map();
  const watchedOf = (id) => {
    if (inside.has(id)) return inside.get(id);
    const own = byId.get(id).callFrame.functionName;
    const above = parent.has(id) ? watchedOf(parent.get(id)) : new Set();
    const names = new Set(above);
    for (const [label, pattern] of Object.entries(WATCHED)) if (pattern.test(own)) names.add(label);
    inside.set(id, names);
    return names;
  };
  const totals = Object.fromEntries(Object.keys(WATCHED).map((label) => [label, 0]));
  let js = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (IDLE.has(byId.get(id).callFrame.functionName)) return;
    js += micros;
    for (const label of watchedOf(id)) totals[label] += micros;
  });
  return { js: js / 1000, ...Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / 1000])) };
}

async function profileBoot(browser, url, sessionSecret) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addCookies([{ name: '_palchat_session', value: sessionSecret, url }]);
  const page = await context.newPage();
  /* global window */
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${url}/home`);
  await page.locator('article').first().waitFor();
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  return summarize(profile);
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-boot-cpu-'));
try {
  buildUnminified(outDir);
  console.log(`Boot CPU of the signed-in /home (${machineNote()}; CPU slowed ${THROTTLE}×, ${RUNS} runs)`);
  await withHomeReader(
    'boot-cpu',
    async ({ server, browser, reader }) => {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await profileBoot(browser, server.url, reader.sessionSecret));
      const js = median(runs.map((run) => run.js));
      console.log(`JavaScript sampled until the first status shows: ${js.toFixed(0)} ms (median)`);
      for (const label of Object.keys(WATCHED)) {
        const ms = median(runs.map((run) => run[label]));
        console.log(
          `  ${ms.toFixed(1).padStart(7)} ms  ${((100 * ms) / js).toFixed(1).padStart(5)} %  ${label}`,
        );
      }
    },
    { WEB_DIST_DIR: outDir },
  );
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
