import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { announceEndedPolls } from './service.js';

/**
 * Announces ended polls every few seconds (POLL_SWEEP_MS), so "poll ended" notifications are streamed when
 * polls expire rather than when someone next reads their notifications. Starts with the server, never keeps
 * the process alive, and stops (waiting for a sweep under way) when the server closes.
 */
export function startPollSweep(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = announceEndedPolls(ctx)
      .catch((error: unknown) => app.log.warn({ err: error }, 'poll sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, ctx.config.pollSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
