import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { pageOfAccounts } from './account-page.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader } from '../timelines/pagination.js';
import { nowIso } from '../lib/time.js';
import { scopes } from '../auth/route-scopes.js';

/** The viewer's blocks, mutes and domain blocks, newest first (writes come with the social-core issue). */
export async function accountGraphRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(40, 80);

  for (const table of ['blocks', 'mutes'] as const) {
    app.get(`/api/v1/${table}`, scopes('follow', `read:${table}`), async (request, reply) => {
      const viewer = requireAccount(request);
      const query = page.parse(request.query);
      let base = ctx.db
        .selectFrom(table)
        .innerJoin('accounts', 'accounts.id', `${table}.target_account_id`)
        .selectAll('accounts')
        .select(`${table}.id as cursor`)
        .where(`${table}.account_id`, '=', viewer.id);
      if (table === 'mutes') {
        const now = nowIso();
        base = base.where((eb) =>
          eb.or([eb('mutes.expires_at', 'is', null), eb('mutes.expires_at', '>', now)]),
        );
      }
      return pageOfAccounts(ctx, request, reply, base, `${table}.id`, query);
    });
  }

  app.get('/api/v1/domain_blocks', scopes('follow', 'read:blocks'), async (request, reply) => {
    const viewer = requireAccount(request);
    const query = page.parse(request.query);
    const rows = newestFirst(
      await paginateQuery(
        ctx.db.selectFrom('domain_blocks').select(['id', 'domain']).where('account_id', '=', viewer.id),
        'domain_blocks.id',
        query,
      ).execute(),
      query,
    );
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return rows.map((row) => row.domain);
  });
}
