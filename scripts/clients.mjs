// `npm run check:clients`: drives a fresh server with independent Mastodon clients, method by method, as a user of
// third-party apps would (issue 16): Mastodon.py and toot (Debian: `apt-get install -y python3-mastodon toot`) and
// megalodon (the project's own devDependency, or the one installed in the folder MEGALODON_DIR names). Each client's
// script prints its failures and its passed/failed counts; a client that is not installed is skipped with a note.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireSupportedNode } from './require-node.mjs';
import { GENEROUS_RATE_LIMIT_ENV, waitForHttp } from './lib/test-servers.mjs';

requireSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const clients = path.join(import.meta.dirname, 'clients');
const port = process.env.CLIENTS_PORT ?? '3790';
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-clients-'));
const python = process.env.PYTHON ?? '/usr/bin/python3';
const admin = { login: 'clientsadmin', password: 'a long password for the client check' };
// a short heartbeat: Mastodon.py closes an event stream only once the next line arrives
const env = {
  ...process.env,
  ...GENEROUS_RATE_LIMIT_ENV,
  PORT: port,
  DATA_DIR: dataDir,
  FEDERATION: 'off',
  STREAMING_HEARTBEAT_MS: '2000',
};

// the server's request log stays out of the report; its errors are shown
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
let serverRunning = true;
server.on('exit', () => (serverRunning = false));

function runClient(name, command, args) {
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, {
    cwd: clients,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(result.stdout ?? '');
  const counts = /(\d+) passed, (\d+) failed/.exec(result.stdout ?? '');
  return counts
    ? `${name}: ${counts[1]} passed, ${counts[2]} failed`
    : `${name}: did not finish (exit ${result.status})`;
}

const hasPythonModule = (module) => spawnSync(python, ['-c', `import ${module}`]).status === 0;

try {
  await waitForHttp(`${base}/health`, 180_000, () => serverRunning);
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/admin.ts',
      'create-user',
      '--username',
      admin.login,
      '--email',
      `${admin.login}@example.test`,
      '--password',
      admin.password,
      '--role',
      'admin',
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (created.status !== 0) throw new Error('could not create the administrator');

  const summary = [];
  if (hasPythonModule('mastodon'))
    summary.push(
      runClient('Mastodon.py', python, ['mastodon_py_check.py', base, admin.login, admin.password]),
    );
  else summary.push('Mastodon.py: skipped (python3-mastodon is not installed)');
  if (spawnSync('toot', ['--version']).status === 0)
    summary.push(runClient('toot', python, ['toot_check.py', base]));
  else summary.push('toot: skipped (toot is not installed)');
  summary.push(
    runClient('megalodon', process.execPath, [
      'megalodon_check.mjs',
      base,
      process.env.MEGALODON_DIR ?? root,
    ]),
  );
  console.log(`\n${summary.join('\n')}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
