// Reads the event-loop delay of a server process started with bench/lib/loop-monitor.mjs preloaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pause } from './deployment.mjs';

export const LOOP_MONITOR = path.join(import.meta.dirname, 'loop-monitor.mjs');

/** Options for startServerProcess that preload the monitor, and the function that reads (and resets) it. */
export function eventLoopProbe() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-loop-')), 'loop.json');
  return {
    serverOptions: { nodeArgs: ['--import', LOOP_MONITOR], extraEnv: { BENCH_LOOP_REPORT: file } },
    /** The delay figures (ms) since the previous call; the first call only starts the count. */
    async read(server) {
      fs.rmSync(file, { force: true });
      server.child.kill('SIGUSR2');
      for (let tries = 0; tries < 100 && !fs.existsSync(file); tries += 1) await pause(20);
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    },
  };
}
