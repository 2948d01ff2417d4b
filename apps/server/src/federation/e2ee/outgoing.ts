import type { Recipient } from '@fedify/vocab';
import type { AccountsTable } from '../../db/schema.js';
import { INSTANCE_ACTOR } from '../actors.js';
import { deliverableRecipients } from '../outgoing/recipients.js';
import type { OutgoingContext } from '../outgoing/send.js';
import { actorUriOf } from '../recipients.js';
import { rawActivity } from './raw-activity.js';
import { keyPackagesUri, keyPackageUri, mlsMessageUri } from './uris.js';
import {
  AS_PUBLIC,
  collectionChangeOf,
  createOf,
  deleteOf,
  mlsObject,
  withMlsContext,
  type ChatTerms,
  type Generator,
  type MlsMessageType,
} from './vocabulary.js';

/**
 * What a Palchat server sends for encrypted chats (docs/FEDERATION.md, "Encrypted chats (MLS)"): the life cycle
 * of its people's KeyPackage objects, to their followers' servers; MLS messages of a chat homed elsewhere, to the
 * home server to be ordered; and, on the home server, each ordered message relayed to the servers of the chat's
 * people by the instance actor, with its place in the order. Everything is enqueued (Fedify's durable queue
 * delivers and retries), addressed to actors only.
 */

type JsonObject = Record<string, unknown>;

export const generatorOf = (context: OutgoingContext): Generator => ({
  id: context.getActorUri(INSTANCE_ACTOR).href,
  name: 'Palchat',
});

export interface LocalKeyPackage {
  id: string;
  /** base64 MLSMessage(KeyPackage) */
  key_package: string;
  created_at: string;
}

/** The KeyPackage object of a local person's key package, as served and as created. */
export function keyPackageObject(
  context: OutgoingContext,
  owner: Pick<AccountsTable, 'username'>,
  keyPackage: LocalKeyPackage,
): JsonObject {
  return mlsObject({
    id: keyPackageUri(context.data, owner.username, keyPackage.id),
    type: 'KeyPackage',
    attributedTo: context.getActorUri(owner.username).href,
    to: [AS_PUBLIC],
    content: keyPackage.key_package,
    generator: generatorOf(context),
    published: keyPackage.created_at,
  });
}

/**
 * Key packages a local device uploaded (Create, then Add to the actor's `keyPackages`) and ones withdrawn or used
 * (Remove, then Delete), to the actor's followers' servers, public as the draft shows them.
 */
export async function federateKeyPackages(
  context: OutgoingContext,
  owner: Pick<AccountsTable, 'username'>,
  added: readonly LocalKeyPackage[],
  removed: readonly Pick<LocalKeyPackage, 'id'>[],
): Promise<void> {
  const actor = context.getActorUri(owner.username).href;
  const target = keyPackagesUri(context.data, owner.username);
  const send = (json: JsonObject) =>
    context.sendActivity({ identifier: owner.username }, 'followers', rawActivity(json), {
      preferSharedInbox: true,
    });
  for (const keyPackage of added) {
    const object = keyPackageObject(context, owner, keyPackage);
    const id = object.id as string;
    await send(createOf({ id: `${id}#create`, actor, object }));
    await send(collectionChangeOf('Add', { id: `${id}#add`, actor, object: id, target }));
  }
  for (const { id: keyPackageId } of removed) {
    const id = keyPackageUri(context.data, owner.username, keyPackageId);
    await send(collectionChangeOf('Remove', { id: `${id}#remove`, actor, object: id, target }));
    await send(deleteOf({ id: `${id}#delete`, actor, object: id }));
  }
}

/** An MLS message of a chat as Palchat sends it: who, what, where in the chat and its company. */
export interface ChatMlsMessage {
  /** the object's id: on the sender's server */
  id: string;
  type: MlsMessageType;
  sender: AccountsTable;
  /** the people it is for (every other member of the chat, or the ones a Welcome adds) */
  recipients: readonly AccountsTable[];
  /** base64 MLSMessage */
  content: string;
  /** the chat's ordered collection on its home server */
  collection: string;
  published: string;
  signal?: boolean | undefined;
  mlsSeq?: number | undefined;
  chat?: ChatTerms | undefined;
}

function messageCreate(context: OutgoingContext, message: ChatMlsMessage): JsonObject {
  const actor = actorUriOf(context, message.sender).href;
  const object = mlsObject({
    id: message.id,
    type: message.type,
    attributedTo: actor,
    to: message.recipients.map((recipient) => actorUriOf(context, recipient).href),
    content: message.content,
    generator: generatorOf(context),
    context: message.collection,
    published: message.published,
    mlsSeq: message.mlsSeq,
    signal: message.signal,
    chat: message.chat,
  });
  return createOf({ id: `${message.id}/activity`, actor, object, published: message.published });
}

/** The id of a local person's MLS message (an envelope of theirs here). */
export const localMessageId = (
  context: OutgoingContext,
  sender: Pick<AccountsTable, 'username'>,
  envelopeId: string,
) => mlsMessageUri(context.data, sender.username, envelopeId);

/**
 * Member's server: a local person's MLS message of a chat homed elsewhere, to the home server (its shared inbox)
 * to be ordered there. It comes back in the home server's relay once ordered.
 */
export async function forwardToHome(context: OutgoingContext, message: ChatMlsMessage): Promise<void> {
  const home: Recipient = {
    id: new URL(message.collection),
    inboxId: new URL('/inbox', message.collection),
    endpoints: null,
  };
  const json = messageCreate(context, message);
  await context.sendActivity({ identifier: message.sender.username }, home, rawActivity(json), {
    orderingKey: message.collection,
  });
}

/**
 * Home server: an ordered MLS message (a local person's, or one a member's server forwarded), or a Welcome,
 * announced by the instance actor to the servers of `relayTo` once per shared inbox, the sender's own server
 * included (its copy of the chat takes it in the home's order).
 */
export async function relayOrdered(
  context: OutgoingContext,
  message: ChatMlsMessage & { relayTo: readonly AccountsTable[] },
): Promise<void> {
  const targets = await deliverableRecipients(context.data, message.relayTo);
  if (targets.length === 0) return;
  const create = messageCreate(context, message);
  const { '@context': _context, ...embedded } = create;
  const actor = context.getActorUri(INSTANCE_ACTOR).href;
  const json = withMlsContext({
    type: 'Announce',
    id: `${actor}#mls/${encodeURIComponent(message.id)}`,
    actor,
    to: targets.map((target) => target.id!.href),
    object: embedded,
  });
  await context.sendActivity({ identifier: INSTANCE_ACTOR }, targets, rawActivity(json), {
    preferSharedInbox: true,
    orderingKey: message.collection,
  });
}
