// Client weight: gzip sizes of the JavaScript and CSS the signed-in /home loads initially, and of the build.
//
//   npm run bench:weight            (builds apps/web first when apps/web/dist is missing; BENCH_BUILD=1 forces it)
//   BENCH_LOCALE=de npm run bench:weight   (the reader's interface language: en, de, ar, ja, … as in preferences)
//
// Three views of "initial": the shell index.html names (entry script, modulepreloads, stylesheets); what a real
// Chromium fetches to render /home signed in (idle callbacks held back, so the message box and the social layer,
// which load when the browser is idle, are left out); and everything fetched until the network is idle. Every
// other chunk is lazy. Sizes are gzip level 9 of the files on disk (the .br/.gz twins of the build are skipped).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { machineNote } from './lib/deployment.mjs';
import { kb } from './lib/stats.mjs';
import { ensureWebBuild, heapAfterGc, mib, WEB_DIST as DIST, withHomeReader } from './lib/web-client.mjs';
const BUDGET_KB = 150;
const AIM_KB = 100;
/** Issue #17: everything fetched until the network is idle (idle callbacks run), /home signed in. */
const IDLE_BUDGET_KB = 150;
/** Issue #17: the JS heap once /home has loaded (idle work included). */
const HEAP_BUDGET_MIB = 4;
/** The reader's interface language (issue 34: every locale's first load within the same budget). */
const LOCALE = process.env.BENCH_LOCALE ?? 'en';

ensureWebBuild();

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const rawSize = (file) => fs.statSync(file).size;
const isCode = (file) => /\.(m?js|css)$/.test(file);

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return /\.(br|gz)$/.test(entry.name) ? [] : [full];
  });
}

/** The assets index.html loads by itself: module scripts, modulepreloads and stylesheets. */
function shellAssets() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const assets = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('/assets/')) continue;
    if (tag.startsWith('<script') || /rel="(modulepreload|stylesheet)"/.test(tag)) assets.add(url);
  }
  return [...assets];
}

/** Never runs idle callbacks: what the page fetches then is what rendering /home needs. */
/* global window, document */
const HOLD_IDLE_WORK = () => {
  window.requestIdleCallback = () => 0;
  window.cancelIdleCallback = () => undefined;
};

/** Resolves once no request of the page has been in flight for `quietMs` (the "network idle 2 s"). */
async function networkQuiet(page, quietMs) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fetchedFor(context, url, { holdIdleWork }) {
  const page = await context.newPage();
  if (holdIdleWork) await page.addInitScript(HOLD_IDLE_WORK);
  const fetched = new Set();
  page.on('request', (request) => {
    const requested = new URL(request.url());
    if (requested.origin === new URL(url).origin && requested.pathname.startsWith('/assets/')) {
      if (isCode(requested.pathname)) fetched.add(requested.pathname);
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let heap = null;
  if (!holdIdleWork) {
    // idle callbacks fire at most 1.5 s after the first render on a busy page: wait for one, then for 2 s
    // without a request, so what the idle work loads is counted however loaded the machine is
    await page.evaluate(
      () => new Promise((resolve) => window.requestIdleCallback(resolve, { timeout: 5000 })),
    );
    await networkQuiet(page, 2000);
    heap = await heapAfterGc(page);
  }
  const landed = new URL(page.url()).pathname;
  await page.close();
  return { assets: [...fetched], landed, heap };
}

/** Saves the reader's interface language, as the preferences' picker does, before anything is measured. */
async function chooseLocale(context, url, locale) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const status = await page.evaluate(async (chosen) => {
    const state = JSON.parse(document.getElementById('initial-state')?.textContent ?? '{}');
    const response = await fetch('/api/web/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': state.csrfToken },
      body: JSON.stringify({ locale: chosen }),
    });
    return response.status;
  }, locale);
  await page.close();
  if (status !== 200) throw new Error(`could not choose the locale ${locale}: HTTP ${status}`);
}

/** What Chromium fetches for /home, signed in: to render it, and until the network is idle. */
function homeAssets() {
  return withHomeReader('weight', async ({ server, browser, reader }) => {
    const freshContext = async () => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([{ name: '_palchat_session', value: reader.sessionSecret, url: server.url }]);
      return context;
    };
    if (LOCALE !== 'en') await chooseLocale(await freshContext(), `${server.url}/home`, LOCALE);
    const render = await fetchedFor(await freshContext(), `${server.url}/home`, { holdIdleWork: true });
    const idle = await fetchedFor(await freshContext(), `${server.url}/home`, { holdIdleWork: false });
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desktop.addCookies([{ name: '_palchat_session', value: reader.sessionSecret, url: server.url }]);
    const wide = await fetchedFor(desktop, `${server.url}/home`, { holdIdleWork: false });
    return {
      render: render.assets,
      assets: idle.assets,
      landed: idle.landed,
      heap: idle.heap,
      wideHeap: wide.heap,
    };
  });
}

function describe(title, urls) {
  let gzip = 0;
  let raw = 0;
  const rows = urls
    .map((url) => {
      const file = path.join(DIST, url);
      const size = { url, gzip: gzipSize(file), raw: rawSize(file) };
      gzip += size.gzip;
      raw += size.raw;
      return size;
    })
    .sort((a, b) => b.gzip - a.gzip);
  const js = rows.filter((row) => /\.m?js$/.test(row.url)).reduce((sum, row) => sum + row.gzip, 0);
  const css = gzip - js;
  console.log(
    `${title}: ${kb(gzip)} gzip (JS ${kb(js)}, CSS ${kb(css)}; ${kb(raw)} raw, ${rows.length} files)`,
  );
  for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.url}`);
  return gzip;
}

console.log(`Client weight, interface in ${LOCALE} (${machineNote()})`);
const shell = shellAssets();
describe('Shell named by index.html', shell);
const home = await homeAssets();
console.log(`(signed-in /home landed on ${home.landed})`);
const initial = describe('Signed-in /home, to render it (idle work held back)', home.render);
const untilIdle = describe(
  'Signed-in /home, until the network is idle (with the idle-loaded box and social layer)',
  home.assets,
);
console.log(
  `JS heap after the first load and a full GC: ${mib(home.heap)} at 412 px, ${mib(home.wideHeap)} at 1280 px (budget ${HEAP_BUDGET_MIB} MiB)`,
);
const allFiles = listFiles(DIST);
const code = allFiles.filter(isCode).map((file) => '/' + path.relative(DIST, file).split(path.sep).join('/'));
describe('Whole build, JS and CSS', code);
const everything = allFiles.reduce((sum, file) => sum + gzipSize(file), 0);
console.log(`Whole build, every file: ${kb(everything)} gzip (${allFiles.length} files)`);
const lazy = code.filter((url) => !home.assets.includes(url));
console.log(
  `Lazy (not loaded by /home): ${lazy.length} chunks, ${kb(lazy.reduce((sum, url) => sum + gzipSize(path.join(DIST, url)), 0))} gzip`,
);
for (const url of lazy.sort()) console.log(`  ${url}`);
/** Where a figure stands against its budget and aim. */
const verdict = (figure, budget, aim) =>
  figure <= aim * 1024 ? 'within the aim' : figure <= budget * 1024 ? 'within the budget' : 'OVER the budget';
console.log(
  `To render: budget ${BUDGET_KB} KB gzip (aim ${AIM_KB} KB): ${kb(initial)} is ${verdict(initial, BUDGET_KB, AIM_KB)}`,
);
console.log(
  `Until idle: budget ${IDLE_BUDGET_KB} KB gzip: ${kb(untilIdle)} is ${verdict(untilIdle, IDLE_BUDGET_KB, IDLE_BUDGET_KB)}`,
);
