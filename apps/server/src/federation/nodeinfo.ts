import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../context.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import { countActiveUsers, countMonthlyActiveUsers, countUsersAndStatuses } from '../instance/service.js';
import { getServerSettings } from '../settings/service.js';

const HALF_YEAR_DAYS = 180;

/**
 * NodeInfo 2.1 at /nodeinfo/2.1, found through /.well-known/nodeinfo: software palchat, ActivityPub, usage as
 * Mastodon counts it, and in metadata what Palchat servers offer each other (the chat vocabulary).
 */
export function registerNodeInfo(federation: Federation<AppContext>): void {
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (context) => {
    const ctx = context.data;
    const [settings, totals, activeMonth, activeHalfyear] = await Promise.all([
      getServerSettings(ctx.db),
      countUsersAndStatuses(ctx),
      countMonthlyActiveUsers(ctx),
      countActiveUsers(ctx, HALF_YEAR_DAYS),
    ]);
    return {
      software: {
        name: 'palchat',
        version: PALCHAT_VERSION,
        ...(settings.source_url ? { repository: new URL(settings.source_url) } : {}),
      },
      protocols: ['activitypub'],
      services: { inbound: [], outbound: [] },
      openRegistrations: settings.registrations_mode === 'open',
      usage: {
        users: { total: totals.users, activeMonth, activeHalfyear },
        localPosts: totals.statuses,
        localComments: 0,
      },
      metadata: {
        nodeName: settings.site_title,
        nodeDescription: settings.site_short_description || settings.site_description,
        palchat: { chat: true },
      },
    };
  });
}
