import type { FastifyInstance } from 'fastify';
import { requireAccount, requireBearerAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { requireMembership } from '../access.js';
import {
  getConversationSettings,
  getPreferences,
  updateConversationSettings,
  updatePreferences,
} from '../preferences.js';
import { idParamsSchema, preferencesPatchSchema, settingsPatchSchema } from '../schema.js';
import { publishConversationUpdated } from '../events.js';

export function registerPreferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/friend_messages/preferences', async (request) => {
    const viewer = requireAccount(request);
    return getPreferences(ctx.db, viewer.id);
  });

  app.patch('/api/v1/friend_messages/preferences', async (request) => {
    const viewer = requireAccount(request);
    const patch = preferencesPatchSchema.parse(request.body ?? {});
    return updatePreferences(ctx.db, viewer.id, patch);
  });

  app.get('/api/v1/friend_messages/conversations/:id/settings', async (request) => {
    const viewer = requireBearerAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { participant } = await requireMembership(ctx.db, id, viewer.id);
    return getConversationSettings(ctx.db, viewer.id, participant);
  });

  app.patch('/api/v1/friend_messages/conversations/:id/settings', async (request) => {
    const viewer = requireBearerAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const patch = settingsPatchSchema.parse(request.body ?? {});
    await requireMembership(ctx.db, id, viewer.id);
    const settings = await updateConversationSettings(ctx.db, viewer.id, id, patch);
    await publishConversationUpdated(ctx, [viewer.id], id);
    return settings;
  });
}
