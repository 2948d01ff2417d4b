import type { AccountRow } from '../auth/viewer.js';
import type { MediaAttachmentsTable, MessagesTable } from '../db/schema.js';

/**
 * What the message box (messaging/) tells the rest of the server. Local people's actions and the remote ones the
 * inbox applies through the same commands emit the same events: a subscriber that announces an action to other
 * servers looks at who acted (a remote actor's action came from their server and goes nowhere).
 */

/** A chat message was stored: a local person's send, or a remote person's message the inbox received. */
export interface MessageSent {
  type: 'MessageSent';
  message: MessagesTable;
  sender: AccountRow;
  /** its uploads, in order */
  media: readonly MediaAttachmentsTable[];
  /** the message it replies to */
  replied: MessagesTable | undefined;
}

/** A chat message was removed for everyone by its author (a remote author's Delete). */
export interface MessageDeleted {
  type: 'MessageDeleted';
  message: MessagesTable;
}

/** One person's reaction with one emoji was added or removed (`undo`). */
export interface ReactionToggled {
  type: 'ReactionToggled';
  message: MessagesTable;
  actor: AccountRow;
  reaction: { id: string; emoji: string; undo: boolean };
}

/** A reader's read receipt moved up: these messages of others were just read (only with read receipts on). */
export interface ReadUpTo {
  type: 'ReadUpTo';
  reader: AccountRow;
  conversationId: string;
  messageIds: readonly string[];
}

/** Someone started or stopped typing in a chat (relayed: their typing indicator is on). Not a write. */
export interface Typing {
  type: 'Typing';
  typist: AccountRow;
  conversationId: string;
  event: 'typing_start' | 'typing_stop';
}

/** A group homed here was created or changed (name, members, owner), with the notices it left in the chat. */
export interface GroupChanged {
  type: 'GroupChanged';
  conversationId: string;
  /** who made the change (the admin, or a member who left) */
  actorId: string;
  notices: readonly MessagesTable[];
  /** people just out of the group (removed, or who left) */
  formerMemberIds: readonly string[];
}

/** A local person left a group homed on another server (whose home server takes them out). */
export interface GroupLeft {
  type: 'GroupLeft';
  member: AccountRow;
  conversationId: string;
}

/** A group was dissolved here: by its admin when homed here, else because its home server deleted it. */
export interface GroupDissolved {
  type: 'GroupDissolved';
  conversationId: string;
  homedHere: boolean;
  /** who was in it */
  memberIds: readonly string[];
}

export type ChatEvent =
  | MessageSent
  | MessageDeleted
  | ReactionToggled
  | ReadUpTo
  | Typing
  | GroupChanged
  | GroupLeft
  | GroupDissolved;
