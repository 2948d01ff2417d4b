import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicRoute, scopes } from '../auth/route-scopes.js';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { baseLanguage, translateStatus, translationLanguages, viewerLanguage } from './service.js';

const translateBody = z
  .object({
    lang: z
      .string()
      .regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})?$/, 'is not a language code')
      .optional(),
  })
  .default({});

/** Machine translation of statuses (Mastodon 4), through the LibreTranslate-compatible service configured. */
export async function registerTranslationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/statuses/:id/translate', scopes('read:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = z.object({ id: z.string() }).parse(request.params);
    const { lang } = translateBody.parse(request.body ?? {});
    const target = lang ? baseLanguage(lang) : await viewerLanguage(ctx, viewer);
    return translateStatus(ctx, viewer, id, target);
  });

  app.get('/api/v1/instance/translation_languages', publicRoute, async () => translationLanguages(ctx));
}
