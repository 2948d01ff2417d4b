// Lighthouse (mobile profile, simulated throttling, headless Debian Chromium) on /public/local signed out and
// /home signed in. Prints performance score, FCP, LCP, TBT and CLS, the LCP element, the elements that shifted,
// the opportunities Lighthouse names, and any Content Security Policy violation the page logged.
//
//   npm run bench:lighthouse        (BENCH_RUNS=3 takes the median run of three per page)
//
// Lighthouse runs through its Node API on a page driven by puppeteer-core, so that the session is a real
// cookie in the browser's jar: a `Cookie` request header (the CLI's --extra-headers) is replaced by the jar's
// cookies once the page has set its own (the CSRF cookie), and every API call after the page would be
// signed out.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createDeployment, machineNote, REPO_ROOT, startServerProcess } from './lib/deployment.mjs';
import { seedFollowing, seedStatuses, seedUsers } from './lib/seed.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS || 1);
// BENCH_REPORTS=<folder> keeps every run's full Lighthouse report (JSON) there, and its trace (.trace.json)
const REPORTS = process.env.BENCH_REPORTS;
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
  console.log('Building the web client…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The elements a table audit names (LCP element, layout shifts), as HTML snippets with their selectors. */
function elementsOf(audit) {
  return (audit?.details?.items ?? [])
    .flatMap((entry) => (entry.type === 'table' ? entry.items : [entry]))
    .map((entry) => entry.node)
    .filter((node) => node?.snippet)
    .map((node) => `${node.snippet.slice(0, 100)}${node.selector ? ` (${node.selector})` : ''}`);
}

function keepReport(run, url) {
  if (!REPORTS) return;
  fs.mkdirSync(REPORTS, { recursive: true });
  const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-/, '')}-${Date.now()}`;
  fs.writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(run.lhr));
  if (run.artifacts?.Trace)
    fs.writeFileSync(path.join(REPORTS, `${name}.trace.json`), JSON.stringify(run.artifacts.Trace));
}

/** Collects what the page logs about its Content Security Policy: Chromium's "Refused to …" and violation events. */
async function watchPolicyViolations(page) {
  const violations = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.evaluateOnNewDocument(() => {
    globalThis.document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

async function measure(url, cookie) {
  const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const policyViolations = await watchPolicyViolations(page);
    if (cookie)
      await browser.setCookie({ ...cookie, domain: new URL(url).hostname, path: '/', httpOnly: true });
    const run = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' },
      undefined,
      page,
    );
    const report = run?.lhr;
    if (!report) throw new Error(`lighthouse gave no report for ${url}`);
    keepReport(run, url);
    const audit = (id) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: report.finalDisplayedUrl,
      lcpElement: elementsOf(report.audits['largest-contentful-paint-element'])[0] ?? '—',
      shifted: elementsOf(report.audits['layout-shifts']),
      // The opportunities Lighthouse itself names, largest estimated saving first.
      opportunities: Object.values(report.audits)
        .filter((entry) => entry.details?.type === 'opportunity' && (entry.details.overallSavingsMs ?? 0) > 0)
        .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
        .map((entry) => `${entry.title}: ~${entry.details.overallSavingsMs.toFixed(0)} ms`),
      warnings: report.runWarnings ?? [],
      policyViolations,
    };
  } finally {
    await browser.close();
  }
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
    { name: '/public/local (signed out)', url: `${server.url}/public/local`, cookie: null },
    {
      name: '/home (signed in)',
      url: `${server.url}/home`,
      cookie: { name: '_palchat_session', value: reader.sessionSecret },
    },
  ];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(page.url, page.cookie));
    const result = median(runs);
    console.log(
      `${page.name.padEnd(28)} score ${String(result.score).padStart(3)}  FCP ${result.fcp.toFixed(0)} ms  ` +
        `LCP ${result.lcp.toFixed(0)} ms  TBT ${result.tbt.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}  ` +
        `(final URL ${new URL(result.finalUrl).pathname}${RUNS > 1 ? `, median of ${RUNS}` : ''})`,
    );
    console.log(`  LCP element: ${result.lcpElement}`);
    for (const shifted of result.shifted) console.log(`  shifted: ${shifted}`);
    for (const warning of result.warnings) console.log(`  warning: ${warning}`);
    for (const opportunity of result.opportunities) console.log(`  opportunity: ${opportunity}`);
    const violations = [...new Set(runs.flatMap((run) => run.policyViolations))];
    console.log(`  Content Security Policy violations in the console: ${violations.length}`);
    for (const violation of violations) console.log(`  CSP: ${violation}`);
  }
} finally {
  await server?.stop();
  await deployment.cleanup();
}
console.log(`done (${machineNote()})`);
