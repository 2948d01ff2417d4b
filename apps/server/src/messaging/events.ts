import type { MessagingStreamEvent } from '@palchat/api';
import type { AppContext } from '../context.js';
import { userChannel } from '../streaming/bus.js';

/** Sends one event to the user stream of each listed account; callers pass only people allowed to see it. */
export async function publishTo(
  ctx: AppContext,
  accountIds: Iterable<string>,
  event: MessagingStreamEvent,
  payload: unknown,
): Promise<void> {
  await Promise.all([...new Set(accountIds)].map((id) => ctx.bus.publish(userChannel(id), event, payload)));
}

export async function publishConversationUpdated(
  ctx: AppContext,
  accountIds: Iterable<string>,
  conversationId: string,
): Promise<void> {
  await publishTo(ctx, accountIds, 'conversation_updated', { conversation_id: conversationId });
}
