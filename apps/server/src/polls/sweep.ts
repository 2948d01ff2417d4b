import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runPeriodically } from '../lib/periodic.js';
import { announceEndedPolls } from './service.js';

/**
 * Announces ended polls every few seconds (POLL_SWEEP_MS), so "poll ended" notifications are streamed when
 * polls expire rather than when someone next reads their notifications.
 */
export function startPollSweep(app: FastifyInstance, ctx: AppContext): void {
  runPeriodically(app, 'poll sweep', ctx.config.pollSweepMs, () => announceEndedPolls(ctx));
}
