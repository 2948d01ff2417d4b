#!/usr/bin/env node
// `npm run test:selfhost`: checks what dist/ ships. `systemd-analyze verify` reads the systemd units and
// `nginx -t` dist/nginx.conf (each skipped, saying why, when the tool is missing); then a
// Palchat server and Caddy with dist/Caddyfile run in a network namespace of this run's own (pcsh-PID, torn
// down on exit, the machine's network untouched), Caddy with certificates from its own local CA, and
// scripts/selfhost/proxy-check.ts drives sign-in, a WebSocket, an event stream and a media upload through it.
// Without root, `ip netns` or Caddy (Debian: apt-get install caddy) the proxy part says why it is skipped.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './require-node.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const DOMAIN = 'palchat.example';
const namespace = `pcsh-${process.pid}`;
const UNITS = ['palchat-web.service', 'palchat-worker.service'].map((unit) => path.join(root, 'dist', unit));

function verifyUnits() {
  const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    console.log(
      'selfhost: systemd units not verified: systemd-analyze is missing (Debian: apt-get install systemd)',
    );
    return;
  }
  const verified = spawnSync('systemd-analyze', ['verify', ...UNITS], { encoding: 'utf8' });
  if (verified.status !== 0 || verified.stderr.trim()) {
    console.error(verified.stderr.trim());
    throw new Error('systemd-analyze verify found problems in dist/*.service');
  }
  console.log('ok systemd-analyze verify dist/palchat-web.service dist/palchat-worker.service');
}

/**
 * `nginx -t` of dist/nginx.conf as an admin installs it (inside nginx's http block), with a self-signed
 * certificate and the media cache in a folder of this run's own instead of the paths it names.
 */
function checkNginxConfig() {
  if (spawnSync('nginx', ['-v']).error) {
    console.log(
      'selfhost: dist/nginx.conf not checked: nginx is missing (Debian: apt-get install nginx-light)',
    );
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'palchat-nginx-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${DOMAIN}`,
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync(path.join(root, 'dist/nginx.conf'), 'utf8')
      .replaceAll(`/etc/letsencrypt/live/${DOMAIN}/`, `${dir}/`)
      .replaceAll('/var/cache/nginx/palchat', path.join(dir, 'cache'));
    writeFileSync(path.join(dir, 'site.conf'), site);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
    );
    const tested = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    if (tested.status !== 0) {
      console.error(tested.stderr.trim());
      throw new Error('nginx -t found problems in dist/nginx.conf');
    }
    console.log('ok nginx -t dist/nginx.conf');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function proxyUnavailableReason() {
  if (process.platform !== 'linux') return `network namespaces need Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  if (spawnSync('caddy', ['version']).error) return 'Caddy is missing (Debian: apt-get install caddy)';
  const created = spawnSync('ip', ['netns', 'add', namespace], { encoding: 'utf8' });
  if (created.error || created.status !== 0)
    return `cannot create a network namespace: ${created.error?.message ?? created.stderr.trim()}`;
  return null;
}

const children = [];
let scratch = null;

function cleanUp() {
  // each child leads its own process group: tsx's node process goes with it, and with it the pipes that
  // would otherwise keep this script from exiting
  for (const child of children) if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  spawnSync('ip', ['netns', 'del', namespace]);
  rmSync(`/etc/netns/${namespace}`, { recursive: true, force: true });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

/** A process inside the namespace, its output prefixed (shown on failure, or with SELFHOST_VERBOSE=1). */
function startInNamespace(label, command, args, env) {
  const child = spawn('ip', ['netns', 'exec', namespace, command, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      log.push(chunk);
      if (process.env.SELFHOST_VERBOSE) process.stderr.write(`[${label}] ${chunk}`);
    });
  }
  child.log = log;
  children.push(child);
  return child;
}

async function waitForFile(file, what) {
  for (let tries = 0; tries < 240 && !existsSync(file); tries += 1)
    await new Promise((r) => setTimeout(r, 250));
  if (!existsSync(file)) throw new Error(`${what} never appeared (${file})`);
}

async function runProxyCheck() {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'palchat-selfhost-'));
  const dataDir = path.join(scratch, 'data');
  const caddyHome = path.join(scratch, 'caddy');
  mkdirSync(`/etc/netns/${namespace}`, { recursive: true });
  writeFileSync(`/etc/netns/${namespace}/hosts`, `127.0.0.1 localhost ${DOMAIN}\n::1 localhost\n`);
  execFileSync('ip', ['-n', namespace, 'link', 'set', 'lo', 'up']);

  const login = 'admin@palchat.example';
  const password = 'a long selfhost password';
  const serverEnv = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(scratch, 'no-web-client'),
    HOST: '127.0.0.1',
    PORT: '3000',
    PUBLIC_URL: `https://${DOMAIN}`,
    TRUST_PROXY: 'true',
    FEDERATION: 'off',
    SECRET_KEY_BASE: 'selfhost-suite-secret',
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    tsx,
    [
      'apps/server/src/cli/admin.ts',
      'create-user',
      '--username',
      'admin',
      '--email',
      login,
      '--password',
      password,
    ],
    { cwd: root, env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const server = startInNamespace('server', tsx, ['apps/server/src/main.ts'], serverEnv);
  const caddy = startInNamespace(
    'caddy',
    'caddy',
    ['run', '--config', path.join(root, 'dist/Caddyfile'), '--adapter', 'caddyfile'],
    {
      PALCHAT_DOMAIN: DOMAIN,
      CADDY_GLOBAL_OPTIONS: 'local_certs\n\tskip_install_trust',
      HOME: caddyHome,
      XDG_DATA_HOME: path.join(caddyHome, 'data'),
      XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
    },
  );
  const rootCertificate = path.join(caddyHome, 'data/caddy/pki/authorities/local/root.crt');
  await waitForFile(rootCertificate, "Caddy's local CA");
  const driver = startInNamespace('check', tsx, ['scripts/selfhost/proxy-check.ts'], {
    NODE_EXTRA_CA_CERTS: rootCertificate,
    SELFHOST_DOMAIN: DOMAIN,
    SELFHOST_LOGIN: login,
    SELFHOST_PASSWORD: password,
    SECRET_KEY_BASE: serverEnv.SECRET_KEY_BASE,
  });
  driver.stdout.on('data', (chunk) => process.stdout.write(chunk));
  const code = await new Promise((resolve) => driver.on('close', resolve));
  if (code !== 0) {
    for (const [label, child] of [
      ['server', server],
      ['caddy', caddy],
    ])
      console.error(`--- ${label} output ---\n${child.log.join('').slice(-4000)}`);
    console.error(driver.log.join('').slice(-4000));
    throw new Error('the checks through Caddy failed');
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const started = Date.now();
try {
  verifyUnits();
  checkNginxConfig();
  const reason = proxyUnavailableReason();
  if (reason) console.log(`selfhost: the Caddy checks skipped: ${reason}`);
  else await runProxyCheck();
  console.log(`selfhost suite passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`selfhost suite failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
