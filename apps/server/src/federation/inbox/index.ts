import type { InboxListenerSetters } from '@fedify/fedify';
import {
  Accept,
  Activity,
  Announce,
  Block,
  Create,
  Delete,
  EmojiReact,
  Flag,
  Follow,
  Like,
  Move,
  QuoteRequest,
  Read,
  Reject,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { onIncomingMessageDelete, onIncomingRead, onIncomingReaction } from '../chat/incoming.js';
import { onGroupTraffic } from '../chat/group-incoming.js';
import { onMlsTraffic } from '../e2ee/incoming.js';
import { onIncomingTyping } from '../chat/typing.js';
import { deleteRemoteStatus } from '../ingest/index.js';
import { deleteActor, onFlag, onMove, updateActor } from './accounts.js';
import { onAccept, onBlock, onFollow, onReject, undoBlock, undoFollow } from './follows.js';
import { onAnnounce, onLike, undoAnnounce, undoLike } from './interactions.js';
import { embeddedObject, isActorObject, objectOf, senderOf, type Inbox } from './sender.js';
import { signFetchesFor } from './signer.js';
import { createStatus, updateStatus } from './statuses.js';
import { onAuthorizationDeleted, onQuoteRequest } from './quotes.js';

/** A listener that needs the authenticated, accepted sender (see `senderOf`); others are ignored with 202. */
function fromSender<T extends Activity>(
  handle: (inbox: Inbox, activity: T, sender: AccountRow) => Promise<void>,
) {
  return async (inbox: Inbox, activity: T): Promise<void> => {
    // encrypted chats' MLS objects and key packages (the MLS draft; it checks its senders itself)
    if (await onMlsTraffic(inbox, activity)) return;
    // a group chat's traffic: from a group, or to one of ours (it checks its senders itself)
    if (await onGroupTraffic(inbox, activity)) return;
    const sender = await senderOf(inbox, activity);
    if (!sender) return;
    // what the activity only names is fetched signed as someone it is meant for (servers keep direct posts
    // from anyone else)
    signFetchesFor(inbox, activity, sender);
    await handle(inbox, activity, sender);
  };
}

async function onCreate(inbox: Inbox, create: Create, sender: AccountRow): Promise<void> {
  const object = await objectOf(inbox, create);
  if (object) await createStatus(inbox, create, sender, object);
}

async function onUpdate(inbox: Inbox, update: Update, sender: AccountRow): Promise<void> {
  const object = await objectOf(inbox, update);
  if (isActorObject(object)) await updateActor(inbox, sender, object);
  else if (object) await updateStatus(inbox, sender, object);
}

/** Delete of the sender's actor (the account is gone) or of one of its statuses (a Tombstone, a Note, an id). */
async function onDelete(inbox: Inbox, deletion: Delete, sender: AccountRow): Promise<void> {
  const id = deletion.objectId;
  if (!id) return;
  if (id.href === sender.uri) return deleteActor(inbox.data, sender);
  const embedded = await embeddedObject(inbox, deletion);
  if (embedded && !(embedded instanceof Tombstone) && embedded.id?.href !== id.href) return;
  // a chat message deleted for everyone by its author
  if (await onIncomingMessageDelete(inbox.data, id, sender)) return;
  // a quoted author withdrawing the authorization of a quote (FEP-044f)
  if (await onAuthorizationDeleted(inbox.data, id, sender)) return;
  await deleteRemoteStatus(inbox.data, id.href, sender);
}

/** A reaction to a chat message stays in the chat; any other is a favourite. */
async function onEmojiReact(inbox: Inbox, react: EmojiReact, sender: AccountRow): Promise<void> {
  if (!(await onIncomingReaction(inbox.data, react, sender, false))) await onLike(inbox, react, sender);
}

/** Any other activity: Palchat's typing indicator (`palchat:Typing`), or ignored. */
async function onOtherActivity(inbox: Inbox, activity: Activity, sender: AccountRow): Promise<void> {
  await onIncomingTyping(inbox.data, activity, sender);
}

async function onRead(inbox: Inbox, read: Read, sender: AccountRow): Promise<void> {
  await onIncomingRead(inbox.data, read, sender);
}

/**
 * Undo of an earlier activity by the same actor: the embedded object says which (Follow, Block, Announce, Like);
 * an Undo naming its object only by id is matched against what that id left here (a boost, a remembered Follow).
 */
async function onUndo(inbox: Inbox, undo: Undo, sender: AccountRow): Promise<void> {
  const ctx = inbox.data;
  const object = await embeddedObject(inbox, undo);
  if (object) {
    // only the actor of an activity may undo it
    const actorIds = 'actorIds' in object ? (object.actorIds as URL[]) : [];
    if (!actorIds.some((id) => id.href === sender.uri)) return;
    if (object instanceof Follow) await undoFollow(ctx, sender, object);
    else if (object instanceof Block) await undoBlock(ctx, sender, object);
    else if (object instanceof Announce && object.id) await undoAnnounce(ctx, sender, object.id);
    else if (object instanceof EmojiReact && (await onIncomingReaction(ctx, object, sender, true))) return;
    else if (object instanceof Like || object instanceof EmojiReact) await undoLike(inbox, object, sender);
    return;
  }
  const id = undo.objectId;
  if (!id) return;
  if (!(await undoAnnounce(ctx, sender, id))) await undoFollow(ctx, sender, id);
}

/**
 * The listeners for every activity this server understands (issue #15), one module per family. Fedify has
 * verified the signature and that its key belongs to the activity's actor (or answered 401); each handler then
 * checks the sender may change what the activity names. Activities we choose to ignore still get their 202.
 */
export function registerInboxListeners(listeners: InboxListenerSetters<AppContext>): void {
  listeners
    // an activity delivered to several of our inboxes (personal and shared) is handled once
    .withIdempotency('global')
    .on(Follow, onFollow)
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .on(Block, onBlock)
    .on(Create, fromSender(onCreate))
    .on(Update, fromSender(onUpdate))
    .on(Delete, fromSender(onDelete))
    .on(Announce, fromSender(onAnnounce))
    // a Like with content and an EmojiReact are reactions: shown as favourites, as Mastodon does
    .on(Like, fromSender<Like>(onLike))
    .on(EmojiReact, fromSender(onEmojiReact))
    // read receipts of chat messages (Palchat's chat vocabulary, docs/FEDERATION.md)
    .on(Read, fromSender(onRead))
    .on(Activity, fromSender(onOtherActivity))
    .on(QuoteRequest, fromSender(onQuoteRequest))
    .on(Flag, fromSender(onFlag))
    .on(Move, fromSender(onMove))
    .on(Undo, fromSender(onUndo));
}
