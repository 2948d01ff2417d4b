import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicRoute } from '../auth/route-scopes.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { CollectionsTable } from '../db/schema.js';
import { accountUri } from '../accounts/serializer.js';
import { collectionUri, collectionUrl } from '../collections/serializer.js';
import { withTerms } from './chat/vocabulary.js';
import { toWebRequest } from './bridge.js';
import { fetchAuthorized } from './fetch-authorization.js';
import { runtimeOf } from './runtime.js';

type JsonObject = Record<string, unknown>;

const TOOT = 'http://joinmastodon.org/ns#';
const ACTIVITY_JSON = 'application/activity+json; charset=utf-8';

/**
 * The terms of Mastodon 4.6's Collections (docs/FEDERATION.md, "Collections"): the `FeaturedCollection` object,
 * its `FeaturedItem`s, the actor's `featuredCollections`, and who may feature the actor
 * (`interactionPolicy.canFeature`, in GoToSocial's interaction-policy vocabulary as Mastodon writes it).
 */
export const COLLECTION_TERMS = {
  toot: TOOT,
  gts: 'https://gotosocial.org/ns#',
  sensitive: 'as:sensitive',
  discoverable: 'toot:discoverable',
  FeaturedCollection: 'toot:FeaturedCollection',
  FeaturedItem: 'toot:FeaturedItem',
  featuredCollections: { '@id': 'toot:featuredCollections', '@type': '@id' },
  featuredObject: { '@id': 'toot:featuredObject', '@type': '@id' },
  featuredObjectType: 'toot:featuredObjectType',
  topic: 'toot:topic',
  interactionPolicy: { '@id': 'gts:interactionPolicy', '@type': '@id' },
  canFeature: { '@id': 'gts:canFeature', '@type': '@id' },
  automaticApproval: { '@id': 'gts:automaticApproval', '@type': '@id' },
} as const;

/** An actor's `featuredCollections`: the list of the FeaturedCollections it curates. */
export const featuredCollectionsUri = (ctx: AppContext, curator: AccountRow): string =>
  `${accountUri(ctx, curator)}/featured_collections`;

/**
 * Who may feature a local actor automatically, as Mastodon's actor serializer says it: nobody but itself when it
 * is not discoverable, its followers when it is locked, anybody otherwise.
 */
function canFeature(ctx: AppContext, account: AccountRow): string {
  const uri = accountUri(ctx, account);
  if (!account.discoverable) return uri;
  return account.locked ? `${uri}/followers` : 'https://www.w3.org/ns/activitystreams#Public';
}

/** The actor's terms of this vocabulary, added to its document (localActor). */
export function actorCollectionTerms(ctx: AppContext, account: AccountRow): JsonObject {
  return {
    featuredCollections: featuredCollectionsUri(ctx, account),
    interactionPolicy: { canFeature: { automaticApproval: [canFeature(ctx, account)] } },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type JsonLdClass = abstract new (...args: any[]) => { toJsonLd(options?: object): Promise<unknown> };

const GTS = 'https://gotosocial.org/ns#';

/**
 * An actor class (Person, Service) whose JSON-LD also carries `featuredCollections` and
 * `interactionPolicy.canFeature`, which Fedify does not model; in the expanded form too, for signatures.
 */
export function withCollectionActorTerms<C extends JsonLdClass>(Base: C, values: JsonObject): C {
  const policy = values.interactionPolicy as { canFeature: { automaticApproval: string[] } };
  abstract class WithCollectionTerms extends Base {
    override async toJsonLd(options?: { format?: string }): Promise<unknown> {
      const json = await super.toJsonLd(options);
      if (options?.format === 'expand') {
        const [node] = json as JsonObject[];
        if (node) {
          node[`${TOOT}featuredCollections`] = [{ '@id': values.featuredCollections }];
          node[`${GTS}interactionPolicy`] = [
            {
              [`${GTS}canFeature`]: [
                {
                  [`${GTS}automaticApproval`]: policy.canFeature.automaticApproval.map((id) => ({
                    '@id': id,
                  })),
                },
              ],
            },
          ];
        }
        return json;
      }
      return withCollectionTerms(json as JsonObject, values);
    }
  }
  return WithCollectionTerms;
}

/** A JSON-LD document with its context and these terms. */
export const withCollectionTerms = (json: JsonObject, values: JsonObject): JsonObject =>
  withTerms(json, COLLECTION_TERMS, values);

/**
 * A local collection as Mastodon 4.6's `FeaturedCollection`: its accepted items as `FeaturedItem`s naming the
 * featured actors, the description as `summary` (`summaryMap` when the language is known), the hashtag as `topic`.
 */
export async function featuredCollectionOf(
  ctx: AppContext,
  curator: AccountRow,
  collection: CollectionsTable,
): Promise<JsonObject> {
  const id = collectionUri(ctx, curator, collection.id);
  const [items, tag] = await Promise.all([
    ctx.db
      .selectFrom('collection_items')
      .innerJoin('accounts', 'accounts.id', 'collection_items.account_id')
      .selectAll('accounts')
      .select('collection_items.id as item_id')
      .where('collection_items.collection_id', '=', collection.id)
      .where('collection_items.state', '=', 'accepted')
      .orderBy('collection_items.id')
      .execute(),
    collection.tag_id
      ? ctx.db
          .selectFrom('tags')
          .select(['name', 'name_lower'])
          .where('id', '=', collection.tag_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return withCollectionTerms(
    { '@context': 'https://www.w3.org/ns/activitystreams' },
    {
      id,
      type: 'FeaturedCollection',
      name: collection.name,
      ...(collection.language
        ? { summaryMap: { [collection.language]: collection.description } }
        : { summary: collection.description }),
      attributedTo: accountUri(ctx, curator),
      url: collectionUrl(ctx, collection.id),
      sensitive: collection.sensitive === 1,
      discoverable: collection.discoverable === 1,
      published: collection.created_at,
      updated: collection.updated_at,
      ...(tag
        ? {
            topic: {
              type: 'Hashtag',
              href: `${ctx.config.publicUrl}/tags/${encodeURIComponent(tag.name_lower)}`,
              name: `#${tag.name}`,
            },
          }
        : {}),
      totalItems: items.length,
      orderedItems: items.map((account) => ({
        id: `${id}/items/${account.item_id}`,
        type: 'FeaturedItem',
        featuredObject: accountUri(ctx, account),
        featuredObjectType: account.bot ? 'Service' : account.actor_type === 'Group' ? 'Group' : 'Person',
      })),
    },
  );
}

const wantsActivityJson = (accept: string | undefined): boolean =>
  /application\/(activity\+json|ld\+json)/.test(accept ?? '');

/** AUTHORIZED_FETCH: only a signed fetch gets the documents, as with every other object of ours. */
async function fetchAllowed(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !ctx.config.federation.authorizedFetch) return true;
  const context = runtime.federation.createContext(toWebRequest(request, ctx.config.publicUrl, null), ctx);
  return fetchAuthorized(context);
}

async function curatorByName(ctx: AppContext, username: string): Promise<AccountRow | undefined> {
  return ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .where('domain', 'is', null)
    .where('approved', '=', 1)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The ActivityPub documents of local collections: each `FeaturedCollection` at its id, and the actor's
 * `featuredCollections` list. A browser asking for a collection's id is sent to its page.
 */
export function registerFeaturedCollections(app: FastifyInstance, ctx: AppContext): void {
  app.get('/users/:username/collections/:id', publicRoute, async (request, reply) => {
    const { username, id } = request.params as { username: string; id: string };
    // featured, tags: Fedify's collections, answered before routing when asked for ActivityPub
    if (!/^\d{1,20}$/.test(id)) return reply.callNotFound();
    if (!wantsActivityJson(request.headers.accept)) return reply.redirect(`/collections/${id}`, 302);
    if (!(await fetchAllowed(ctx, request))) return reply.status(401).send({ error: 'Request not signed' });
    const curator = await curatorByName(ctx, username);
    const collection = curator
      ? await ctx.db
          .selectFrom('collections')
          .selectAll()
          .where('id', '=', id)
          .where('account_id', '=', curator.id)
          .executeTakeFirst()
      : undefined;
    if (!curator || !collection) return reply.status(404).send({ error: 'Record not found' });
    return reply.type(ACTIVITY_JSON).send(await featuredCollectionOf(ctx, curator, collection));
  });

  app.get('/users/:username/featured_collections', publicRoute, async (request, reply) => {
    const { username } = request.params as { username: string };
    if (!(await fetchAllowed(ctx, request))) return reply.status(401).send({ error: 'Request not signed' });
    const curator = await curatorByName(ctx, username);
    if (!curator) return reply.status(404).send({ error: 'Record not found' });
    const collections = await ctx.db
      .selectFrom('collections')
      .selectAll()
      .where('account_id', '=', curator.id)
      .orderBy('created_at', 'desc')
      .execute();
    const documents = await Promise.all(collections.map((each) => featuredCollectionOf(ctx, curator, each)));
    return reply.type(ACTIVITY_JSON).send(
      withCollectionTerms(
        { '@context': 'https://www.w3.org/ns/activitystreams' },
        {
          id: featuredCollectionsUri(ctx, curator),
          type: 'OrderedCollection',
          totalItems: documents.length,
          orderedItems: documents.map(({ '@context': _context, ...document }) => document),
        },
      ),
    );
  });
}
