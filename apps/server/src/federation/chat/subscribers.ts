import type { DomainEvents } from '../../events/domain-events.js';
import { loadAccounts } from '../../messaging/serializers.js';
import { chatMessageIntent, intentCommitted } from '../outgoing/durable.js';
import { federate } from '../outgoing/send.js';
import { federateGroupChange, federateGroupDissolved, federateGroupLeave } from './group-outgoing.js';
import { federateReadReceipt, federateReaction } from './outgoing.js';
import { federateTyping } from './typing.js';

/**
 * The message box's actions reach other servers. A local person's message is committed with its durable intent
 * (durable.ts) and the queue woken after the commit; reactions, read receipts, typing and leaving a group go out
 * after the commit (`federate`: only a local actor's, a remote actor's came from their server). A group homed here
 * tells its members' servers of every change and of its end, whoever made the change.
 */
export function subscribeChatFederation(events: DomainEvents): void {
  events.subscribeInTransaction(
    'MessageSent',
    async ({ sender, message }, tx, ctx) => {
      const intent = chatMessageIntent(ctx, sender, message.id);
      if (intent) await tx.insertInto('federation_queue').values(intent).execute();
    },
    ({ sender }, ctx) => Boolean(ctx.federation) && !sender.domain,
  );
  events.subscribe('MessageSent', ({ sender }, ctx) => {
    if (!sender.domain) intentCommitted(ctx);
  });
  events.subscribe('ReactionToggled', ({ actor, message, reaction }, ctx) =>
    federate(ctx, actor, 'a chat reaction', () => federateReaction(ctx, actor, message, reaction)),
  );
  events.subscribe('ReadUpTo', ({ reader, conversationId, messageIds }, ctx) =>
    federate(ctx, reader, 'a read receipt', () =>
      federateReadReceipt(ctx, reader, conversationId, messageIds),
    ),
  );
  events.subscribe('Typing', ({ typist, conversationId, event }, ctx) =>
    federate(ctx, typist, 'a typing indicator', () => federateTyping(ctx, typist, conversationId, event)),
  );
  events.subscribe('GroupChanged', async ({ conversationId, actorId, notices, formerMemberIds }, ctx) => {
    const formerMembers =
      formerMemberIds.length > 0 ? [...(await loadAccounts(ctx.db, formerMemberIds)).values()] : [];
    await federateGroupChange(ctx, conversationId, {
      actorId,
      notices: notices.map((notice) => notice.content),
      formerMembers,
    });
  });
  events.subscribe('GroupLeft', ({ member, conversationId }, ctx) =>
    federateGroupLeave(ctx, member, conversationId),
  );
  events.subscribe('GroupDissolved', async ({ conversationId, homedHere, memberIds }, ctx) => {
    if (!homedHere) return;
    await federateGroupDissolved(ctx, conversationId, [...(await loadAccounts(ctx.db, memberIds)).values()]);
  });
}
