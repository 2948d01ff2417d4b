import {
  Announce,
  Create,
  Delete,
  EmojiReact,
  Leave,
  Note,
  Read,
  Undo,
  Update,
  isActor,
  type Activity,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { ConversationsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { participantIds } from '../../messaging/access.js';
import { dissolveGroup } from '../../messaging/conversations.js';
import { applyGroupCopy } from '../../messaging/group-copies.js';
import { leaveGroup } from '../../messaging/groups.js';
import { mutualFollowsAmong } from '../../messaging/relations.js';
import { relayTyping } from '../../messaging/typing.js';
import { findAccountByUri } from '../../accounts/store.js';
import { localAccountOfActorUri } from '../actors.js';
import {
  embeddedObject,
  fetchOptions,
  ingestOptions,
  isSuspendedDomain,
  senderOf,
  type Inbox,
} from '../inbox/sender.js';
import { resolveRemoteUrl } from '../outgoing/resolve.js';
import { homeGroupIdOfUri, findHomeGroup } from './group-actor.js';
import { groupMessageCreate, homeGroupUri, relayToMembers } from './group-outgoing.js';
import {
  findMessageByUri,
  onIncomingMessageDelete,
  onIncomingRead,
  onIncomingReaction,
  storeRemoteMessage,
} from './incoming.js';
import { messageUriOf } from './outgoing.js';
import { typingActivity, typingStateOf } from './typing.js';
import { palchatTerm } from './vocabulary.js';

type JsonObject = Record<string, unknown>;

/** A group has at most this many members across servers (an Update naming more is refused). */
const MAX_GROUP_MEMBERS = 256;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .map((item): unknown => (isObject(item) ? (item['@id'] ?? item.id ?? item['@value']) : item))
    .filter((item): item is string => typeof item === 'string');

/**
 * The account an actor id names here: a local one, a stored remote one, or one fetched now (a member of a group
 * this server had not met yet). Undefined when it cannot be had.
 */
export async function accountOfActor(inbox: Inbox, uri: string): Promise<AccountRow | undefined> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  const local = await localAccountOfActorUri(inbox, url);
  if (local) return local;
  const known = await findAccountByUri(inbox.data.db, uri);
  if (known) return known;
  return (await resolveRemoteUrl(inbox.data, uri).catch(() => null))?.account;
}

/**
 * What a member did in a group, applied to this server's copy of it (`conversationId`): a message (a Create of a
 * Note by them), a reaction or its Undo, a read receipt, a delete of their message, typing. The member must take
 * part in the group; each handler checks the message named is of this group. Answers what to relay onwards (the
 * home server announces it to the other members' servers), or null when nothing was applied.
 */
async function applyMemberActivity(
  inbox: Inbox,
  activity: Activity,
  raw: JsonObject,
  member: AccountRow,
  conversationId: string,
): Promise<Activity | null> {
  const ctx = inbox.data;
  if (!(await participantIds(ctx.db, conversationId)).includes(member.id)) return null;
  if (activity instanceof Create) {
    const note = await embeddedObject(inbox, activity);
    if (!(note instanceof Note) || note.attributionId?.href !== member.uri) return null;
    // the same message again: stored and relayed once
    if (!note.id || (await findMessageByUri(ctx, ctx.db, note.id.href))) return null;
    const replied = note.replyTargetId
      ? await findMessageByUri(ctx, ctx.db, note.replyTargetId.href)
      : undefined;
    const chat = {
      conversationId,
      replied: replied?.conversation_id === conversationId ? replied : undefined,
    };
    const message = await storeRemoteMessage(ctx, note, member, chat, ingestOptions(inbox));
    if (!message) return null;
    // relayed as stored here: its text sanitized, its media as they were accepted
    const media = await ctx.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('message_id', '=', message.id)
      .execute();
    return groupMessageCreate(inbox, activity.toIds[0] ?? new URL(ctx.config.publicUrl), {
      author: member,
      noteId: message.uri ?? '',
      message,
      media,
      replyToUri: chat.replied ? await messageUriOf(ctx, chat.replied) : null,
    });
  }
  if (activity instanceof EmojiReact) {
    return (await onIncomingReaction(ctx, activity, member, false, conversationId)) ? activity : null;
  }
  if (activity instanceof Undo) {
    const react = await embeddedObject(inbox, activity);
    if (!(react instanceof EmojiReact) || react.actorId?.href !== member.uri) return null;
    return (await onIncomingReaction(ctx, react, member, true, conversationId)) ? activity : null;
  }
  if (activity instanceof Read) {
    await onIncomingRead(ctx, activity, member, conversationId);
    return activity;
  }
  if (activity instanceof Delete) {
    const id = activity.objectId;
    return id && (await onIncomingMessageDelete(ctx, id, member, conversationId)) ? activity : null;
  }
  const state = typingStateOf(raw);
  if (!state) return null;
  await relayTyping(ctx, member, conversationId, state === 'start' ? 'typing_start' : 'typing_stop');
  return typingActivity(state, {
    id: activity.id ?? new URL(`${member.uri ?? ''}#typing/${newId()}`),
    actor: new URL(member.uri ?? ''),
    to: activity.toIds[0] ?? new URL(ctx.config.publicUrl),
  });
}

/**
 * Home: an activity of a remote member addressed to one of our groups. Only a current member (an accepted,
 * unsuspended sender: `senderOf`) is heard; what they did is applied here and announced to the other members'
 * servers. A `Leave` of the group takes them out (the group's Update tells everyone).
 */
async function onActivityToHomeGroup(
  inbox: Inbox,
  activity: Activity,
  conversationId: string,
): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, activity);
  if (!sender || !(await findHomeGroup(ctx.db, conversationId))) return;
  if (activity instanceof Leave) {
    if (activity.objectId?.href !== homeGroupUri(inbox, conversationId).href) return;
    if ((await participantIds(ctx.db, conversationId)).includes(sender.id))
      await leaveGroup(ctx, sender, conversationId).catch(() => undefined);
    return;
  }
  const raw = (await activity.toJsonLd()) as JsonObject;
  const relayed = await applyMemberActivity(inbox, activity, raw, sender, conversationId);
  if (relayed && sender.uri) await relayToMembers(inbox, conversationId, relayed, new URL(sender.uri).origin);
}

/** Member: a group's `Announce` of what one of its members did. */
async function onGroupAnnounce(inbox: Inbox, announce: Activity, copy: ConversationsTable): Promise<void> {
  const inner = await embeddedObject(inbox, announce);
  const raw = (await announce.toJsonLd()) as JsonObject;
  if (!inner || !('actorId' in inner) || !isObject(raw.object)) return;
  const activity = inner as Activity;
  const actorId = activity.actorId;
  if (!actorId || activity.actorIds.length !== 1) return;
  if (await isSuspendedDomain(inbox.data, actorId.host)) return;
  const member = await accountOfActor(inbox, actorId.href);
  // our own people's activities are ours already
  if (!member?.domain || member.suspended_at) return;
  await applyMemberActivity(inbox, activity, raw.object, member, copy.id);
}

interface GroupState {
  name: string;
  /** the group's creator (the embedded Group's attributedTo), for the creator label */
  creator: string | null;
  members: string[];
  admin: string;
  noticeActor: string | null;
  notices: string[];
}

async function groupStateOf(inbox: Inbox, update: Update): Promise<GroupState | null> {
  const raw = (await update.toJsonLd()) as JsonObject;
  const members = stringsOf(palchatTerm(raw, 'members'));
  const [admin] = stringsOf(palchatTerm(raw, 'admin'));
  const group = await embeddedObject(inbox, update);
  if (!admin || members.length === 0 || members.length > MAX_GROUP_MEMBERS) return null;
  if (!group || group.id?.href !== update.actorId?.href) return null;
  const notices = palchatTerm(raw, 'notices');
  const list = isObject(notices) && Array.isArray(notices['@list']) ? notices['@list'] : notices;
  return {
    name: (group.name?.toString() ?? '').trim().slice(0, 100) || 'Group',
    creator: 'attributionId' in group && group.attributionId instanceof URL ? group.attributionId.href : null,
    members,
    admin,
    noticeActor: stringsOf(palchatTerm(raw, 'noticeActor'))[0] ?? null,
    notices: stringsOf(list).slice(0, 20),
  };
}

/** The group's inbox, from its actor document (fetched once, when this server first hears of the group). */
async function groupInboxOf(inbox: Inbox, update: Update): Promise<string | null> {
  const actor = await update.getActor(fetchOptions(inbox)).catch(() => null);
  const inboxId = actor && isActor(actor) ? actor.inboxId : null;
  if (!actor?.id || actor.id.href !== update.actorId?.href || !inboxId) return null;
  return inboxId.origin === actor.id.origin ? inboxId.href : null;
}

/**
 * Member: a group's `Update`: this server's copy of it is made or brought up to date (name, admin, members),
 * with the notices of the change in the chat, streamed to its people here. A local person is put in a group only
 * when they and its admin follow each other (SPEC §6: only mutual follows are grouped). The same Update twice
 * changes nothing.
 */
async function onGroupUpdate(
  inbox: Inbox,
  update: Update,
  copy: ConversationsTable | undefined,
): Promise<void> {
  const ctx = inbox.data;
  const groupUri = update.actorId?.href;
  const state = await groupStateOf(inbox, update);
  if (!groupUri || !state) return;
  const admin = await accountOfActor(inbox, state.admin);
  if (!admin?.domain || new URL(state.admin).origin !== new URL(groupUri).origin) return;
  const resolved = new Map<string, AccountRow>();
  for (const uri of state.members) {
    const account = await accountOfActor(inbox, uri);
    if (account && !account.suspended_at) resolved.set(account.id, account);
  }
  const current = copy ? await participantIds(ctx.db, copy.id) : [];
  const newLocals = [...resolved.values()].filter(
    (account) => !account.domain && !current.includes(account.id),
  );
  const mutual = await mutualFollowsAmong(
    ctx.db,
    admin.id,
    newLocals.map((account) => account.id),
  );
  for (const account of newLocals) if (!mutual.has(account.id)) resolved.delete(account.id);
  const wanted = [...resolved.keys()];
  if (!copy && !wanted.some((id) => !resolved.get(id)?.domain)) return;
  const inboxUrl = copy?.group_inbox_url ?? (await groupInboxOf(inbox, update));
  if (!inboxUrl) return;
  const joined = wanted.filter((id) => !current.includes(id));
  const left = current.filter((id) => !resolved.has(id));
  const changed =
    !copy || copy.name !== state.name || copy.admin_id !== admin.id || joined.length > 0 || left.length > 0;
  if (!changed) return;
  const noticeActor = state.noticeActor ? await accountOfActor(inbox, state.noticeActor) : admin;
  const creator = state.creator ? await accountOfActor(inbox, state.creator) : undefined;
  await applyGroupCopy(ctx, {
    copy,
    groupUri,
    inboxUrl,
    name: state.name,
    adminId: admin.id,
    creatorId: (creator ?? admin).id,
    joined,
    left,
    noticeActorId: (noticeActor ?? admin).id,
    notices: state.notices,
  });
}

class GroupNotYetKnownError extends Error {
  constructor(groupUri: string) {
    super(`A relay of the group ${groupUri}, which this server does not know yet`);
  }
}

/** An Announce of an activity addressed to the announcing actor itself: what a group relays to its members. */
async function isRelayOfUnknownGroup(inbox: Inbox, activity: Activity): Promise<boolean> {
  if (!(activity instanceof Announce) || !activity.actorId) return false;
  const inner = await embeddedObject(inbox, activity);
  const addressed = inner && 'toIds' in inner ? inner.toIds : [];
  return addressed.some((uri) => uri.href === activity.actorId?.href);
}

/**
 * Group traffic, before the usual handling (inbox/index.ts): activities of a group this server holds a copy of
 * (or an `Update` introducing one), and activities addressed to a group homed here. Answers whether it was group
 * traffic (handled or refused), so that nothing else reads it as a post.
 */
export async function onGroupTraffic(inbox: Inbox, activity: Activity): Promise<boolean> {
  const ctx = inbox.data;
  const actorId = activity.actorId;
  if (!actorId) return false;
  const homeGroup = activity.toIds.map((uri) => homeGroupIdOfUri(inbox, uri)).find((id) => id !== null);
  if (homeGroup) {
    await onActivityToHomeGroup(inbox, activity, homeGroup);
    return true;
  }
  const copy = await ctx.db
    .selectFrom('conversations')
    .selectAll()
    .where('group_uri', '=', actorId.href)
    .executeTakeFirst();
  const introducesGroup =
    !copy && activity instanceof Update && palchatTerm((await activity.toJsonLd()) as JsonObject, 'members');
  if (!copy && !introducesGroup) {
    // a group's relay that overtook the Update introducing the group: tried again later (Fedify's inbox retries)
    if (await isRelayOfUnknownGroup(inbox, activity)) throw new GroupNotYetKnownError(actorId.href);
    return false;
  }
  if (await isSuspendedDomain(ctx, actorId.host)) return true;
  if (activity instanceof Update) await onGroupUpdate(inbox, activity, copy);
  else if (copy && activity instanceof Delete && activity.objectId?.href === copy.group_uri)
    await dissolveGroup(ctx, copy.id);
  else if (copy && activity instanceof Announce) await onGroupAnnounce(inbox, activity, copy);
  return true;
}
