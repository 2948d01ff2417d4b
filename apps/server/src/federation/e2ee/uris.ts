import type { AppContext } from '../../context.js';

/**
 * The ids Palchat gives what it federates for encrypted chats (docs/FEDERATION.md, "Encrypted chats (MLS)").
 * KeyPackage objects are served at theirs; MLS messages and the chat's collection are private and not served.
 */

const actorUri = (ctx: AppContext, username: string): string => `${ctx.config.publicUrl}/users/${username}`;

/** The actor's `keyPackages` collection. */
export const keyPackagesUri = (ctx: AppContext, username: string): string =>
  `${actorUri(ctx, username)}/keyPackages`;

/** One KeyPackage object of the actor's. */
export const keyPackageUri = (ctx: AppContext, username: string, keyPackageId: string): string =>
  `${keyPackagesUri(ctx, username)}/${keyPackageId}`;

/** An MLS message a local person sent (the envelope's id here). */
export const mlsMessageUri = (ctx: AppContext, username: string, envelopeId: string): string =>
  `${actorUri(ctx, username)}/mls/${envelopeId}`;

/** An encrypted chat homed here: its ordered collection, the `context` of all its MLS objects. */
export const conversationCollectionUri = (ctx: AppContext, conversationId: string): string =>
  `${ctx.config.publicUrl}/e2ee/conversations/${conversationId}`;

/** The instance actor (`/actor`) of the server that orders a chat: the only one whose relays of that chat count. */
export const homeRelayActorUri = (collectionUri: string): string => new URL('/actor', collectionUri).href;
