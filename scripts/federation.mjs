#!/usr/bin/env node
// The federation suite: two real Palchat servers as separate test hosts, each in a network namespace of its own
// with its own database and host name, over HTTPS with a CA made for the run; the tests run in a third ("client")
// namespace where both names resolve. Sets up the network and certificates, builds the web client when its
// sources changed, runs scripts/federation/session.mjs (servers, vitest project `federation`, Playwright specs in
// apps/web/e2e-federation) in the client namespace, and removes everything again, also on failure and Ctrl-C.
// Without root or `ip netns` it says why and skips (exit 0). Arguments: test files (*.test.ts / *.spec.ts).
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './require-node.mjs';
import { buildWebClientForTests } from './lib/test-servers.mjs';
import { makeCertificates } from './federation/certificates.mjs';
import {
  ALL_HOSTS,
  CLIENT_NAMESPACE,
  createNetwork,
  removeNetwork,
  unavailableReason,
} from './federation/network.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LOCK_FILE = path.join(os.tmpdir(), 'palchat-federation.pid');
const WORK_DIR_PREFIX = 'palchat-federation-run-';
// kept between runs: the build is skipped while no source of the web client changed
const WEB_CACHE = path.join(root, 'node_modules/.cache/palchat-federation-web');
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/api/src',
  'package-lock.json',
];

const reason = unavailableReason();
if (reason) {
  console.log(`federation suite skipped: ${reason}`);
  process.exit(0);
}
if (!existsSync(chromium)) {
  console.error('Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH');
  process.exit(1);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The namespaces have fixed names: one run at a time on a machine (a crashed run's leftovers are removed). */
function takeLock() {
  const holder = existsSync(LOCK_FILE) ? Number(readFileSync(LOCK_FILE, 'utf8')) : 0;
  if (holder && holder !== process.pid && isAlive(holder)) {
    console.error(
      `Another federation test run (pid ${holder}) is in progress; try again when it has finished.`,
    );
    process.exit(1);
  }
  writeFileSync(LOCK_FILE, String(process.pid));
}

/** The work folders (certificates, databases) a crashed run left behind; only one run at a time is possible. */
function removeStaleWorkDirs() {
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(WORK_DIR_PREFIX))
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    0,
  );
}

/** The web client built with the test routes, rebuilt only when a source is newer than the last build. */
function webClient() {
  const stamp = path.join(WEB_CACHE, '.built');
  const sourcesChanged = Math.max(...WEB_SOURCES.map((source) => newestChange(path.join(root, source))));
  if (existsSync(stamp) && statSync(stamp).mtimeMs > sourcesChanged) {
    console.log('The web client is unchanged since the last federation run: not rebuilding it.');
    return WEB_CACHE;
  }
  console.log('Building the web client for the federation tests…');
  rmSync(WEB_CACHE, { recursive: true, force: true });
  buildWebClientForTests(root, WEB_CACHE);
  writeFileSync(stamp, new Date().toISOString());
  return WEB_CACHE;
}

let workDir = null;
let session = null;
let cleanedUp = false;

function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  // ends whatever still runs in the namespaces (the session stops its servers itself when it can)
  removeNetwork();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  if (existsSync(LOCK_FILE) && readFileSync(LOCK_FILE, 'utf8') === String(process.pid)) rmSync(LOCK_FILE);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    const finish = () => {
      cleanUp();
      process.exit(130);
    };
    if (!session || session.exitCode !== null) return finish();
    session.once('exit', finish);
    session.kill('SIGTERM');
    setTimeout(finish, 15_000).unref();
  });
}

let exitCode;
try {
  takeLock();
  removeStaleWorkDirs();
  workDir = mkdtempSync(path.join(os.tmpdir(), WORK_DIR_PREFIX));
  const setupStarted = Date.now();
  createNetwork();
  const { caFile, hosts } = makeCertificates(
    workDir,
    ALL_HOSTS.map((host) => host.domain),
  );
  console.log(`Federation network and certificates ready in ${Date.now() - setupStarted} ms`);
  const webDist = webClient();
  mkdirSync(path.join(root, 'test-results'), { recursive: true });

  session = spawn(
    'ip',
    [
      'netns',
      'exec',
      CLIENT_NAMESPACE,
      process.execPath,
      'scripts/federation/session.mjs',
      ...process.argv.slice(2),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: caFile,
        FEDERATION_WORK_DIR: workDir,
        FEDERATION_WEB_DIST: webDist,
        FEDERATION_SPKI_HASHES: JSON.stringify(Object.values(hosts).map((host) => host.spkiHash)),
        CHROMIUM_PATH: chromium,
      },
    },
  );
  exitCode = await new Promise((resolve) => {
    session.once('exit', (code) => resolve(code ?? 1));
    session.once('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  cleanUp();
}
process.exit(exitCode);
