import type { Message, MessageMedia, MessageSender, Participant, Reaction } from '../model';
import { systemContent } from './system-rows';
import { readersOf, type EncryptedAttachment, type TimelineMeta, type TimelineRecord } from './timeline';

/**
 * Decrypted records in the box's Message shape, so that the same MessageList and MessageItem show an encrypted
 * chat: senders and reactions named from the conversation's participants, receipts from the read marks, media
 * as blob: URLs of the decrypted files.
 */
export interface MappingContext {
  viewerId: string;
  participants: Participant[];
  meta: TimelineMeta | undefined;
  /** the blob: URL of a decrypted file ('' while it is being fetched or when it failed) */
  mediaUrl: (attachment: EncryptedAttachment) => string;
  /** the note a reply quotes, when this device has it */
  replyTarget: (id: string) => TimelineRecord | undefined;
}

function senderOf(id: string, participants: Participant[]): MessageSender {
  const person = participants.find((p) => p.id === id);
  return person
    ? { id, username: person.username, display_name: person.display_name, avatar: person.avatar }
    : { id, username: '', display_name: '', avatar: '' };
}

export function displayName(sender: MessageSender): string {
  return sender.display_name || sender.username;
}

export function toMedia(attachment: EncryptedAttachment, url: string): MessageMedia {
  return {
    // the encrypted file's URL is unguessable and unique: it names the attachment
    id: attachment.url,
    type: attachment.media_type.startsWith('video/') ? 'video' : 'image',
    url,
    preview_url: attachment.media_type.startsWith('video/') ? null : url,
    remote_url: null,
    meta: { width: attachment.width, height: attachment.height },
    description: null,
    blurhash: null,
  };
}

export function toReactions(record: TimelineRecord, participants: Participant[]): Reaction[] {
  const byEmoji = new Map<string, string[]>();
  for (const { emoji, user_id } of record.reactions)
    byEmoji.set(emoji, [...(byEmoji.get(emoji) ?? []), user_id]);
  return [...byEmoji].map(([emoji, userIds]) => ({
    emoji,
    count: userIds.length,
    userIds,
    users: userIds.map((id) => {
      const { username, display_name } = senderOf(id, participants);
      return { id, username, display_name };
    }),
  }));
}

export function toMessage(record: TimelineRecord, context: MappingContext): Message {
  const sender = senderOf(record.sender_id, context.participants);
  const media = record.attachments.map((a) => toMedia(a, context.mediaUrl(a)));
  const target = record.reply_to_id ? context.replyTarget(record.reply_to_id) : undefined;
  const system = record.system !== null;
  return {
    id: record.id,
    conversation_id: record.conversation_id,
    // a system row's text is the viewer's language: the chat view writes it (system-rows.ts)
    content: record.system ? systemContent(record.system.kind) : record.content,
    created_at: record.created_at,
    sender,
    sender_id: sender.id,
    sender_username: sender.username,
    is_system_message: system,
    reply_to_message_id: record.reply_to_id,
    reply_to: target
      ? {
          id: target.id,
          sender: senderOf(target.sender_id, context.participants),
          content: target.content,
          media_attachments: target.attachments.map((a) => toMedia(a, context.mediaUrl(a))),
        }
      : null,
    media_attachments: media,
    reactions: toReactions(record, context.participants),
    read_by: readersOf(record, context.meta),
    deleted_by_user_ids: [],
    // Delete hides a message for the viewer, as in a plain chat; the sender may also delete it for everyone
    can_delete: !system,
  };
}
