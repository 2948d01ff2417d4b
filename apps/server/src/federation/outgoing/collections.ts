import { Add, Remove, Update } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { CollectionChange } from '../../events/social.js';
import { collectionUri } from '../../collections/serializer.js';
import { featuredCollectionsUri } from '../featured-collections.js';
import { remoteFollowersOf } from './recipients.js';
import { federate, sendTo, uniqueSuffix } from './send.js';

const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

/**
 * A local collection's change, to the curator's remote followers, as Mastodon 4.6 announces it: Add of the
 * FeaturedCollection to the actor's `featuredCollections` when created, Update when its name, description or
 * accounts change, Remove when deleted. The object goes by its id: receivers fetch the current document.
 */
export async function federateCollection(
  ctx: AppContext,
  curator: AccountRow,
  collectionId: string,
  change: CollectionChange,
): Promise<void> {
  await federate(ctx, curator, `${change} collection`, async (context) => {
    const actor = context.getActorUri(curator.username);
    const object = new URL(collectionUri(ctx, curator, collectionId));
    const target = new URL(featuredCollectionsUri(ctx, curator));
    const id = new URL(`${object.href}#${change}/${uniqueSuffix()}`);
    const activity =
      change === 'created'
        ? new Add({ id, actor, object, target, to: PUBLIC })
        : change === 'updated'
          ? new Update({ id, actor, object, to: PUBLIC })
          : new Remove({ id, actor, object, target, to: PUBLIC });
    await sendTo(context, curator.username, await remoteFollowersOf(ctx, curator.id), activity);
  });
}
