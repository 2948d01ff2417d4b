import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FamiliarFollowers } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import { findAccountOr404 } from '../lookup.js';
import {
  blockAccount,
  blockDomainForAccount,
  muteAccount,
  normalizeDomain,
  unblockAccount,
  unmuteAccount,
} from '../safety.js';
import { idsFromQuery } from '../schema.js';
import { serializeAccount } from '../serializer.js';
import { scopes } from '../../auth/route-scopes.js';
import { deleteDomainBlock } from '../../relationships/store.js';
import { familiarFollowersOf } from '../../relationships/listings.js';

const idParams = z.object({ id: z.string() });
const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  return ['true', '1', 'on'].includes(value.toLowerCase());
}, z.boolean());
const muteBody = z
  .object({
    notifications: formBoolean.default(true),
    duration: z.coerce
      .number()
      .int()
      .min(0)
      .max(31_536_000 * 10)
      .default(0),
  })
  .default({ notifications: true, duration: 0 });
const domainBody = z.object({ domain: z.string().min(1).max(253) });

/** Blocks, mutes, domain blocks and familiar followers. */
export async function registerAccountSafetyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/accounts/:id/block', scopes('follow', 'write:blocks'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return blockAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
  });

  app.post('/api/v1/accounts/:id/unblock', scopes('follow', 'write:blocks'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return unblockAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
  });

  app.post('/api/v1/accounts/:id/mute', scopes('follow', 'write:mutes'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const options = muteBody.parse(request.body ?? {});
    return muteAccount(ctx, viewer, await findAccountOr404(ctx.db, id), options);
  });

  app.post('/api/v1/accounts/:id/unmute', scopes('follow', 'write:mutes'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return unmuteAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
  });

  app.get(
    '/api/v1/accounts/familiar_followers',
    scopes('read:follows'),
    async (request): Promise<FamiliarFollowers[]> => {
      const viewer = requireAccount(request);
      const ids = idsFromQuery(request.query);
      if (ids.length === 0) return [];
      const rows = await familiarFollowersOf(ctx.db, viewer.id, ids);
      return ids.map((id) => ({
        id,
        accounts: rows
          .filter((row) => row.familiar_of === id)
          .slice(0, 40)
          .map(({ familiar_of: _of, ...row }) => serializeAccount(ctx, row)),
      }));
    },
  );

  app.post('/api/v1/domain_blocks', scopes('follow', 'write:blocks'), async (request) => {
    const viewer = requireAccount(request);
    const { domain: raw } = domainBody.parse(request.body ?? {});
    const domain = normalizeDomain(raw);
    if (!domain) throw unprocessable('accounts.domain_invalid', 'invalid_domain');
    if (domain === ctx.config.localDomain.toLowerCase())
      throw unprocessable('accounts.own_domain', 'own_domain');
    await blockDomainForAccount(ctx, viewer, domain);
    return {};
  });

  app.delete('/api/v1/domain_blocks', scopes('follow', 'write:blocks'), async (request) => {
    const viewer = requireAccount(request);
    const body = { ...(request.query ?? {}), ...(request.body ?? {}) };
    const { domain: raw } = domainBody.parse(body);
    const domain = normalizeDomain(raw);
    if (!domain) throw unprocessable('accounts.domain_invalid', 'invalid_domain');
    await deleteDomainBlock(ctx.db, viewer.id, domain);
    return {};
  });
}
