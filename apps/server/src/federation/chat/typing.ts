import { Activity } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { directConversationId } from '../../messaging/conversations.js';
import { blockedEitherWayAmong } from '../../relationships/store.js';
import { relayTyping } from '../../messaging/typing.js';
import { localAccountOfActorUri } from '../actors.js';
import { deliverToActor } from '../outbox.js';
import { federateInGroup, groupRouteOf, outgoingContext } from './group-outgoing.js';
import { uniqueSuffix } from '../outgoing/send.js';
import { speaksPalchatChat } from './peers.js';
import { PALCHAT_NS, palchatTerm, withTerms } from './vocabulary.js';
import { runtimeOf } from '../runtime.js';

export type TypingState = 'start' | 'stop';
type JsonObject = Record<string, unknown>;

const TYPING_TERMS = {
  palchat: PALCHAT_NS,
  Typing: 'palchat:Typing',
  typingState: 'palchat:typingState',
} as const;

/**
 * `palchat:Typing`: an ephemeral activity (never stored) saying that the actor started or stopped typing in
 * their direct chat with the one person it is addressed to. Typed `["Activity", "Typing"]` so that any
 * ActivityPub processor still reads it as an activity; Fedify's vocabulary does not model it, so the terms
 * are added to the JSON-LD it writes.
 */
abstract class TypingActivity extends Activity {
  // a getter per subclass, not a constructor argument: Fedify clones activities with `new this.constructor()`
  abstract get typingState(): TypingState;

  override async toJsonLd(options?: Parameters<Activity['toJsonLd']>[0]): Promise<unknown> {
    const json = await super.toJsonLd(options);
    if (options?.format === 'expand') {
      const [node] = json as JsonObject[];
      if (node) {
        node['@type'] = ['https://www.w3.org/ns/activitystreams#Activity', `${PALCHAT_NS}Typing`];
        node[`${PALCHAT_NS}typingState`] = [{ '@value': this.typingState }];
      }
      return json;
    }
    return withTerms(json as JsonObject, TYPING_TERMS, {
      type: ['Activity', 'Typing'],
      typingState: this.typingState,
    });
  }
}

class TypingStartActivity extends TypingActivity {
  get typingState(): TypingState {
    return 'start';
  }
}

class TypingStopActivity extends TypingActivity {
  get typingState(): TypingState {
    return 'stop';
  }
}

/** A `palchat:Typing` activity of `state`. */
export function typingActivity(state: TypingState, values: { id: URL; actor: URL; to: URL }): Activity {
  return state === 'start' ? new TypingStartActivity(values) : new TypingStopActivity(values);
}

/** The typing state of a received activity's document, when it is a `palchat:Typing`. */
export function typingStateOf(json: JsonObject): TypingState | null {
  const types = [json.type ?? json['@type'] ?? []].flat();
  const isTyping = types.some(
    (type) => type === 'Typing' || type === 'palchat:Typing' || type === `${PALCHAT_NS}Typing`,
  );
  const state = palchatTerm(json, 'typingState');
  return isTyping && (state === 'start' || state === 'stop') ? state : null;
}

/** A local person's typing in a group (when relayTyping let it through); false when the chat is no group. */
export async function federateGroupTyping(
  ctx: AppContext,
  typist: AccountRow,
  conversationId: string,
  state: TypingState,
): Promise<boolean> {
  const route = await groupRouteOf(ctx, conversationId);
  const context = outgoingContext(ctx);
  if (!route || !context) return route !== null;
  const actor = context.getActorUri(typist.username);
  await federateInGroup(context, typist, route, (groupUri) =>
    typingActivity(state, { id: new URL(`${actor.href}#typing/${uniqueSuffix()}`), actor, to: groupUri }),
  );
  return true;
}

/**
 * A local person's typing in a direct chat with someone on a Palchat server: sent only when relayTyping let it
 * through (their typing indicator is on); the receiver applies its side's settings.
 */
export async function federateTyping(
  ctx: AppContext,
  typist: AccountRow,
  conversationId: string,
  event: 'typing_start' | 'typing_stop',
): Promise<void> {
  const runtime = runtimeOf(ctx);
  if (!runtime || typist.domain) return;
  const state = event === 'typing_start' ? 'start' : 'stop';
  if (await federateGroupTyping(ctx, typist, conversationId, state)) return;
  const partner = await ctx.db
    .selectFrom('conversation_participants')
    .innerJoin('conversations', 'conversations.id', 'conversation_participants.conversation_id')
    .innerJoin('accounts', 'accounts.id', 'conversation_participants.account_id')
    .selectAll('accounts')
    .where('conversations.id', '=', conversationId)
    .where('conversations.is_group', '=', 0)
    .where('accounts.id', '!=', typist.id)
    .where('accounts.domain', 'is not', null)
    .executeTakeFirst();
  if (!partner?.uri || !(await speaksPalchatChat(ctx, partner))) return;
  if ((await blockedEitherWayAmong(ctx.db, typist.id, [partner.id])).size > 0) return;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  const actor = context.getActorUri(typist.username);
  const values = { id: new URL(`${actor.href}#typing/${newId()}`), actor, to: new URL(partner.uri) };
  await deliverToActor(ctx, typist, partner, typingActivity(state, values));
}

/** A received `palchat:Typing` from a remote person: relayed to the one local person of their direct chat. */
export async function onIncomingTyping(
  ctx: AppContext,
  activity: Activity,
  actor: AccountRow,
): Promise<boolean> {
  const runtime = runtimeOf(ctx);
  if (!runtime) return false;
  const state = typingStateOf((await activity.toJsonLd()) as JsonObject);
  if (!state) return false;
  const [addressed] = activity.toIds;
  if (!addressed || activity.toIds.length !== 1) return true;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  const recipient = await localAccountOfActorUri(context, addressed);
  if (!recipient) return true;
  const chat = await directConversationId(ctx.db, actor.id, recipient.id);
  if (chat) await relayTyping(ctx, actor, chat, state === 'start' ? 'typing_start' : 'typing_stop');
  return true;
}
