import type { Context } from '@fedify/fedify';
import type { Note } from '@fedify/vocab';
import { EmojiReact, Mention, Read, Undo } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable, MediaAttachmentsTable, MessagesTable } from '../../db/schema.js';
import { escapeHtml, textToHtml } from '../../statuses/text-format.js';
import { deliverToActor } from '../outbox.js';
import { MastodonCreate, MastodonNote } from '../outgoing/media-terms.js';
import { attachmentOf } from '../outgoing/note.js';
import { recipientOf } from '../recipients.js';
import { federateInGroup, groupMessageCreate, groupRouteOf } from './group-outgoing.js';
import { speaksPalchatChat } from './peers.js';
import { localMessageUri } from './uris.js';
import { ChatMessageNote } from './vocabulary.js';
import { webLinkOr } from '../../lib/web-link.js';
import { runtimeOf } from '../runtime.js';

function senderContext(ctx: AppContext): Context<AppContext> | null {
  const runtime = runtimeOf(ctx);
  return runtime ? runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx) : null;
}

/** The ActivityPub id of any message: its stored uri when it came from elsewhere, else the computed one. */
export async function messageUriOf(
  ctx: AppContext,
  message: Pick<MessagesTable, 'id' | 'sender_id' | 'uri'>,
): Promise<string> {
  if (message.uri) return message.uri;
  const sender = await ctx.db
    .selectFrom('accounts')
    .select('username')
    .where('id', '=', message.sender_id)
    .executeTakeFirstOrThrow();
  return localMessageUri(ctx, sender.username, message.id);
}

/** The remote people of a conversation (a direct chat has one at most). */
async function remoteParticipants(
  ctx: AppContext,
  conversationId: string,
  exceptId: string,
): Promise<AccountsTable[]> {
  return ctx.db
    .selectFrom('conversation_participants')
    .innerJoin('accounts', 'accounts.id', 'conversation_participants.account_id')
    .selectAll('accounts')
    .where('conversation_participants.conversation_id', '=', conversationId)
    .where('accounts.id', '!=', exceptId)
    .where('accounts.domain', 'is not', null)
    .execute();
}

type RecipientRow = Pick<AccountsTable, 'uri' | 'url' | 'username' | 'domain'>;

export interface ChatNoteInput {
  sender: Pick<AccountRow, 'username'>;
  /** the remote participants: the other person of a direct chat, or a group's remote members */
  recipients: readonly RecipientRow[];
  message: Pick<MessagesTable, 'id' | 'content' | 'created_at'>;
  media: readonly MediaAttachmentsTable[];
  replyToUri: string | null;
  /** the recipient's server speaks the Palchat chat vocabulary */
  palchat: boolean;
}

function mentionHtml(recipient: RecipientRow): string {
  const profile = escapeHtml(webLinkOr(recipient.url, recipient.uri ?? ''));
  return `<span class="h-card" translate="no"><a href="${profile}" class="u-url mention">@<span>${escapeHtml(recipient.username)}</span></a></span>`;
}

/**
 * A chat message as a direct Note mentioning only its recipients (in a direct chat, the one other person), which
 * Mastodon and Fedify-based servers show as a private mention: addressed to them alone, the mentions first in
 * the text, with the message's media. One Note, whatever server each recipient is on, so that its id names one
 * object everywhere.
 */
export function chatNoteOf(context: Context<AppContext>, input: ChatNoteInput): Note {
  const ctx = context.data;
  const { sender, message } = input;
  const recipients = input.recipients.filter((recipient) => recipient.uri);
  const body = message.content.trim()
    ? textToHtml(message.content, { publicUrl: ctx.config.publicUrl, localDomain: ctx.config.localDomain })
    : '';
  const mentions = recipients.map(mentionHtml).join(' ');
  // the mentions go inside the first paragraph, as Mastodon writes a private mention
  const content = body.startsWith('<p>') ? `<p>${mentions} ${body.slice(3)}` : `<p>${mentions}</p>${body}`;
  const values = {
    id: new URL(localMessageUri(ctx, sender.username, message.id)),
    attribution: context.getActorUri(sender.username),
    tos: recipients.map((recipient) => new URL(recipient.uri ?? '')),
    content,
    published: Temporal.Instant.from(message.created_at),
    replyTarget: input.replyToUri ? new URL(input.replyToUri) : null,
    tags: recipients.map(
      (recipient) =>
        new Mention({
          href: new URL(recipient.uri ?? ''),
          name: `@${recipient.username}@${recipient.domain ?? ''}`,
        }),
    ),
    attachments: input.media.map((media) => attachmentOf(ctx, media)),
  };
  return input.palchat ? new ChatMessageNote(values) : new MastodonNote(values);
}

/**
 * After a message is stored: to each remote participant, a Create of its Note (enqueued; a slow server never
 * slows the send). Nothing when federation is off or everyone is local.
 */
export async function federateMessage(
  ctx: AppContext,
  sender: AccountRow,
  message: MessagesTable,
  media: readonly MediaAttachmentsTable[],
  replied: MessagesTable | undefined,
): Promise<void> {
  const context = senderContext(ctx);
  if (!context || message.is_system_message === 1) return;
  const route = await groupRouteOf(ctx, message.conversation_id);
  if (route) {
    const replyToUri = replied ? await messageUriOf(ctx, replied) : null;
    const noteId = await messageUriOf(ctx, message);
    await federateInGroup(context, sender, route, (groupUri) =>
      groupMessageCreate(context, groupUri, { author: sender, noteId, message, media, replyToUri }),
    );
    return;
  }
  const recipients = (await remoteParticipants(ctx, message.conversation_id, sender.id)).filter(recipientOf);
  if (recipients.length === 0) return;
  const replyToUri = replied ? await messageUriOf(ctx, replied) : null;
  for (const recipient of recipients) {
    const palchat = await speaksPalchatChat(ctx, recipient);
    const note = chatNoteOf(context, { sender, recipients, message, media, replyToUri, palchat });
    const create = new MastodonCreate({
      id: new URL(`${note.id?.href}/activity`),
      actor: context.getActorUri(sender.username),
      tos: note.toIds,
      published: note.published,
      object: note,
    });
    await deliverToActor(ctx, sender, recipient, create);
  }
}

/** Only servers that speak the Palchat chat vocabulary get reactions and read receipts on chat messages. */
async function palchatRecipients(
  ctx: AppContext,
  conversationId: string,
  actorId: string,
): Promise<AccountsTable[]> {
  const recipients = await remoteParticipants(ctx, conversationId, actorId);
  const speaks = await Promise.all(recipients.map((recipient) => speaksPalchatChat(ctx, recipient)));
  return recipients.filter((_, index) => speaks[index]);
}

export function reactionActivity(
  context: Context<AppContext>,
  input: {
    actor: Pick<AccountRow, 'username'>;
    reactionId: string;
    messageUri: string;
    emoji: string;
    undo: boolean;
    /** in a group: addressed to the group */
    to?: URL;
  },
): EmojiReact | Undo {
  const actorUri = context.getActorUri(input.actor.username);
  const tos = input.to ? [input.to] : [];
  const react = new EmojiReact({
    id: new URL(`${actorUri.href}#message-reactions/${input.reactionId}`),
    actor: actorUri,
    object: new URL(input.messageUri),
    content: input.emoji,
    tos,
  });
  if (!input.undo) return react;
  return new Undo({
    id: new URL(`${actorUri.href}#message-reactions/${input.reactionId}/undo`),
    actor: actorUri,
    object: react,
    tos,
  });
}

/** A reaction added or removed: EmojiReact, or Undo of it, to the chat's remote Palchat participants. */
export async function federateReaction(
  ctx: AppContext,
  actor: AccountRow,
  message: MessagesTable,
  reaction: { id: string; emoji: string; undo: boolean },
): Promise<void> {
  const context = senderContext(ctx);
  if (!context) return;
  const messageUri = await messageUriOf(ctx, message);
  const route = await groupRouteOf(ctx, message.conversation_id);
  if (route) {
    await federateInGroup(context, actor, route, (to) =>
      reactionActivity(context, { actor, reactionId: reaction.id, messageUri, ...reaction, to }),
    );
    return;
  }
  const recipients = await palchatRecipients(ctx, message.conversation_id, actor.id);
  if (recipients.length === 0) return;
  const activity = reactionActivity(context, {
    actor,
    reactionId: reaction.id,
    messageUri,
    emoji: reaction.emoji,
    undo: reaction.undo,
  });
  for (const recipient of recipients) await deliverToActor(ctx, actor, recipient, activity);
}

export function readActivity(
  context: Context<AppContext>,
  input: { actor: Pick<AccountRow, 'username'>; receiptId: string; messageUris: string[]; to?: URL },
): Read {
  const actorUri = context.getActorUri(input.actor.username);
  return new Read({
    id: new URL(`${actorUri.href}#message-receipts/${input.receiptId}`),
    actor: actorUri,
    objects: input.messageUris.map((uri) => new URL(uri)),
    tos: input.to ? [input.to] : [],
  });
}

/**
 * Read receipts (only sent when the reader's settings allow them; markRead decides): a Read of the messages
 * just read, to the remote Palchat participants who wrote them.
 */
export async function federateReadReceipt(
  ctx: AppContext,
  reader: AccountRow,
  conversationId: string,
  messageIds: readonly string[],
): Promise<void> {
  const context = senderContext(ctx);
  if (!context || messageIds.length === 0) return;
  const route = await groupRouteOf(ctx, conversationId);
  if (route) {
    // in a group, one Read of everything just read: every member's server shows it to the authors
    const messages = await ctx.db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'uri'])
      .where('id', 'in', [...messageIds])
      .execute();
    const messageUris = await Promise.all(messages.map((message) => messageUriOf(ctx, message)));
    const receiptId = `${conversationId}-${messageIds[messageIds.length - 1] ?? ''}`;
    await federateInGroup(context, reader, route, (to) =>
      readActivity(context, { actor: reader, receiptId, messageUris, to }),
    );
    return;
  }
  const recipients = await palchatRecipients(ctx, conversationId, reader.id);
  if (recipients.length === 0) return;
  const messages = await ctx.db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'uri'])
    .where('id', 'in', [...messageIds])
    .execute();
  for (const recipient of recipients) {
    const theirs = messages.filter((message) => message.sender_id === recipient.id && message.uri);
    if (theirs.length === 0) continue;
    const activity = readActivity(context, {
      actor: reader,
      receiptId: messageIds[messageIds.length - 1] ?? '',
      messageUris: theirs.map((message) => message.uri ?? ''),
    });
    await deliverToActor(ctx, reader, recipient, activity);
  }
}
