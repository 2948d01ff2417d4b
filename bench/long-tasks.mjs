// The main thread's long tasks while the signed-in /home (or BENCH_PATH, signed out) loads, from a Chromium trace:
// what Lighthouse's total blocking time is made of, in figures that a busy machine changes less.
//
//   npm run bench:long-tasks          (BENCH_RUNS=3 loads; BENCH_PATH=/public/local; BENCH_TASKS=1 lists them)
//
// Lighthouse times each task on the wall clock and multiplies it by four (its mobile CPU); on two shared cores
// the wall clock also counts the time the thread waited for a core. This bench reads each task's CPU time
// instead (the trace's thread duration) and prints, per load: the main thread's CPU time from the first paint
// until 5 s after the first status showed, the blocking time those tasks would have at four times their CPU
// time (each task's part over 50 ms, summed), the frames Chromium drew (Lighthouse screenshots each one), and
// the CPU time of the server and of all Chromium's processes for the load (they share the two cores).
// WEB_DIST_DIR serves another build of the client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineNote } from './lib/deployment.mjs';
import { browserCpuMs, processCpuMs } from './lib/process-cpu.mjs';
import { percentile } from './lib/stats.mjs';
import { ensureWebBuild, withHomeReader } from './lib/web-client.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PATHNAME = process.env.BENCH_PATH ?? '/home';
const LIST_TASKS = Boolean(process.env.BENCH_TASKS);
const SLOWDOWN = 4;
const BLOCKING_MS = 50;
const TASK = 'ThreadControllerImpl::RunTask';

/** The renderer's main thread: the one that ran the page's scripts. */
function mainThreadOf(events) {
  const scripts = new Map();
  for (const event of events)
    if (event.name === 'FunctionCall' || event.name === 'EvaluateScript') {
      const thread = `${event.pid}:${event.tid}`;
      scripts.set(thread, (scripts.get(thread) ?? 0) + 1);
    }
  return [...scripts].sort((a, b) => b[1] - a[1])[0][0];
}

/** CPU milliseconds after the first paint, and the blocking time at four times each task's CPU time. */
function summarize(events) {
  const main = mainThreadOf(events);
  const own = events.filter((event) => `${event.pid}:${event.tid}` === main);
  const firstPaint = (own.find((event) => event.name === 'firstContentfulPaint') ?? own[0]).ts;
  const tasks = own.filter(
    (event) => event.ph === 'X' && event.name === TASK && event.ts + event.dur > firstPaint,
  );
  const cpuOf = (task) => (task.tdur ?? task.dur) / 1000;
  const long = tasks.filter((task) => cpuOf(task) * SLOWDOWN > BLOCKING_MS);
  return {
    frames: events.filter((event) => event.name === 'Screenshot').length,
    cpu: tasks.reduce((sum, task) => sum + cpuOf(task), 0),
    blocking: long.reduce((sum, task) => sum + cpuOf(task) * SLOWDOWN - BLOCKING_MS, 0),
    long: long.map((task) => ({
      at: (task.ts - firstPaint) / 1000,
      cpu: cpuOf(task),
      wall: task.dur / 1000,
    })),
  };
}

/**
 * Waits for the first status through a bare CDP evaluation: Playwright's own waits inject its utility script into
 * the page, a 15–25 ms task of the bench's that Lighthouse's load does not have.
 */
async function firstStatusShown(page) {
  const session = await page.context().newCDPSession(page);
  for (let tries = 0; tries < 300; tries += 1) {
    const { result } = await session.send('Runtime.evaluate', {
      expression: "document.querySelector('article') !== null",
    });
    if (result.value) return session.detach();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('No status showed within 15 s');
}

async function traceLoad(browser, url, sessionSecret, serverPid) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (sessionSecret) await context.addCookies([{ name: '_palchat_session', value: sessionSecret, url }]);
  const page = await context.newPage();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-long-tasks-')), 'trace.json');
  // Lighthouse's trace also takes a screenshot of every frame: a cost on the other cores that grows with frames
  const categories = ['devtools.timeline', 'loading', 'toplevel', 'disabled-by-default-devtools.screenshot'];
  await browser.startTracing(page, { path: file, categories });
  const serverBefore = processCpuMs(serverPid);
  const browserBefore = browserCpuMs();
  await page.goto(`${url}${PATHNAME}`);
  await firstStatusShown(page);
  await page.waitForTimeout(5000);
  const serverCpu = processCpuMs(serverPid) - serverBefore;
  const browserCpu = browserCpuMs() - browserBefore;
  await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { ...summarize(traceEvents), serverCpu, browserCpu };
}

ensureWebBuild();
await withHomeReader('long-tasks', async ({ server, browser, reader }) => {
  console.log(`Long tasks of ${PATHNAME} (${machineNote()})`);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const secret = PATHNAME === '/home' ? reader.sessionSecret : null;
    const result = await traceLoad(browser, server.url, secret, server.child.pid);
    runs.push(result);
    console.log(
      `load ${run + 1}: main-thread CPU after the first paint ${result.cpu.toFixed(0)} ms, ` +
        `blocking at ${SLOWDOWN}× CPU ${result.blocking.toFixed(0)} ms (${result.long.length} tasks); ` +
        `${result.frames} frames; ` +
        `server CPU ${result.serverCpu.toFixed(0)} ms, Chromium CPU ${result.browserCpu.toFixed(0)} ms`,
    );
    if (LIST_TASKS)
      for (const task of result.long)
        console.log(
          `  +${task.at.toFixed(0)} ms: CPU ${task.cpu.toFixed(1)} ms, wall ${task.wall.toFixed(1)} ms`,
        );
  }
  const median = (values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(
    `median: CPU ${median(runs.map((run) => run.cpu)).toFixed(0)} ms, ` +
      `blocking ${median(runs.map((run) => run.blocking)).toFixed(0)} ms, ` +
      `frames ${median(runs.map((run) => run.frames))}, ` +
      `server ${median(runs.map((run) => run.serverCpu)).toFixed(0)} ms, ` +
      `Chromium ${median(runs.map((run) => run.browserCpu)).toFixed(0)} ms (${machineNote()})`,
  );
});
