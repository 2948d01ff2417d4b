import type { Context, Federation, RequestContext } from '@fedify/fedify';
import {
  Application,
  Endpoints,
  Image,
  Link,
  Person,
  PropertyValue,
  Service,
  type Actor,
} from '@fedify/vocab';
import { aliasesOf } from '../accounts/move.js';
import { serializeAccount } from '../accounts/serializer.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { conversationIdOfIdentifier, groupActor, groupActorExists, groupKeysId } from './chat/group-actor.js';
import { INSTANCE_KEYS_ID, type ActorKeyStore } from './keys.js';
import { actorUriOf } from './recipients.js';
import { fetchAuthorized } from './fetch-authorization.js';
import { actorCollectionTerms, withCollectionActorTerms } from './featured-collections.js';
import { findAccountById } from '../accounts/store.js';
import { withKeyPackages } from './e2ee/actor-terms.js';
import { keyPackageIdsOf } from './e2ee/key-package-ids.js';
import { keyPackagesUri } from './e2ee/uris.js';
import { storedFileUrl } from '../media/urls.js';

/** The instance actor's identifier: served at /actor; never a username (those are [A-Za-z0-9_] only). */
export const INSTANCE_ACTOR = 'instance.actor';

/** An approved local account by its exact username (actor URLs), or by a case-insensitive handle. */
export async function findLocalActor(
  ctx: AppContext,
  username: string,
  { caseInsensitive = false } = {},
): Promise<AccountRow | undefined> {
  const query = ctx.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .selectAll('accounts')
    .where('accounts.approved', '=', 1);
  const row = await (
    caseInsensitive
      ? query.where('accounts.username_lower', '=', username.toLowerCase())
      : query.where('accounts.username', '=', username)
  ).executeTakeFirst();
  return row;
}

/**
 * The account an actor URI names: a local one (`${PUBLIC_URL}/users/{username}`), or a stored remote one by
 * its actor id (a remote follower fetching a followers-only Note); undefined for the instance actor and
 * unknown actors.
 */
export async function accountOfActorUri(
  context: Context<AppContext>,
  actorUri: URL,
): Promise<AccountRow | undefined> {
  if (context.parseUri(actorUri)?.type === 'actor') return localAccountOfActorUri(context, actorUri);
  return context.data.db
    .selectFrom('accounts')
    .selectAll()
    .where('uri', '=', actorUri.href)
    .where('domain', 'is not', null)
    .executeTakeFirst();
}

/** The local account an actor URI names (`${PUBLIC_URL}/users/{username}`); undefined for any other URI. */
export async function localAccountOfActorUri(
  context: Context<AppContext>,
  actorUri: URL,
): Promise<AccountRow | undefined> {
  const parsed = context.parseUri(actorUri);
  if (parsed?.type !== 'actor' || parsed.identifier === INSTANCE_ACTOR) return undefined;
  return findLocalActor(context.data, parsed.identifier);
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

function imageOf(ctx: AppContext, storedPath: string | null): Image | null {
  if (!storedPath) return null;
  const extension = storedPath.split('.').pop()?.toLowerCase() ?? '';
  return new Image({
    url: new URL(storedFileUrl(ctx.config, storedPath)),
    mediaType: IMAGE_TYPES[extension] ?? null,
  });
}

/** The collection URIs every local actor document and its WebFinger links point at. */
function actorLinks(context: Context<AppContext>, identifier: string) {
  return {
    inbox: context.getInboxUri(identifier),
    outbox: context.getOutboxUri(identifier),
    followers: context.getFollowersUri(identifier),
    following: context.getFollowingUri(identifier),
    featured: context.getFeaturedUri(identifier),
    featuredTags: context.getFeaturedTagsUri(identifier),
    endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
  };
}

async function keyProperties(context: Context<AppContext>, identifier: string) {
  const pairs = await context.getActorKeyPairs(identifier);
  return {
    publicKey: pairs[0]?.cryptographicKey ?? null,
    assertionMethods: pairs.map((pair) => pair.multikey),
  };
}

/**
 * A local account as an ActivityPub actor, shaped like Mastodon's: Person (Service for bots), profile HTML,
 * avatar and header, PropertyValue fields, the collections, an RSA publicKey and Ed25519 assertionMethods, and
 * the MLS draft's `keyPackages`.
 */
export async function localActor(
  context: Context<AppContext>,
  row: AccountRow,
  options: { forWebFinger?: boolean } = {},
): Promise<Actor> {
  const ctx = context.data;
  const identifier = row.username;
  const account = serializeAccount(ctx, row);
  // the MLS draft's directory: the ids of the person's currently valid KeyPackage objects
  const Type = withKeyPackages(
    withCollectionActorTerms(row.bot ? Service : Person, actorCollectionTerms(ctx, row)),
    {
      id: keyPackagesUri(ctx, row.username),
      items: await keyPackageIdsOf(ctx, row),
    },
  );
  const movedTo = row.moved_to_account_id
    ? await findAccountById(ctx.db, row.moved_to_account_id)
    : undefined;
  return new Type({
    id: context.getActorUri(identifier),
    preferredUsername: row.username,
    name: row.display_name,
    summary: account.note,
    // WebFinger's profile-page link is made from this: there it carries its type, as Mastodon's does
    url: options.forWebFinger
      ? new Link({ href: new URL(account.url), mediaType: 'text/html' })
      : new URL(account.url),
    icon: imageOf(ctx, row.avatar_path),
    image: imageOf(ctx, row.header_path),
    manuallyApprovesFollowers: row.locked === 1,
    discoverable: row.discoverable === 1,
    indexable: account.indexable,
    suspended: row.disabled === 1,
    published: Temporal.Instant.from(row.created_at),
    attachments: account.fields.map((field) => new PropertyValue({ name: field.name, value: field.value })),
    // Mastodon's alsoKnownAs (the accounts this one moved from) and movedTo (the one it moved to)
    aliases: aliasesOf(row).map((uri) => new URL(uri)),
    successor: movedTo ? actorUriOf(context, movedTo) : null,
    ...actorLinks(context, identifier),
    ...(await keyProperties(context, identifier)),
  });
}

/** The instance actor (Mastodon's /actor): signs our fetches; served even with AUTHORIZED_FETCH. */
async function instanceActor(context: RequestContext<AppContext>): Promise<Application> {
  const { config } = context.data;
  return new Application({
    id: context.getActorUri(INSTANCE_ACTOR),
    preferredUsername: config.localDomain,
    name: config.localDomain,
    url: new URL(`${config.publicUrl}/about/more?instance_actor=true`),
    manuallyApprovesFollowers: true,
    inbox: context.getInboxUri(),
    outbox: context.getOutboxUri(INSTANCE_ACTOR),
    endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
    ...(await keyProperties(context, INSTANCE_ACTOR)),
  });
}

/** Actor, key pairs and WebFinger: `acct:user@LOCAL_DOMAIN`, the actor URI and the profile page URL. */
export function registerActors(federation: Federation<AppContext>, keys: ActorKeyStore): void {
  federation
    .setActorDispatcher('/users/{identifier}', async (context, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceActor(context);
      const groupId = conversationIdOfIdentifier(identifier);
      if (groupId)
        return (await groupActorExists(context.data.db, groupId)) ? groupActor(context, groupId) : null;
      const row = await findLocalActor(context.data, identifier);
      const forWebFinger = context.url.pathname === '/.well-known/webfinger';
      return row ? localActor(context, row, { forWebFinger }) : null;
    })
    .mapActorAlias('/actor', INSTANCE_ACTOR)
    .setKeyPairsDispatcher(async (context, identifier) => {
      const groupId = conversationIdOfIdentifier(identifier);
      const accountId =
        identifier === INSTANCE_ACTOR
          ? INSTANCE_KEYS_ID
          : groupId
            ? (await groupActorExists(context.data.db, groupId)) && groupKeysId(groupId)
            : (await findLocalActor(context.data, identifier))?.id;
      if (!accountId) return [];
      const pairs = await keys.keyPairsOf(accountId);
      return [pairs.rsa, pairs.ed25519];
    })
    .mapHandle(async (context, username) => {
      if (username.toLowerCase() === context.data.config.localDomain.toLowerCase()) return INSTANCE_ACTOR;
      const row = await findLocalActor(context.data, username, { caseInsensitive: true });
      return row?.username ?? null;
    })
    .mapAlias(async (context, resource) => {
      // the profile page: https://LOCAL/@alice
      const { publicUrl } = context.data.config;
      if (!resource.href.startsWith(`${publicUrl}/@`)) return null;
      const username = decodeURIComponent(resource.pathname.slice(2));
      if (!/^[A-Za-z0-9_]+$/.test(username)) return null;
      const row = await findLocalActor(context.data, username, { caseInsensitive: true });
      return row ? { identifier: row.username } : null;
    })
    // a group's public document holds only its keys and inbox: its members' servers fetch it to verify it
    .authorize(
      (context, identifier) =>
        identifier === INSTANCE_ACTOR ||
        conversationIdOfIdentifier(identifier) !== null ||
        fetchAuthorized(context),
    );
}
