import type { AppContext } from '../../context.js';
import type { FederationQueueTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { federateMessage } from '../chat/outgoing.js';

/**
 * A local write's federation, recorded in the write's own transaction as a row of the durable queue
 * (`federation_queue`), so that nothing after the commit (the event bus, a crash) can lose it: a queue consumer
 * turns it into the Fedify sends once the write is committed.
 */
export interface FederationIntent {
  type: 'palchat.federate';
  kind: 'chat-message';
  messageId: string;
}

export type FederationIntentRow = Omit<FederationQueueTable, 'attempts' | 'locked_until' | 'locked_by'>;

/**
 * The queue row of a local person's chat message's federation, when this server federates (nothing consumes
 * it otherwise); remote people's messages arrived through the inbox and go nowhere.
 */
export function chatMessageIntent(
  ctx: AppContext,
  sender: { domain?: string | null },
  messageId: string,
): FederationIntentRow | null {
  if (!ctx.federation || sender.domain) return null;
  const intent: FederationIntent = { type: 'palchat.federate', kind: 'chat-message', messageId };
  const now = new Date().toISOString();
  return { id: newId(), payload: JSON.stringify(intent), ordering_key: null, run_at: now, created_at: now };
}

/** Tells this process's idle queue consumers that an intent was committed, rather than wait for their poll. */
export function intentCommitted(ctx: AppContext): void {
  ctx.federation?.queue.wake();
}

export async function runFederationIntent(ctx: AppContext, intent: FederationIntent): Promise<void> {
  switch (intent.kind) {
    case 'chat-message':
      return federateStoredMessage(ctx, intent.messageId);
  }
}

async function federateStoredMessage(ctx: AppContext, messageId: string): Promise<void> {
  const message = await ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .executeTakeFirst();
  // deleted before its turn came: nothing to announce
  if (!message) return;
  const [sender, media, replied] = await Promise.all([
    ctx.db.selectFrom('accounts').selectAll().where('id', '=', message.sender_id).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('message_id', '=', messageId)
      .orderBy('id')
      .execute(),
    message.reply_to_message_id
      ? ctx.db
          .selectFrom('messages')
          .selectAll()
          .where('id', '=', message.reply_to_message_id)
          .executeTakeFirst()
      : undefined,
  ]);
  await federateMessage(ctx, sender, message, media, replied);
}
