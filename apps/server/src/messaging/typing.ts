import type { TypingPayload } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { emitCommitted } from '../events/transaction.js';
import { publishTo } from './events.js';
import { effectiveSettings, loadPreferences } from './preferences.js';
import { blockedEitherWayAmong } from '../relationships/store.js';

/**
 * Relays a typing event from a socket to the other participants. Nothing is relayed when the typist has the
 * typing indicator off (globally or for this chat), and nobody who turned it off receives one, nor anyone with
 * a block between them and the typist (either way); a non-participant is ignored silently.
 */
export async function relayTyping(
  ctx: AppContext,
  typist: AccountRow,
  conversationId: string,
  event: 'typing_start' | 'typing_stop',
): Promise<boolean> {
  const participants = await ctx.db
    .selectFrom('conversation_participants')
    .select(['account_id', 'typing_indicator_enabled', 'read_receipts_enabled'])
    .where('conversation_id', '=', conversationId)
    .execute();
  if (!participants.some((row) => row.account_id === typist.id)) return false;
  const preferences = await loadPreferences(
    ctx.db,
    participants.map((row) => row.account_id),
  );
  const enabled = (row: (typeof participants)[number]): boolean => {
    const global = preferences.get(row.account_id);
    return global ? effectiveSettings(global, row).typing_indicator_enabled : true;
  };
  const self = participants.find((row) => row.account_id === typist.id);
  if (!self || !enabled(self)) return false;
  const others = participants.filter((row) => row.account_id !== typist.id);
  const blocked = await blockedEitherWayAmong(
    ctx.db,
    typist.id,
    others.map((row) => row.account_id),
  );
  const recipients = others.filter((row) => enabled(row) && !blocked.has(row.account_id));
  const payload: TypingPayload = {
    conversation_id: conversationId,
    user_id: typist.id,
    username: typist.username,
    display_name: typist.display_name,
    timestamp: new Date().toISOString(),
  };
  await publishTo(
    ctx,
    recipients.map((row) => row.account_id),
    event,
    payload,
  );
  await emitCommitted(ctx, { type: 'Typing', typist, conversationId, event });
  return true;
}
