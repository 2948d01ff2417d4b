import { type Participant } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireMembership } from './access.js';
import { mutualFollowsAmong } from './relations.js';
import { loadAccounts, onlineAmong, serializeParticipant } from './serializers.js';
import { followedIds } from '../relationships/store.js';

const MESSAGEABLE_LIMIT = 40;

/** The pals one can message: mutual follows without a block either way, filtered by username or display name. */
export async function messageableUsers(
  ctx: AppContext,
  viewer: AccountRow,
  search = '',
): Promise<Participant[]> {
  const pals = await mutualFollowsAmong(ctx.db, viewer.id, await followedIds(ctx.db, viewer.id));
  const needle = search.trim().toLowerCase();
  const accounts = [...(await loadAccounts(ctx.db, [...pals])).values()]
    .filter((row) => row.disabled === 0)
    .filter(
      (row) =>
        !needle || row.username_lower.includes(needle) || row.display_name.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.username_lower.localeCompare(b.username_lower))
    .slice(0, MESSAGEABLE_LIMIT);
  const online = await onlineAmong(
    ctx,
    ctx.db,
    viewer.id,
    accounts.map((row) => row.id),
  );
  return accounts.map((row) => serializeParticipant(ctx, row, online.has(row.id)));
}

/**
 * Whether a person is online, for someone who shares a conversation with them (the given one, or any) or is
 * their pal; anyone else gets a 404, so presence does not leak.
 */
export async function activeStatus(
  ctx: AppContext,
  viewer: AccountRow,
  userId: string,
  conversationId?: string,
): Promise<{ user_id: string; is_active: boolean }> {
  if (conversationId) {
    await requireMembership(ctx.db, conversationId, viewer.id);
    const member = await ctx.db
      .selectFrom('conversation_participants')
      .select('account_id')
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', userId)
      .executeTakeFirst();
    if (!member) throw notFound('messaging.user_not_found');
  } else if (userId !== viewer.id) {
    const shared = await ctx.db
      .selectFrom('conversation_participants as mine')
      .innerJoin('conversation_participants as theirs', 'theirs.conversation_id', 'mine.conversation_id')
      .select('mine.conversation_id')
      .where('mine.account_id', '=', viewer.id)
      .where('theirs.account_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (!shared && !(await mutualFollowsAmong(ctx.db, viewer.id, [userId])).has(userId)) {
      throw notFound('messaging.user_not_found');
    }
  }
  const online = await onlineAmong(ctx, ctx.db, viewer.id, [userId]);
  return { user_id: userId, is_active: online.has(userId) };
}
