import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../auth/viewer.js';
import { scopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import {
  generateReport,
  markReportRead,
  oneReport,
  reportState,
  unreadReports,
  wrapReports,
} from './service.js';

const yearParams = z.object({ year: z.string() });

/** The year in the path; anything that is not one answers 404, as Mastodon finds no report for it. */
function yearOf(params: unknown): number {
  const { year } = yearParams.parse(params);
  if (!/^\d{4}$/.test(year)) throw notFound();
  return Number(year);
}

/** Mastodon's annual reports ("Wrapstodon"): GET /api/v1/annual_reports and the per-year endpoints. */
export async function registerAnnualReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/annual_reports', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    return wrapReports(ctx, viewer, await unreadReports(ctx, viewer));
  });

  app.get('/api/v1/annual_reports/:year', scopes('read:accounts'), async (request) => {
    const viewer = requireAccount(request);
    return wrapReports(ctx, viewer, await oneReport(ctx, viewer, yearOf(request.params)));
  });

  app.get('/api/v1/annual_reports/:year/state', scopes('read:accounts'), async (request) => ({
    state: await reportState(ctx, requireAccount(request), yearOf(request.params)),
  }));

  app.post('/api/v1/annual_reports/:year/generate', scopes('write:accounts'), async (request) => {
    await generateReport(ctx, requireAccount(request), yearOf(request.params));
    return {};
  });

  app.post('/api/v1/annual_reports/:year/read', scopes('write:accounts'), async (request) => {
    await markReportRead(ctx, requireAccount(request), yearOf(request.params));
    return {};
  });
}
