import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../context.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import { instanceCounts } from '../instance/counts.js';
import { getServerSettings } from '../settings/service.js';
import { NODEINFO_CHAT_METADATA } from './chat/vocabulary.js';

/**
 * NodeInfo 2.1 at /nodeinfo/2.1, found through /.well-known/nodeinfo: software palchat, ActivityPub, usage as
 * Mastodon counts it, and in metadata what Palchat servers offer each other (the chat vocabulary).
 */
export function registerNodeInfo(federation: Federation<AppContext>): void {
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (context) => {
    const ctx = context.data;
    const [settings, counts] = await Promise.all([getServerSettings(ctx.db), instanceCounts(ctx)]);
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
        users: {
          total: counts.users,
          activeMonth: counts.activeMonth,
          activeHalfyear: counts.activeHalfyear,
        },
        localPosts: counts.statuses,
        localComments: 0,
      },
      metadata: {
        nodeName: settings.site_title,
        nodeDescription: settings.site_short_description || settings.site_description,
        palchat: NODEINFO_CHAT_METADATA,
      },
    };
  });
}
