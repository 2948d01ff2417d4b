import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { isDate, readDocument, readTerms } from './service.js';
import { instanceSources } from '../instance/sources.js';
import { publicRoute } from '../auth/route-scopes.js';

/** What /about, /privacy-policy and /terms-of-service/:date? show; public, no sign-in needed. */
export async function registerInstanceContentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/instance/rules', publicRoute, async () => (await instanceSources(ctx)).rules);

  app.get('/api/v1/instance/extended_description', publicRoute, async () =>
    readDocument(ctx.db, 'extended_description', ctx.config.publicUrl),
  );

  app.get('/api/v1/instance/privacy_policy', publicRoute, async () =>
    readDocument(ctx.db, 'privacy_policy', ctx.config.publicUrl),
  );

  app.get('/api/v1/instance/terms_of_service', publicRoute, async () => {
    const terms = await readTerms(ctx.db, ctx.config.publicUrl);
    if (!terms) throw notFound();
    return terms;
  });

  app.get('/api/v1/instance/terms_of_service/:date', publicRoute, async (request) => {
    const { date } = z
      .object({ date: z.string().refine(isDate, 'must be a date (YYYY-MM-DD)') })
      .parse(request.params);
    const terms = await readTerms(ctx.db, ctx.config.publicUrl, date);
    if (!terms) throw notFound();
    return terms;
  });
}
