import { avatarUrl } from '../accounts/media-urls.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { E2eeEnvelopesTable } from '../db/schema.js';
import { enqueueChatPush } from '../push/delivery.js';
import type { DomainEvents } from '../events/domain-events.js';
import { publishTo } from '../messaging/events.js';
import { deleteChatMedia } from './media.js';
import { serializeEnvelope } from './serializers.js';
import { participantIds } from '../messaging/access.js';
import * as store from './store.js';

/**
 * The user streams of encrypted chats (docs/E2EE-API.md, "Streaming"): envelopes, typing, devices and leaves to
 * remove. Everything streamed is ciphertext and ids.
 */
export function subscribeE2eeStreams(events: DomainEvents): void {
  events.subscribe('E2eeEnvelopeOrdered', async ({ envelope, sender, recipientIds }, ctx) => {
    await publishTo(ctx, recipientIds, 'e2ee_message', serializeEnvelope(envelope));
    if (envelope.kind === 'application' && envelope.signal === 0)
      pushMessage(ctx, envelope, sender, recipientIds);
  });
  events.subscribe('E2eeWelcomeStored', async ({ envelopes }, ctx) => {
    for (const envelope of envelopes) {
      const owner = envelope.target_device_id
        ? await store.findDevice(ctx.db, envelope.target_device_id)
        : undefined;
      if (!owner) continue;
      await publishTo(ctx, [owner.account_id], 'e2ee_message', serializeEnvelope(envelope));
      await publishTo(ctx, [owner.account_id], 'conversation_updated', {
        conversation_id: envelope.conversation_id,
      });
    }
  });
  events.subscribe('E2eeEphemeralSent', async (event, ctx) => {
    await publishTo(ctx, event.recipientIds, 'e2ee_ephemeral', {
      conversation_id: event.conversationId,
      sender_id: event.senderId,
      sender_device_id: event.senderDeviceId,
      epoch: event.epoch,
      message: event.message,
    });
  });
  events.subscribe('E2eeDeviceAdded', ({ device }, ctx) => devicesChanged(ctx, device.account_id));
  events.subscribe('E2eeDeviceRevoked', async ({ device, conversationIds }, ctx) => {
    await devicesChanged(ctx, device.account_id);
    for (const conversationId of conversationIds) await pendingRemovalsChanged(ctx, conversationId);
  });
  events.subscribe('GroupChanged', async ({ conversationId, formerMemberIds }, ctx) => {
    if (formerMemberIds.length > 0) await pendingRemovalsChanged(ctx, conversationId);
  });
  events.subscribe('GroupLeft', ({ conversationId }, ctx) => pendingRemovalsChanged(ctx, conversationId));
  events.subscribe('GroupDissolved', ({ conversationId }, ctx) => deleteChatMedia(ctx, conversationId));
}

/** Web Push of a message that counts: "New encrypted message", from its sender, and nothing of the message. */
function pushMessage(
  ctx: AppContext,
  envelope: E2eeEnvelopesTable,
  sender: AccountRow,
  recipientIds: readonly string[],
): void {
  const chat = {
    conversationId: envelope.conversation_id,
    messageId: envelope.id,
    sender: {
      id: sender.id,
      name: sender.display_name || sender.username,
      avatar: avatarUrl(ctx.config, sender),
    },
  };
  for (const recipientId of recipientIds)
    if (recipientId !== sender.id) enqueueChatPush(ctx, recipientId, chat);
}

async function devicesChanged(ctx: AppContext, accountId: string): Promise<void> {
  await publishTo(ctx, await store.encryptedChatPeersOf(ctx.db, accountId), 'e2ee_devices_changed', {
    account_id: accountId,
  });
}

async function pendingRemovalsChanged(ctx: AppContext, conversationId: string): Promise<void> {
  if ((await store.pendingRemovalsOf(ctx.db, conversationId)).length === 0) return;
  await publishTo(ctx, await participantIds(ctx.db, conversationId), 'e2ee_pending_removals', {
    conversation_id: conversationId,
  });
}
