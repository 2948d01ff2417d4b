import type { InboxListenerSetters } from '@fedify/fedify';
import { Accept, Block, Follow, Reject, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { onAccept, onBlock, onFollow, onReject, undoBlock, undoFollow } from './follows.js';
import { embeddedObject, senderOf, type Inbox } from './sender.js';

/**
 * Undo of an earlier activity by the same actor: the embedded object says which (Follow, Block, Announce, Like…);
 * an Undo naming its object only by id is matched against what that id left here.
 */
async function onUndo(inbox: Inbox, undo: Undo): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, undo);
  if (!sender) return;
  const object = await embeddedObject(inbox, undo);
  if (object) {
    // only the actor of an activity may undo it
    const actorIds = 'actorIds' in object ? (object.actorIds as URL[]) : [];
    if (!actorIds.some((id) => id.href === sender.uri)) return;
    if (object instanceof Follow) await undoFollow(ctx, sender, object);
    else if (object instanceof Block) await undoBlock(ctx, sender, object);
    return;
  }
  const id = undo.objectId;
  if (id) await undoFollow(ctx, sender, id);
}

/**
 * The listeners for every activity this server understands (issue #15). Each family lives in its own module;
 * the sender is authenticated by Fedify (the signature's key must belong to the activity's actor) and every
 * handler checks the sender may change what the activity names. Activities we choose to ignore still get 202.
 */
export function registerInboxListeners(listeners: InboxListenerSetters<AppContext>): void {
  listeners
    // an activity delivered to several of our inboxes (personal and shared) is handled once
    .withIdempotency('global')
    .on(Follow, onFollow)
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .on(Block, onBlock)
    .on(Undo, onUndo);
}
