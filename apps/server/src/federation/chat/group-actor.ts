import type { Context } from '@fedify/fedify';
import { Endpoints, Group } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/index.js';
import type { ConversationsTable } from '../../db/schema.js';
import { withGroupTerms } from './vocabulary.js';

/**
 * A group chat homed on this server is the ActivityPub actor `${PUBLIC_URL}/users/group.{conversationId}` (a
 * username is [A-Za-z0-9_] only, so the dot keeps the two apart), with key pairs of its own (`account_keys` row
 * `group:{conversationId}`). It signs the activities it relays to its members' servers.
 */
const GROUP_IDENTIFIER = /^group\.(\d{1,18})$/;

export const groupIdentifier = (conversationId: string): string => `group.${conversationId}`;

export const groupKeysId = (conversationId: string): string => `group:${conversationId}`;

/** The conversation id a group actor identifier names, or null for any other identifier. */
export function conversationIdOfIdentifier(identifier: string): string | null {
  return GROUP_IDENTIFIER.exec(identifier)?.[1] ?? null;
}

/** The conversation id a URI names when it is one of this server's group actors, else null. */
export function homeGroupIdOfUri(context: Context<AppContext>, uri: URL): string | null {
  const parsed = context.parseUri(uri);
  return parsed?.type === 'actor' ? conversationIdOfIdentifier(parsed.identifier) : null;
}

/** A group chat homed here (not a copy of one homed elsewhere), by id. */
export async function findHomeGroup(
  db: DbOrTx,
  conversationId: string,
): Promise<ConversationsTable | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .where('is_group', '=', 1)
    .where('group_uri', 'is', null)
    .executeTakeFirst();
}

/**
 * The public document of a group's actor: a `Group` marked `palchat:chatGroup`, with its inbox and keys. Its name
 * and members are private to the members' servers (they travel in the group's `Update`s), so neither is here.
 * Also served for a dissolved group whose keys exist, so that its last `Delete` can still be verified.
 */
export async function groupActor(context: Context<AppContext>, conversationId: string): Promise<Group> {
  const identifier = groupIdentifier(conversationId);
  const pairs = await context.getActorKeyPairs(identifier);
  const ChatGroup = withGroupTerms(Group, { chatGroup: true });
  return new ChatGroup({
    id: context.getActorUri(identifier),
    preferredUsername: identifier,
    inbox: context.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
    manuallyApprovesFollowers: true,
    discoverable: false,
    indexable: false,
    publicKey: pairs[0]?.cryptographicKey ?? null,
    assertionMethods: pairs.map((pair) => pair.multikey),
  });
}

/** Whether the group's actor exists: the group is homed here, or it was and its keys remain (dissolved). */
export async function groupActorExists(db: DbOrTx, conversationId: string): Promise<boolean> {
  if (await findHomeGroup(db, conversationId)) return true;
  const keys = await db
    .selectFrom('account_keys')
    .select('account_id')
    .where('account_id', '=', groupKeysId(conversationId))
    .executeTakeFirst();
  return keys !== undefined;
}
