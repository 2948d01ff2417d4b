import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { findVisiblePoll, renderPoll, vote } from './service.js';
import { startPollSweep } from './sweep.js';
import { scopes } from '../auth/route-scopes.js';

const idParams = z.object({ id: z.string() });

function choicesOf(body: unknown): unknown {
  const record = (body ?? {}) as Record<string, unknown>;
  const raw = record.choices ?? record['choices[]'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** GET /api/v1/polls/:id and POST /api/v1/polls/:id/votes; ended polls are announced periodically. */
export async function registerPollRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  startPollSweep(app, ctx);
  app.get('/api/v1/polls/:id', scopes('read:statuses'), async (request) => {
    const viewer = request.viewer?.account ? requireAccount(request) : null;
    const { id } = idParams.parse(request.params);
    return renderPoll(ctx, await findVisiblePoll(ctx, viewer, id), viewer);
  });

  app.post('/api/v1/polls/:id/votes', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const choices = z.array(z.coerce.number().int()).max(10).parse(choicesOf(request.body));
    const poll = await findVisiblePoll(ctx, viewer, id);
    await vote(ctx, viewer, poll, choices);
    return renderPoll(ctx, poll, viewer);
  });
}
