import type { FastifyInstance } from 'fastify';
import type { UserPreferences } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { scopes } from '../auth/route-scopes.js';
import { loadPostingDefaults } from './posting-defaults.js';

/**
 * GET /api/v1/preferences: the posting defaults the account saved; media and spoilers follow the default
 * reading rules (this server has no reading preferences to change them).
 */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/preferences', scopes('read:accounts'), async (request): Promise<UserPreferences> => {
    const viewer = requireAccount(request);
    const defaults = await loadPostingDefaults(ctx.db, viewer.id);
    return {
      'posting:default:visibility': defaults.privacy,
      'posting:default:sensitive': defaults.sensitive,
      'posting:default:language': defaults.language,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });
}
