#!/usr/bin/env node
// The federation test session, run by scripts/federation.mjs inside the client network namespace (where the test
// hosts' names resolve): starts each test host (a TLS proxy and a Palchat server in the host's namespace), serves
// the control socket through which tests stop and start servers, runs the vitest project `federation` and the
// Playwright specs in apps/web/e2e-federation, and stops everything. Exit code: 0 when both runners passed.
// Environment (set by scripts/federation.mjs): FEDERATION_WORK_DIR, FEDERATION_WEB_DIST, NODE_EXTRA_CA_CERTS,
// CHROMIUM_PATH. Arguments: test files to run (*.test.ts for vitest, *.spec.ts for Playwright); none = all.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENEROUS_RATE_LIMIT_ENV, waitForHttp } from '../lib/test-servers.mjs';
import { ALL_HOSTS, STUB_HOST, TEST_HOSTS } from './network.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workDir = process.env.FEDERATION_WORK_DIR;
const webDist = process.env.FEDERATION_WEB_DIST;
// inside a test host's own namespace: no other process listens there
const SERVER_PORT = 3000;
// what the integration helpers sign CSRF tokens with (apps/server/test/helpers/harness.ts)
const TEST_SECRET_KEY_BASE = 'test-secret-key-base';

/** Prefixes every line a child writes with the test host's name. */
function relay(stream, label, target) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`[${label}] ${line}\n`);
  });
}

function spawnInNamespace(host, label, args, env) {
  const child = spawn('ip', ['netns', 'exec', host.namespace, process.execPath, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relay(child.stdout, label, process.stdout);
  relay(child.stderr, label, process.stderr);
  return child;
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function terminate(child) {
  if (!child || exited(child)) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

/** One test host: its TLS proxy runs for the whole session, its server can be stopped and started again. */
function testHost(host) {
  const url = `https://${host.domain}`;
  const dataDir = path.join(workDir, host.name, 'data');
  mkdirSync(dataDir, { recursive: true });
  const baseEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'PORT', 'HOST']) delete baseEnv[name];
  const serverEnv = {
    ...baseEnv,
    ...GENEROUS_RATE_LIMIT_ENV,
    HOST: '127.0.0.1',
    PORT: String(SERVER_PORT),
    PUBLIC_URL: url,
    LOCAL_DOMAIN: host.domain,
    FEDERATION: 'on',
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    UPLOAD_TMP_DIR: path.join(workDir, host.name, 'upload-tmp'),
    WEB_DIST_DIR: webDist,
    SECRET_KEY_BASE: TEST_SECRET_KEY_BASE,
    LOG_LEVEL: process.env.FEDERATION_LOG_LEVEL || 'warn',
    // a stopped server's backlog is retried after 5 s rather than a minute (then 10, 20, 40 s…)
    FEDERATION_FIRST_RETRY_SECONDS: '5',
    // the test hosts' documentation addresses (2001:db8::/32) are refused as reserved unless named here
    ALLOWED_PRIVATE_ADDRESSES: ALL_HOSTS.map((h) => h.address).join(','),
  };
  const proxy = spawnInNamespace(
    host,
    `${host.name} tls`,
    [path.join(root, 'scripts/federation/tls-proxy.mjs')],
    {
      ...baseEnv,
      TLS_CERT_FILE: path.join(workDir, `${host.domain}.pem`),
      TLS_KEY_FILE: path.join(workDir, `${host.domain}.key`),
      UPSTREAM_PORT: String(SERVER_PORT),
    },
  );
  let server = null;
  return {
    ...host,
    url,
    proxy,
    async start() {
      if (server && !exited(server)) return;
      const child = spawnInNamespace(
        host,
        host.name,
        ['--import', 'tsx', 'apps/server/src/main.ts'],
        serverEnv,
      );
      server = child;
      // the proxy answers 502 until the server listens: /health passes only through the server
      await waitForHttp(`${url}/health`, 90_000, () => !exited(child) && !exited(proxy));
    },
    async stop() {
      await terminate(server);
    },
  };
}

/** POST /servers/NAME/stop|start on a Unix socket (reachable from every namespace: it is a file). */
function serveControl(socketPath, hosts) {
  const control = http.createServer((request, response) => {
    const match = /^\/servers\/([a-z]+)\/(stop|start)$/.exec(request.url ?? '');
    const host = match && hosts.find((candidate) => candidate.name === match[1]);
    if (request.method !== 'POST' || !host) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"POST /servers/NAME/stop or /servers/NAME/start"}');
      return;
    }
    const [, , action] = match;
    const started = Date.now();
    console.log(`[control] ${action} ${host.name}…`);
    (action === 'stop' ? host.stop() : host.start()).then(
      () => {
        console.log(`[control] ${action} ${host.name}: done in ${Date.now() - started} ms`);
        response.writeHead(204);
        response.end();
      },
      (error) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  return new Promise((resolve) => control.listen(socketPath, () => resolve(control)));
}

/** Runs a test runner; asynchronously, as the control socket must answer meanwhile. Resolves its exit code. */
function runTool(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
}

const hosts = TEST_HOSTS.map(testHost);
let control = null;

async function shutDown() {
  control?.close();
  await Promise.all(hosts.flatMap((host) => [host.stop(), terminate(host.proxy)]));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void shutDown().then(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  const started = Date.now();
  await Promise.all(hosts.map((host) => host.start()));
  console.log(`Federation test hosts up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const statePath = path.join(workDir, 'state.json');
  const controlSocket = path.join(workDir, 'control.sock');
  control = await serveControl(controlSocket, hosts);
  const state = {
    controlSocket,
    caFile: process.env.NODE_EXTRA_CA_CERTS,
    spkiHashes: JSON.parse(process.env.FEDERATION_SPKI_HASHES ?? '[]'),
    servers: Object.fromEntries(
      hosts.map((h) => [
        h.name,
        { name: h.name, url: h.url, domain: h.domain, namespace: h.namespace, address: h.address },
      ]),
    ),
    // the stub remote server the tests start themselves (federation-test/support/stub-host.ts)
    stub: {
      url: `https://${STUB_HOST.domain}`,
      domain: STUB_HOST.domain,
      address: STUB_HOST.address,
      certFile: path.join(workDir, `${STUB_HOST.domain}.pem`),
      keyFile: path.join(workDir, `${STUB_HOST.domain}.key`),
    },
  };
  writeFileSync(statePath, JSON.stringify(state, null, 2));

  const files = process.argv.slice(2);
  const vitestFiles = files.filter((file) => file.endsWith('.test.ts'));
  const playwrightFiles = files.filter((file) => file.endsWith('.spec.ts'));
  const runEnv = { ...process.env, FEDERATION_STATE: statePath };
  const results = [];
  if (files.length === 0 || vitestFiles.length > 0) {
    const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
    results.push(await runTool([vitest, 'run', '--project', 'federation', ...vitestFiles], runEnv));
  }
  if (files.length === 0 || playwrightFiles.length > 0) {
    const playwright = path.join(root, 'node_modules/@playwright/test/cli.js');
    const config = 'apps/web/e2e-federation/playwright.config.ts';
    const outputDir = path.join(root, 'test-results', `web-federation-${process.pid}`);
    results.push(
      await runTool([playwright, 'test', '-c', config, ...playwrightFiles], {
        ...runEnv,
        E2E_OUTPUT_DIR: outputDir,
      }),
    );
  }
  exitCode = results.every((status) => status === 0) ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await shutDown();
}
process.exit(exitCode);
