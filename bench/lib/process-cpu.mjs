// CPU time of processes from /proc (Linux): what a load cost the server and the browser besides the page's own
// main thread. On two shared cores every millisecond here is one the page's main thread may wait for.
import fs from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** A process's CPU time so far (user and system), in milliseconds. */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The process and all its descendants, by parent id. */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(entry)[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop();
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** CPU time so far of every Chromium process this Node process launched (browser, GPU, network, renderers). */
export function browserCpuMs() {
  let total = 0;
  for (const pid of processTree(process.pid)) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'chromium') total += processCpuMs(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}
