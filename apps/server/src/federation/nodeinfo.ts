import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { INSTANCE_VERSION, PALCHAT_VERSION } from '../instance/limits.js';
import { instanceCounts } from '../instance/counts.js';
import { getServerSettings } from '../settings/service.js';
import { announcedSourceUrl } from '../instance/source-code.js';
import { NODEINFO_CHAT_METADATA } from './chat/vocabulary.js';
import { NODEINFO_E2EE_METADATA } from './e2ee/vocabulary.js';

export const NODEINFO_VERSIONS = ['2.0', '2.1'] as const;
export type NodeInfoVersion = (typeof NODEINFO_VERSIONS)[number];

const schemaOf = (version: NodeInfoVersion) => `http://nodeinfo.diaspora.software/ns/schema/${version}`;

/** The Mastodon version whose API Palchat serves (the `4.5.0` of GET /api/v1/instance's version). */
const MASTODON_COMPATIBLE_VERSION = INSTANCE_VERSION.split(' ', 1)[0]!;

/**
 * The NodeInfo document of `version`: software palchat, ActivityPub when federation is on (none when it is off),
 * usage as Mastodon counts it, and in metadata the node's name and description, the API it serves (`upstream`:
 * Mastodon's, which is what megalodon's detector and other clients read to choose their API flavour), and what
 * Palchat servers offer each other (the chat vocabulary, encrypted chats: the MLS draft). Schema 2.0 has no
 * software repository or homepage.
 */
export async function nodeInfoDocument(ctx: AppContext, version: NodeInfoVersion) {
  const [settings, counts] = await Promise.all([getServerSettings(ctx.db), instanceCounts(ctx)]);
  const repository =
    version === '2.1' ? { repository: announcedSourceUrl(settings.source_url, ctx.config.publicUrl) } : {};
  return {
    version,
    software: { name: 'palchat', version: PALCHAT_VERSION, ...repository },
    protocols: ctx.config.federation.enabled ? ['activitypub'] : [],
    services: { inbound: [], outbound: [] },
    openRegistrations: settings.registrations_mode === 'open',
    usage: {
      users: { total: counts.users, activeMonth: counts.activeMonth, activeHalfyear: counts.activeHalfyear },
      localPosts: counts.statuses,
      localComments: 0,
    },
    metadata: {
      nodeName: settings.site_title,
      nodeDescription: settings.site_short_description || settings.site_description,
      upstream: { name: 'mastodon', version: MASTODON_COMPATIBLE_VERSION },
      palchat: { ...NODEINFO_CHAT_METADATA, e2ee: NODEINFO_E2EE_METADATA },
    },
  };
}

/**
 * NodeInfo, whether federation is on or not (apps find out what a server is by it): `/.well-known/nodeinfo`
 * links schemas 2.0 (what Mastodon links, and Mastodon.py reads by default) and 2.1, each served at
 * `/nodeinfo/VERSION` with the content type the NodeInfo protocol names. Readable from any origin.
 */
export function registerNodeInfo(app: FastifyInstance, ctx: AppContext): void {
  const base = ctx.config.publicUrl;
  app.get('/.well-known/nodeinfo', publicRoute, async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8')
      .send({
        links: NODEINFO_VERSIONS.map((version) => ({
          rel: schemaOf(version),
          href: `${base}/nodeinfo/${version}`,
        })),
      }),
  );
  for (const version of NODEINFO_VERSIONS) {
    app.get(`/nodeinfo/${version}`, publicRoute, async (_request, reply) =>
      reply
        .header('access-control-allow-origin', '*')
        .type(`application/json; profile="${schemaOf(version)}#"`)
        .send(await nodeInfoDocument(ctx, version)),
    );
  }
}
