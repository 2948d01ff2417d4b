import type { Activity } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';

/**
 * The chat hook of Create handling (issue #15, chats across servers; the "fedchat" work fills it): called after a
 * remote direct Note was stored as a direct status (mentions notified, conversations updated), so that a Note
 * replying to a chat message, or addressed only to a local user who chats with its author, also lands in that
 * chat. Until chats federate, a direct Note is a private mention and nothing more happens here.
 */
export async function onDirectNote(
  _ctx: AppContext,
  _status: StatusesTable,
  _activity: Activity,
): Promise<void> {}
