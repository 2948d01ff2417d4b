// The federation benchmark's deployments of the server under test (bench/federation.mjs, BENCH_MODES):
//   sqlite            one server process on SQLite, FEDERATION_WORKERS queue consumers in it;
//   postgres          two server processes on PostgreSQL + Redis, each with FEDERATION_WORKERS consumers;
//   postgres-workers  two server processes on PostgreSQL + Redis that only enqueue (FEDERATION_WORKERS=0) and
//                     BENCH_WORKER_PROCESSES separate `npm run worker` processes that consume.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort, pause, REPO_ROOT, startServerProcesses, stopChild } from './deployment.mjs';
import { processCpuMs } from './process-cpu.mjs';

export const FEDERATION_MODES = {
  sqlite: { database: 'sqlite', servers: 1, workerProcesses: 0 },
  postgres: { database: 'postgres', servers: 2, workerProcesses: 0 },
  'postgres-workers': { database: 'postgres', servers: 2, workerProcesses: 2 },
};

/** Starts `npm run worker`'s program with `env`; resolves once it runs. */
function startWorkerProcess(env, nodeArgs) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/federation/worker.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  return {
    child,
    output,
    stop: () => stopChild(child, 15_000),
  };
}

/** Resident memory now and at its peak (VmRSS, VmHWM) of a process, in MB. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/**
 * The processes of `mode` on `env` (federation on, loopback remote servers allowed), sharing one PUBLIC_URL;
 * `workers` consumers per consuming process. Returns { urls, publicUrl, memory(), output(), stop() }.
 */
export async function startFederationProcesses(mode, env, workers) {
  const shape = FEDERATION_MODES[mode];
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const federationEnv = {
    FEDERATION: 'on',
    FEDERATION_ALLOW_HTTP: 'true',
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    PUBLIC_URL: publicUrl,
    FEDERATION_WORKERS: shape.workerProcesses > 0 ? '0' : workers,
  };
  const servers = await startServerProcesses(env, shape.servers, {
    extraEnv: federationEnv,
    nodeArgs: profile,
  });
  const workerProcesses = Array.from({ length: shape.workerProcesses }, () =>
    startWorkerProcess({ ...env, ...federationEnv, FEDERATION_WORKERS: workers }, profile),
  );
  if (workerProcesses.length > 0) await pause(3_000);
  const all = [...servers, ...workerProcesses];
  return {
    urls: servers.map((server) => server.url),
    publicUrl,
    describe:
      `${shape.servers} server process(es)` +
      (shape.workerProcesses ? ` + ${shape.workerProcesses} worker process(es)` : '') +
      `, ${workers} queue consumer(s) each`,
    /** each process's memory: "server 1: 180 MB (peak 240 MB), …" */
    memory: () =>
      all
        .map((entry, index) => {
          const { rss, peak } = memoryOf(entry.child.pid);
          const name =
            index < servers.length ? `server ${index + 1}` : `worker ${index - servers.length + 1}`;
          return `${name} ${rss.toFixed(0)} MB (peak ${peak.toFixed(0)} MB)`;
        })
        .join(', '),
    /** CPU time (ms) all the processes used so far: on a shared machine, what the work cost */
    cpuMs: () => all.reduce((sum, entry) => sum + processCpuMs(entry.child.pid), 0),
    output: () => all.flatMap((entry) => entry.output).join(''),
    stop: () => Promise.all(all.map((entry) => entry.stop())),
  };
}
