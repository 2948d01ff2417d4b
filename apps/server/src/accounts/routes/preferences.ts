import type { FastifyInstance } from 'fastify';
import type { UserPreferences } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { scopes } from '../../auth/route-scopes.js';
import { loadPostingDefaults } from '../posting-defaults.js';
import { loadUserSettings } from '../../web/user-settings.js';

/**
 * GET /api/v1/preferences: the posting defaults the account saved, and the reading settings it chose in the web
 * client's preferences (media display, expanded content warnings, autoplaying GIFs), as Mastodon shares them.
 */
export async function registerPreferencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/preferences', scopes('read:accounts'), async (request): Promise<UserPreferences> => {
    const viewer = requireAccount(request);
    const [defaults, settings] = await Promise.all([
      loadPostingDefaults(ctx.db, viewer.id),
      loadUserSettings(ctx.db, viewer.id),
    ]);
    return {
      'posting:default:visibility': defaults.privacy,
      'posting:default:sensitive': defaults.sensitive,
      'posting:default:language': defaults.language,
      'reading:expand:media': settings.displayMedia,
      'reading:expand:spoilers': settings.expandSpoilers,
      'reading:autoplay:gifs': settings.autoplayGifs,
    };
  });
}
