// Lighthouse (mobile profile, simulated throttling, headless Debian Chromium) on /public/local signed out and
// /home signed in (session cookie passed with --extra-headers). Prints performance score, LCP, TBT and CLS.
//
//   npm run bench:lighthouse        (BENCH_RUNS=3 takes the median run of three per page)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDeployment, machineNote, REPO_ROOT, startServerProcess } from './lib/deployment.mjs';
import { seedFollowing, seedStatuses, seedUsers } from './lib/seed.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS || 1);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const LIGHTHOUSE = path.join(REPO_ROOT, 'node_modules/.bin/lighthouse');

if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
  console.log('Building the web client…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function lighthouse(url, extraHeaders) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-lh-')), 'report.json');
  const args = [
    url,
    '--quiet',
    '--only-categories=performance',
    '--form-factor=mobile',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(extraHeaders ? [`--extra-headers=${JSON.stringify(extraHeaders)}`] : []),
  ];
  const run = spawnSync(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8' });
  if (run.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed:\n${run.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    // The opportunities Lighthouse itself names, largest estimated saving first.
    opportunities: Object.values(report.audits)
      .filter((item) => item.details?.type === 'opportunity' && (item.details.overallSavingsMs ?? 0) > 0)
      .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
      .map((item) => `${item.title}: ~${item.details.overallSavingsMs.toFixed(0)} ms`),
    warnings: report.runWarnings ?? [],
  };
}

function median(results) {
  return [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
}

console.log(`Lighthouse, mobile, performance only (${machineNote()})`);
const deployment = await createDeployment('sqlite', 'lighthouse');
let server;
try {
  const [reader] = await seedUsers(deployment.db, 1, 'reader');
  const authors = await seedUsers(deployment.db, 20, 'author');
  await seedFollowing(deployment.db, reader, authors);
  await seedStatuses(deployment.db, authors, 20);
  await deployment.closeDatabase();
  server = await startServerProcess(deployment.env);
  const pages = [
    { name: '/public/local (signed out)', url: `${server.url}/public/local`, headers: null },
    {
      name: '/home (signed in)',
      url: `${server.url}/home`,
      headers: { Cookie: `_palchat_session=${reader.sessionSecret}` },
    },
  ];
  for (const page of pages) {
    const runs = Array.from({ length: RUNS }, () => lighthouse(page.url, page.headers));
    const result = median(runs);
    console.log(
      `${page.name.padEnd(28)} score ${String(result.score).padStart(3)}  FCP ${result.fcp.toFixed(0)} ms  ` +
        `LCP ${result.lcp.toFixed(0)} ms  TBT ${result.tbt.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}  ` +
        `(final URL ${new URL(result.finalUrl).pathname}${RUNS > 1 ? `, median of ${RUNS}` : ''})`,
    );
    for (const warning of result.warnings) console.log(`  warning: ${warning}`);
    for (const opportunity of result.opportunities) console.log(`  opportunity: ${opportunity}`);
  }
} finally {
  await server?.stop();
  await deployment.cleanup();
}
console.log(`done (${machineNote()})`);
