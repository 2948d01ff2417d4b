import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { policyValueSchema, type NotificationRequest } from '@palchat/api';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { serializeAccount } from '../../accounts/serializer.js';
import { notFound } from '../../http/errors.js';
import { isId, storedId } from '../../lib/ids.js';
import { serializeStatuses } from '../../statuses/serializer.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader } from '../../timelines/pagination.js';
import { announceEndedPolls } from '../../polls/service.js';
import { loadPolicy, savePolicy } from '../policy.js';
import { serializeNotifications } from '../serializer.js';
import {
  acceptFilteredSenders,
  clearNotifications,
  deleteNotification,
  dismissFilteredSenders,
  filteredNotificationGroups,
  filteredSendersAmong,
  filteredSummary,
  findFilteredSender,
  findNotification,
  statusesOfNotifications,
} from '../store.js';
import { findAccountsByIds } from '../../accounts/store.js';
import { countUnreadNotifications } from '../unread.js';
import { listParam, notificationListQuery, parseNotificationSelection } from '../list-query.js';
import { scopes } from '../../auth/route-scopes.js';
import { looseBoolean } from '../../statuses/schema.js';

const idParams = z.object({ id: z.string() });

async function findRequestAccount(ctx: AppContext, viewer: AccountRow, id: string): Promise<AccountRow> {
  const account = isId(id) ? await findFilteredSender(ctx.db, viewer.id, storedId(id)) : undefined;
  if (!account) throw notFound();
  return account;
}

/**
 * Notifications held back by filters, one request per sending account (the request id is the account id).
 */
async function notificationRequests(
  ctx: AppContext,
  viewer: AccountRow,
  accountId?: string,
): Promise<NotificationRequest[]> {
  const groups = await filteredNotificationGroups(ctx.db, viewer.id, accountId);
  if (groups.length === 0) return [];
  const accounts = await findAccountsByIds(
    ctx.db,
    groups.map((group) => group.from_account_id),
  );
  const lastStatusRows = await statusesOfNotifications(
    ctx.db,
    groups.map((group) => group.last_id),
  );
  const statuses = await serializeStatuses(ctx, lastStatusRows, viewer);
  const accountById = new Map(accounts.map((row) => [row.id, serializeAccount(ctx, row)]));
  return groups.flatMap((group) => {
    const account = accountById.get(group.from_account_id);
    if (!account) return [];
    const lastStatus = statuses.find((status) => status.account.id === group.from_account_id) ?? null;
    return [
      {
        id: group.from_account_id,
        created_at: String(group.first_at),
        updated_at: String(group.last_at),
        account,
        notifications_count: String(group.count),
        last_status: lastStatus,
      },
    ];
  });
}

export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(40, 80);

  app.get('/api/v1/notifications', scopes('read:notifications'), async (request, reply) => {
    const viewer = requireAccount(request);
    await announceEndedPolls(ctx);
    const query = page.parse(request.query);
    const base = notificationListQuery(ctx.db, viewer.id, parseNotificationSelection(request.query));
    const rows = newestFirst(await paginateQuery(base, 'notifications.id', query).execute(), query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return serializeNotifications(ctx, rows, viewer);
  });

  /** Unread = newer than the notifications marker and shown by the list (Mastodon caps the count at `limit`). */
  app.get('/api/v1/notifications/unread_count', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    await announceEndedPolls(ctx);
    const { limit } = z
      .object({ limit: z.coerce.number().int().min(1).max(1000).default(100) })
      .parse(request.query);
    return { count: await countUnreadNotifications(ctx, viewer, limit) };
  });

  app.get('/api/v1/notifications/requests', scopes('read:notifications'), async (request) => {
    return notificationRequests(ctx, requireAccount(request));
  });

  // Requests are computed from the notifications themselves: there is never a merge left to wait for.
  app.get('/api/v1/notifications/requests/merged', scopes('read:notifications'), async (request) => {
    requireAccount(request);
    return { merged: true };
  });

  app.get('/api/v1/notifications/requests/:id', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const account = await findRequestAccount(ctx, viewer, id);
    const [found] = await notificationRequests(ctx, viewer, account.id);
    if (!found) throw notFound();
    return found;
  });

  /** The senders among `ids` (request ids are account ids) whose notifications are held back for the viewer. */
  async function requestSenders(viewer: AccountRow, ids: readonly string[]): Promise<string[]> {
    const wanted = ids.filter(isId).map((id) => storedId(id));
    if (wanted.length === 0) return [];
    return filteredSendersAmong(ctx.db, viewer.id, wanted);
  }

  const answerRequests: Record<
    'accept' | 'dismiss',
    (viewer: AccountRow, senders: string[]) => Promise<void>
  > = {
    // held-back notifications join the list, and later ones skip the policy (Mastodon's NotificationPermission)
    accept: (viewer, senders) => acceptFilteredSenders(ctx.db, viewer.id, senders),
    dismiss: (viewer, senders) => dismissFilteredSenders(ctx.db, viewer.id, senders),
  };

  for (const [action, answer] of Object.entries(answerRequests)) {
    app.post(
      `/api/v1/notifications/requests/:id/${action}`,
      scopes('write:notifications'),
      async (request) => {
        const viewer = requireAccount(request);
        const { id } = idParams.parse(request.params);
        const senders = await requestSenders(viewer, [id]);
        if (senders.length === 0) throw notFound();
        await answer(viewer, senders);
        return {};
      },
    );
    // the bulk form: `id[]` in the body; ids that are not pending requests are ignored
    app.post(`/api/v1/notifications/requests/${action}`, scopes('write:notifications'), async (request) => {
      const viewer = requireAccount(request);
      const senders = await requestSenders(viewer, listParam(request.body, 'id'));
      if (senders.length > 0) await answer(viewer, senders);
      return {};
    });
  }

  const policyBody = z
    .object({
      for_not_following: policyValueSchema.optional(),
      for_not_followers: policyValueSchema.optional(),
      for_new_accounts: policyValueSchema.optional(),
      for_private_mentions: policyValueSchema.optional(),
      for_limited_accounts: policyValueSchema.optional(),
    })
    .default({});

  const renderPolicy = async (viewer: AccountRow) => {
    const [policy, summary] = await Promise.all([
      loadPolicy(ctx.db, viewer.id),
      filteredSummary(ctx.db, viewer.id),
    ]);
    return {
      ...policy,
      summary: {
        pending_requests_count: Number(summary.requests),
        pending_notifications_count: Number(summary.notifications),
      },
    };
  };

  app.get('/api/v2/notifications/policy', scopes('read:notifications'), async (request) =>
    renderPolicy(requireAccount(request)),
  );

  // Mastodon routes both PUT and PATCH here; either updates only the fields that are sent
  const updatePolicy = async (request: FastifyRequest) => {
    const viewer = requireAccount(request);
    const patch = policyBody.parse(request.body ?? {});
    await savePolicy(
      ctx.db,
      viewer.id,
      Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    );
    return renderPolicy(viewer);
  };
  app.patch('/api/v2/notifications/policy', scopes('write:notifications'), updatePolicy);
  app.put('/api/v2/notifications/policy', scopes('write:notifications'), updatePolicy);

  // Mastodon 4.3's first form of the policy, kept for older apps: a boolean per kind of sender (true: filtered,
  // which a v2 `drop` also is; false: accepted), over the same stored policy
  const V1_POLICY_FIELDS = {
    filter_not_following: 'for_not_following',
    filter_not_followers: 'for_not_followers',
    filter_new_accounts: 'for_new_accounts',
    filter_private_mentions: 'for_private_mentions',
  } as const;
  const renderPolicyV1 = async (viewer: AccountRow) => {
    const { summary, ...policy } = await renderPolicy(viewer);
    return {
      ...Object.fromEntries(
        Object.entries(V1_POLICY_FIELDS).map(([v1, v2]) => [v1, policy[v2] !== 'accept']),
      ),
      summary,
    };
  };
  const policyBodyV1 = z
    .object(Object.fromEntries(Object.keys(V1_POLICY_FIELDS).map((v1) => [v1, looseBoolean.optional()])))
    .default({});
  app.get('/api/v1/notifications/policy', scopes('read:notifications'), async (request) =>
    renderPolicyV1(requireAccount(request)),
  );
  app.patch('/api/v1/notifications/policy', scopes('write:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const patch = policyBodyV1.parse(request.body ?? {});
    const changes = Object.entries(V1_POLICY_FIELDS).flatMap(([v1, v2]) =>
      patch[v1] === undefined ? [] : [[v2, patch[v1] ? 'filter' : 'accept'] as const],
    );
    await savePolicy(ctx.db, viewer.id, Object.fromEntries(changes));
    return renderPolicyV1(viewer);
  });

  app.post('/api/v1/notifications/clear', scopes('write:notifications'), async (request) => {
    const viewer = requireAccount(request);
    await clearNotifications(ctx.db, viewer.id);
    return {};
  });

  app.get('/api/v1/notifications/:id', scopes('read:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const row = isId(id) ? await findNotification(ctx.db, viewer.id, storedId(id)) : undefined;
    const [notification] = row ? await serializeNotifications(ctx, [row], viewer) : [];
    if (!notification) throw notFound();
    return notification;
  });

  app.post('/api/v1/notifications/:id/dismiss', scopes('write:notifications'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const removed = isId(id) && (await deleteNotification(ctx.db, viewer.id, storedId(id)));
    if (!removed) throw notFound();
    return {};
  });
}
