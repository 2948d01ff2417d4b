import { createHash } from 'node:crypto';
import { findAccountById, findAccountsByIds } from '../../accounts/store.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { fromBase64, readGroupMessage } from '../../e2ee/framing.js';
import { findMlsState } from '../../e2ee/store.js';
import { participantIds } from '../../messaging/access.js';
import type { DomainEvents } from '../../events/domain-events.js';
import type { E2eeEnvelopeForwarded, E2eeEnvelopeOrdered, E2eeWelcomeStored } from '../../events/e2ee.js';
import { homeGroupUri } from '../chat/group-outgoing.js';
import { federate, type OutgoingContext } from '../outgoing/send.js';
import { actorUriOf } from '../recipients.js';
import { rememberForwarded } from './forwarded.js';
import { federateKeyPackages, forwardToHome, localMessageId, relayOrdered } from './outgoing.js';
import { conversationCollectionUri } from './uris.js';
import type { MlsMessageType } from './vocabulary.js';

/**
 * Encrypted chats reach other servers (docs/FEDERATION.md, "Encrypted chats (MLS)"): a local device's key
 * packages (their life cycle, to the owner's followers), a local person's MLS message of a chat homed elsewhere
 * (to its home, to be ordered), and on the home server every ordered message and every Welcome for people
 * elsewhere (relayed to their servers). Each goes out after its transaction committed, through the queue.
 */

/** The draft's type of a group message: the wire format its bytes say. */
function messageTypeOf(message: string): MlsMessageType {
  return readGroupMessage(fromBase64(message)).wireFormat === 'mls_public_message'
    ? 'PublicMessage'
    : 'PrivateMessage';
}

async function accountsOf(ctx: AppContext, ids: readonly string[]): Promise<AccountsTable[]> {
  return ids.length > 0 ? findAccountsByIds(ctx.db, [...new Set(ids)]) : [];
}

/** Home: an envelope ordered here, to the servers of everyone it is for (the people just removed included). */
async function relayEnvelope(context: OutgoingContext, event: E2eeEnvelopeOrdered): Promise<void> {
  const ctx = context.data;
  const { envelope } = event;
  const people = await accountsOf(ctx, [...event.recipientIds, envelope.sender_id]);
  const sender = people.find((account) => account.id === envelope.sender_id);
  if (!sender) return;
  await relayOrdered(context, {
    id: envelope.remote_id ?? localMessageId(context, sender, envelope.id),
    type: messageTypeOf(envelope.message),
    sender,
    recipients: people.filter((account) => account.id !== sender.id),
    relayTo: people.filter((account) => account.domain),
    content: envelope.message,
    collection: conversationCollectionUri(ctx, envelope.conversation_id),
    published: envelope.created_at,
    signal: envelope.signal === 1,
    mlsSeq: envelope.seq,
  });
}

/** Home: a Welcome that adds people of other servers, to their servers, with what they need to keep the chat. */
async function relayWelcome(context: OutgoingContext, event: E2eeWelcomeStored): Promise<void> {
  const ctx = context.data;
  const chat = await findMlsState(ctx.db, event.conversationId);
  if (!chat?.mls_group_id || chat.mls_home_uri !== null || event.remoteAccountIds.length === 0) return;
  const [sender, added, members, conversation] = await Promise.all([
    findAccountById(ctx.db, event.senderId),
    accountsOf(ctx, event.remoteAccountIds),
    accountsOf(ctx, await participantIds(ctx.db, event.conversationId)),
    ctx.db
      .selectFrom('conversations')
      .select('name')
      .where('id', '=', event.conversationId)
      .executeTakeFirst(),
  ]);
  if (!sender) return;
  const collection = conversationCollectionUri(ctx, event.conversationId);
  const digest = createHash('sha256').update(event.welcome).digest('hex').slice(0, 32);
  await relayOrdered(context, {
    id: `${collection}/welcomes/${digest}`,
    type: 'Welcome',
    sender,
    recipients: added,
    relayTo: added,
    content: event.welcome,
    collection,
    published: new Date().toISOString(),
    chat: {
      mlsGroupId: chat.mls_group_id,
      mlsEpoch: event.epoch,
      members: members.map((member) => actorUriOf(context, member).href),
      ...(chat.is_group === 1
        ? { groupActor: homeGroupUri(context, event.conversationId).href, name: conversation?.name ?? null }
        : {}),
    },
  });
}

/** Member: a local person's envelope of a chat homed elsewhere, to the home server. */
async function forwardEnvelope(context: OutgoingContext, event: E2eeEnvelopeForwarded): Promise<void> {
  const ctx = context.data;
  const people = await accountsOf(ctx, await participantIds(ctx.db, event.conversationId));
  const sender = people.find((account) => account.id === event.senderId);
  if (!sender) return;
  const [added, removed] = await Promise.all([
    accountsOf(ctx, event.addedIds),
    accountsOf(ctx, event.removedIds),
  ]);
  const id = localMessageId(context, sender, event.id);
  await rememberForwarded(ctx, id, { id: event.id, deviceId: event.senderDeviceId });
  await forwardToHome(context, {
    id,
    type: messageTypeOf(event.message),
    sender,
    recipients: people.filter((account) => account.id !== sender.id),
    content: event.message,
    collection: event.homeUri,
    published: new Date().toISOString(),
    signal: event.signal,
    chat: {
      mlsWelcome: event.welcome,
      mlsGroupInfo: event.groupInfo,
      addMembers: added.map((account) => actorUriOf(context, account).href),
      removeMembers: removed.map((account) => actorUriOf(context, account).href),
    },
  });
}

export function subscribeE2eeFederation(events: DomainEvents): void {
  events.subscribe('E2eeKeyPackagesChanged', async ({ accountId, added, removed }, ctx) => {
    if (!ctx.federation) return;
    const owner = await findAccountById(ctx.db, accountId);
    if (!owner || owner.domain) return;
    // cached key packages of remote people are theirs to announce
    const local = <T extends { device_id: string | null }>(rows: readonly T[]) =>
      rows.filter((row) => row.device_id);
    if (local(added).length + local(removed).length === 0) return;
    await federate(ctx, owner, 'key packages', (context) =>
      federateKeyPackages(context, owner, local(added), local(removed)),
    );
  });
  events.subscribe('E2eeEnvelopeOrdered', async (event, ctx) => {
    if (!event.homedHere) return;
    await federate(ctx, null, 'an ordered MLS message', (context) => relayEnvelope(context, event));
  });
  events.subscribe('E2eeWelcomeStored', async (event, ctx) => {
    await federate(ctx, null, 'an MLS Welcome', (context) => relayWelcome(context, event));
  });
  events.subscribe('E2eeEnvelopeForwarded', async (event, ctx) => {
    await federate(ctx, null, 'an MLS message to its home server', (context) =>
      forwardEnvelope(context, event),
    );
  });
}
