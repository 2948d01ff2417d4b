import type { FastifyInstance } from 'fastify';
import { databaseOutage, isDatabaseUnavailable } from '../db/unavailable.js';

/**
 * Runs `task` every `everyMs` while the app is up: starts when it is ready, never keeps the process alive,
 * never overlaps itself, and, when the app closes, stops and waits for a run under way. Failures are logged
 * (a lost database once per outage, not once per run).
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) =>
        isDatabaseUnavailable(error)
          ? databaseOutage.failed(error)
          : app.log.warn({ err: error }, `${name} failed`),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
