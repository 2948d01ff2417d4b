/**
 * The chat hook of Create handling (issue #15, chats across servers): called after a remote direct Note was
 * stored as a direct status (mentions notified, conversations updated), so that a Note replying to a chat
 * message, or addressed only to a local user who chats with its author, also lands in that chat
 * (federation/chat/incoming.ts).
 */
export { onDirectStatus as onDirectNote } from '../chat/incoming.js';
