import { describe, expect, it } from 'vitest';
import { HostSlots } from './host-slots.js';

/** A task that runs until `finish()` is called, noting when it started. */
function pendingTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

describe('HostSlots', () => {
  it('runs at most perHost tasks for one host, the next when one ends, and names the busy hosts', async () => {
    const slots = new HostSlots(2);
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'a3'].map((name) => pendingTask(started, name));
    const runs = tasks.map((entry) => slots.run('a.example', entry.task));
    await Promise.resolve();
    expect(started).toEqual(['a1', 'a2']);
    expect(slots.running).toBe(2);
    expect(slots.busyHosts()).toEqual(['a.example']);
    tasks[0]!.finish();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    tasks[1]!.finish();
    tasks[2]!.finish();
    await Promise.all(runs);
    expect(slots.running).toBe(0);
    expect(slots.busyHosts()).toEqual([]);
  });

  it('lets tasks for other hosts, and tasks without a host, run while a host is stuck', async () => {
    const slots = new HostSlots(1);
    const started: string[] = [];
    const stuck = pendingTask(started, 'dead');
    const waiting = pendingTask(started, 'dead again');
    const stuckRun = slots.run('dead.example', stuck.task);
    const waitingRun = slots.run('dead.example', waiting.task);
    const others = await Promise.all([
      slots.run('alive.example', async () => void started.push('alive')),
      slots.run(null, async () => void started.push('inbox')),
    ]);
    expect(others).toHaveLength(2);
    expect(started).toEqual(['dead', 'alive', 'inbox']);
    // the task waiting for its host does not count as running
    expect(slots.running).toBe(1);
    stuck.finish();
    waiting.finish();
    await Promise.all([stuckRun, waitingRun]);
    expect(started.at(-1)).toBe('dead again');
  });

  it('tells its listeners each time a task ended, failed ones included', async () => {
    const slots = new HostSlots(4);
    let settled = 0;
    const stop = slots.onSettled(() => (settled += 1));
    await slots.run('a.example', async () => undefined);
    await slots.run('a.example', () => Promise.reject(new Error('refused')));
    stop();
    await slots.run('a.example', async () => undefined);
    expect(settled).toBe(2);
  });
});
