import type { Context } from '@fedify/fedify';
import {
  Announce,
  Delete,
  Group,
  type Create,
  Leave,
  Update,
  type Activity,
  type Recipient,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type {
  AccountsTable,
  ConversationsTable,
  MediaAttachmentsTable,
  MessagesTable,
} from '../../db/schema.js';
import { textToHtml } from '../../statuses/text-format.js';
import { MastodonCreate } from '../outgoing/media-terms.js';
import { attachmentOf } from '../outgoing/note.js';
import { federate, sendTo, uniqueSuffix, type OutgoingContext } from '../outgoing/send.js';
import { groupIdentifier } from './group-actor.js';
import { ChatMessageNote, withGroupTerms } from './vocabulary.js';
import { runtimeOf } from '../runtime.js';
import { findAccountById } from '../../accounts/store.js';

/**
 * Group chats across servers (docs/FEDERATION.md, "Group chats"). A group lives on its creator's server as a
 * `Group` actor. There, every change of the group goes out as an `Update` of the group, and every member's
 * message, reaction, read receipt and typing as an `Announce` of it by the group, to each member's server once
 * per shared inbox. A member's server sends what its people do in the group to the group's inbox only.
 */
export type GroupRoute =
  /** homed here: this server relays */
  | { kind: 'home'; conversation: ConversationsTable }
  /** a copy of a group homed on another server: its people's activities go to the group's inbox */
  | { kind: 'member'; conversation: ConversationsTable; groupUri: string; inboxUrl: string };

/** How a group conversation federates; null for a direct chat (or a missing conversation). */
export async function groupRouteOf(ctx: AppContext, conversationId: string): Promise<GroupRoute | null> {
  const conversation = await ctx.db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .where('is_group', '=', 1)
    .executeTakeFirst();
  if (!conversation) return null;
  if (!conversation.group_uri) return { kind: 'home', conversation };
  if (!conversation.group_inbox_url) return null;
  return {
    kind: 'member',
    conversation,
    groupUri: conversation.group_uri,
    inboxUrl: conversation.group_inbox_url,
  };
}

export function outgoingContext(ctx: AppContext): OutgoingContext | null {
  const runtime = runtimeOf(ctx);
  return runtime ? runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx) : null;
}

export function homeGroupUri(context: Context<AppContext>, conversationId: string): URL {
  return context.getActorUri(groupIdentifier(conversationId));
}

/** The actor id of an account as everyone knows it: ours for a local account, its own for a remote one. */
export function actorUriOf(
  context: Context<AppContext>,
  account: Pick<AccountsTable, 'uri' | 'domain' | 'username'>,
) {
  return account.domain ? new URL(account.uri ?? '') : context.getActorUri(account.username);
}

async function membersOf(ctx: AppContext, conversationId: string): Promise<AccountsTable[]> {
  return ctx.db
    .selectFrom('conversation_participants')
    .innerJoin('accounts', 'accounts.id', 'conversation_participants.account_id')
    .selectAll('accounts')
    .where('conversation_participants.conversation_id', '=', conversationId)
    .orderBy('conversation_participants.joined_at')
    .orderBy('accounts.id')
    .execute();
}

/**
 * Home: `activity` announced by the group to its remote members' servers, once per shared inbox, except the
 * server it came from (which has it already). The `Announce` id follows from the activity's, so that the same
 * relay twice is the same activity.
 */
export async function relayToMembers(
  context: OutgoingContext,
  conversationId: string,
  activity: Activity,
  exceptOrigin: string | null = null,
): Promise<void> {
  const groupUri = homeGroupUri(context, conversationId);
  const members = (await membersOf(context.data, conversationId)).filter(
    (member) => member.domain && member.uri && new URL(member.uri).origin !== exceptOrigin,
  );
  if (members.length === 0) return;
  const announce = new Announce({
    id: new URL(`${groupUri.href}#relay/${encodeURIComponent(activity.id?.href ?? uniqueSuffix())}`),
    actor: groupUri,
    tos: members.map((member) => new URL(member.uri ?? '')),
    object: activity,
  });
  await sendTo(context, groupIdentifier(conversationId), members, announce);
}

/** Member: an activity of a local person to the group's inbox on its home server. */
async function sendToGroup(
  context: OutgoingContext,
  sender: Pick<AccountRow, 'username'>,
  route: Extract<GroupRoute, { kind: 'member' }>,
  activity: Activity,
): Promise<void> {
  const recipient: Recipient = {
    id: new URL(route.groupUri),
    inboxId: new URL(route.inboxUrl),
    endpoints: null,
  };
  await context.sendActivity({ identifier: sender.username }, recipient, activity);
}

/**
 * What a local person did in a group, on its way: relayed by the group when it is homed here, else sent to the
 * group. `build` makes the activity, addressed to the group.
 */
export async function federateInGroup(
  context: OutgoingContext,
  actor: Pick<AccountRow, 'username'>,
  route: GroupRoute,
  build: (groupUri: URL) => Activity,
): Promise<void> {
  if (route.kind === 'home') {
    await relayToMembers(context, route.conversation.id, build(homeGroupUri(context, route.conversation.id)));
  } else {
    await sendToGroup(context, actor, route, build(new URL(route.groupUri)));
  }
}

export interface GroupMessageInput {
  author: Pick<AccountsTable, 'uri' | 'domain' | 'username'>;
  noteId: string;
  message: Pick<MessagesTable, 'content' | 'created_at'>;
  media: readonly MediaAttachmentsTable[];
  replyToUri: string | null;
}

/** A group message: a Create of a `palchat:chatMessage` Note addressed to the group alone (no mentions). */
export function groupMessageCreate(
  context: OutgoingContext,
  groupUri: URL,
  input: GroupMessageInput,
): Create {
  const ctx = context.data;
  const authorUri = actorUriOf(context, input.author);
  const published = Temporal.Instant.from(input.message.created_at);
  const note = new ChatMessageNote({
    id: new URL(input.noteId),
    attribution: authorUri,
    tos: [groupUri],
    content: input.message.content.trim()
      ? textToHtml(input.message.content, {
          publicUrl: ctx.config.publicUrl,
          localDomain: ctx.config.localDomain,
        })
      : '',
    published,
    replyTarget: input.replyToUri ? new URL(input.replyToUri) : null,
    attachments: input.media.map((media) => attachmentOf(ctx, media)),
  });
  return new MastodonCreate({
    id: new URL(`${input.noteId}/activity`),
    actor: authorUri,
    tos: [groupUri],
    published,
    object: note,
  });
}

export interface GroupChange {
  /** who made the change (the admin, or the member who left) */
  actorId: string;
  /** the notices it left in the chat, as written here */
  notices: readonly string[];
  /** people no longer in the group, whose servers must hear that too */
  formerMembers?: readonly AccountsTable[];
}

/**
 * Home: the group as it is now, as an `Update` of the group from the group, to every remote member's server (and
 * the servers of people who just left it): its name, `admin`, `members` and the `notices` of the change. Run
 * after the change committed, whoever made it (a remote member leaving too: `federate` gets no acting account).
 */
export async function federateGroupChange(
  ctx: AppContext,
  conversationId: string,
  change: GroupChange,
): Promise<void> {
  await federate(ctx, null, 'a group change', async (context) => {
    const group = await ctx.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .where('group_uri', 'is', null)
      .executeTakeFirst();
    if (!group) return;
    const members = await membersOf(ctx, conversationId);
    const recipients = [...members, ...(change.formerMembers ?? [])].filter((account) => account.domain);
    if (recipients.length === 0) return;
    const uriOf = (id: string | null) => {
      const account = [...members, ...(change.formerMembers ?? [])].find((member) => member.id === id);
      return account ? actorUriOf(context, account).href : null;
    };
    const groupUri = homeGroupUri(context, conversationId);
    const creator = group.creator_id ? await findAccountById(ctx.db, group.creator_id) : undefined;
    const GroupUpdate = withGroupTerms(Update, {
      members: members.map((member) => actorUriOf(context, member).href),
      admin: uriOf(group.admin_id),
      noticeActor: uriOf(change.actorId),
      notices: change.notices,
    });
    const update = new GroupUpdate({
      id: new URL(`${groupUri.href}#updates/${uniqueSuffix()}`),
      actor: groupUri,
      tos: recipients.map((account) => new URL(account.uri ?? '')),
      object: new Group({
        id: groupUri,
        name: group.name,
        attribution: creator ? actorUriOf(context, creator) : null,
      }),
    });
    await sendTo(context, groupIdentifier(conversationId), recipients, update);
  });
}

/** Home: the group dissolved, a `Delete` of the group to the servers of everyone who was in it. */
export async function federateGroupDissolved(
  ctx: AppContext,
  conversationId: string,
  formerMembers: readonly AccountsTable[],
): Promise<void> {
  const remote = formerMembers.filter((account) => account.domain);
  if (remote.length === 0) return;
  await federate(ctx, null, 'a dissolved group', async (context) => {
    const groupUri = homeGroupUri(context, conversationId);
    const deletion = new Delete({
      id: new URL(`${groupUri.href}#delete`),
      actor: groupUri,
      tos: remote.map((account) => new URL(account.uri ?? '')),
      object: groupUri,
    });
    await sendTo(context, groupIdentifier(conversationId), remote, deletion);
  });
}

/** Member: a local person left a group homed elsewhere: a `Leave` of the group, to the group. */
export async function federateGroupLeave(
  ctx: AppContext,
  member: AccountRow,
  conversationId: string,
): Promise<void> {
  await federate(ctx, member, 'leaving a group', async (context) => {
    const route = await groupRouteOf(ctx, conversationId);
    if (route?.kind !== 'member') return;
    const actor = context.getActorUri(member.username);
    const leave = new Leave({
      id: new URL(`${actor.href}#leave/${uniqueSuffix()}`),
      actor,
      tos: [new URL(route.groupUri)],
      object: new URL(route.groupUri),
    });
    await sendToGroup(context, member, route, leave);
  });
}
