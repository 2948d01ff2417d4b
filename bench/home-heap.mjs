// The JS heap of signed-in /home, by width: what client-weight's heap figure is made of.
//
//   npm run bench:home-heap                      (BENCH_ROUNDS=2 loads per width; BENCH_WIDTHS=412,1280)
//   BENCH_SNAPSHOT=1 npm run bench:home-heap     (also a heap snapshot per width, its largest groups by
//                                                 constructor and what differs between the widths;
//                                                 BENCH_SAVE=/tmp/x writes each width's groups to /tmp/x-WIDTH.json)
//   BENCH_SCREENSHOTS=/tmp/y npm run bench:home-heap  (a screenshot of the first load per width: /tmp/y-WIDTH.png)
//
// A snapshot also holds what the heap figure leaves out: Blink's objects (`native blink::…`, DOM nodes) and
// script sources (`native system / ExternalStringData`); the figure is V8's heap alone.
// Each load is as client-weight's: a fresh context with the reader's cookie, /home until the network is idle,
// one idle callback, 2 s without a request, then a full garbage collection.
import fs from 'node:fs';
import { machineNote } from './lib/deployment.mjs';
import { ensureWebBuild, heapAfterGc, withHomeReader } from './lib/web-client.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const WIDTHS = (process.env.BENCH_WIDTHS || '412,1280').split(',').map(Number);
const SNAPSHOT = Boolean(process.env.BENCH_SNAPSHOT);
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
const TOP = Number(process.env.BENCH_TOP || 40);

ensureWebBuild();

/* global window */
async function loadHome(page, url) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((resolve) => window.requestIdleCallback(resolve, { timeout: 5000 })));
  let last = Date.now();
  page.on('request', () => (last = Date.now()));
  while (Date.now() - last < 2000) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Self sizes of a snapshot's nodes grouped by type and name (strings and arrays by type alone). */
async function snapshotGroups(page) {
  const session = await page.context().newCDPSession(page);
  const chunks = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await session.detach();
  const snapshot = JSON.parse(chunks.join(''));
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const typeNames = types[0];
  const groups = new Map();
  const { nodes, strings } = snapshot;
  for (let at = 0; at < nodes.length; at += width) {
    const type = typeNames[nodes[at + typeAt]];
    const byName = ['object', 'native', 'hidden', 'code', 'closure'].includes(type);
    // a context's name ends with its snapshot id: grouped without it
    const name = strings[nodes[at + nameAt]].replace(/ @\d+$/, '').slice(0, 60);
    const key = byName ? `${type} ${name}` : type;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += nodes[at + sizeAt];
    groups.set(key, group);
  }
  return groups;
}

const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;

await withHomeReader('homeheap', async ({ server, browser, reader }) => {
  console.log(`Heap of signed-in /home (${machineNote()})`);
  const snapshots = new Map();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 823 : 900 } });
      await context.addCookies([{ name: '_palchat_session', value: reader.sessionSecret, url: server.url }]);
      const page = await context.newPage();
      await loadHome(page, `${server.url}/home`);
      console.log(
        `${width} px, round ${round + 1}: ${kib(await heapAfterGc(page))} (${new URL(page.url()).pathname})`,
      );
      if (SCREENSHOTS && round === 0) await page.screenshot({ path: `${SCREENSHOTS}-${width}.png` });
      if (SNAPSHOT && round === 0) snapshots.set(width, await snapshotGroups(page));
      if (SNAPSHOT && round === 0 && process.env.BENCH_SAVE) {
        const file = `${process.env.BENCH_SAVE}-${width}.json`;
        fs.writeFileSync(file, JSON.stringify(Object.fromEntries(snapshots.get(width))));
      }
      await context.close();
    }
  }
  for (const [width, groups] of snapshots) {
    const total = [...groups.values()].reduce((sum, group) => sum + group.size, 0);
    console.log(`\n${width} px snapshot: ${kib(total)}, largest groups`);
    for (const [key, group] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, TOP)) {
      console.log(`  ${kib(group.size).padStart(10)}  ${String(group.count).padStart(7)}  ${key}`);
    }
  }
  if (snapshots.size === 2) {
    const [[narrow, small], [wide, large]] = [...snapshots];
    const keys = new Set([...small.keys(), ...large.keys()]);
    const deltas = [...keys].map((key) => {
      const a = small.get(key) ?? { count: 0, size: 0 };
      const b = large.get(key) ?? { count: 0, size: 0 };
      return { key, size: b.size - a.size, count: b.count - a.count };
    });
    console.log(`\n${wide} px against ${narrow} px, largest differences`);
    for (const delta of deltas.sort((a, b) => Math.abs(b.size) - Math.abs(a.size)).slice(0, TOP)) {
      const count = `${delta.count >= 0 ? '+' : ''}${delta.count}`;
      console.log(
        `  ${(delta.size >= 0 ? '+' : '') + kib(delta.size)}`.padEnd(14),
        count.padStart(7),
        delta.key,
      );
    }
  }
});
