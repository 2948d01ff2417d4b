import type { AppContext } from '../../context.js';
import type { FederationQueueTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { federateMessage } from '../chat/outgoing.js';
import { sendStatusCreate, sendStatusDelete, sendStatusUpdate } from './statuses.js';
import { runtimeOf } from '../runtime.js';
import { getAccountById } from '../../accounts/store.js';
import { findStatusById } from '../../statuses/store.js';

/**
 * A local write's federation, recorded in the write's own transaction as a row of the durable queue
 * (`federation_queue`), so that nothing after the commit (the event bus, a crash) can lose it: a queue consumer
 * turns it into the Fedify sends once the write is committed.
 */
type StatusIntentKind = 'status-created' | 'status-updated' | 'status-deleted';
type Intent = { kind: 'chat-message'; messageId: string } | { kind: StatusIntentKind; statusId: string };
export type FederationIntent = { type: 'palchat.federate' } & Intent;

export type FederationIntentRow = Omit<FederationQueueTable, 'attempts' | 'locked_until' | 'locked_by'>;

/**
 * The queue row of a local person's write's federation, when this server federates (nothing consumes it
 * otherwise); remote people's writes arrived through the inbox and go nowhere.
 */
function intentRow(
  ctx: AppContext,
  actor: { domain?: string | null },
  intent: Intent,
): FederationIntentRow | null {
  if (!ctx.federation || actor.domain) return null;
  const now = new Date().toISOString();
  const payload = JSON.stringify({ type: 'palchat.federate', ...intent });
  return { id: newId(), payload, ordering_key: null, run_at: now, created_at: now, host: null };
}

export const chatMessageIntent = (ctx: AppContext, sender: { domain?: string | null }, messageId: string) =>
  intentRow(ctx, sender, { kind: 'chat-message', messageId });

/** A local status's Create, Update (after an edit) or Delete (not of a boost: that is an Undo(Announce)). */
export const statusIntent = (
  ctx: AppContext,
  author: { domain?: string | null },
  kind: StatusIntentKind,
  statusId: string,
) => intentRow(ctx, author, { kind, statusId });

/** Tells this process's idle queue consumers that an intent was committed, rather than wait for their poll. */
export function intentCommitted(ctx: AppContext): void {
  runtimeOf(ctx)?.queue.wake();
}

export async function runFederationIntent(ctx: AppContext, intent: FederationIntent): Promise<void> {
  if (intent.kind === 'chat-message') return federateStoredMessage(ctx, intent.messageId);
  return federateStoredStatus(ctx, intent.kind, intent.statusId);
}

async function federateStoredMessage(ctx: AppContext, messageId: string): Promise<void> {
  const message = await ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .executeTakeFirst();
  // deleted before its turn came: nothing to announce
  if (!message) return;
  const [sender, media, replied] = await Promise.all([
    getAccountById(ctx.db, message.sender_id),
    ctx.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('message_id', '=', messageId)
      .orderBy('id')
      .execute(),
    message.reply_to_message_id
      ? ctx.db
          .selectFrom('messages')
          .selectAll()
          .where('id', '=', message.reply_to_message_id)
          .executeTakeFirst()
      : undefined,
  ]);
  await federateMessage(ctx, sender, message, media, replied);
}

const STATUS_SENDS = {
  'status-created': sendStatusCreate,
  'status-updated': sendStatusUpdate,
  'status-deleted': sendStatusDelete,
};

async function federateStoredStatus(
  ctx: AppContext,
  kind: StatusIntentKind,
  statusId: string,
): Promise<void> {
  const runtime = runtimeOf(ctx);
  const status = await findStatusById(ctx.db, statusId);
  if (!runtime || !status || status.reblog_of_id) return;
  // deleted before its Create or Update had its turn: its Delete says all there is to say
  if (status.deleted_at && kind !== 'status-deleted') return;
  const author = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'username', 'domain'])
    .where('id', '=', status.account_id)
    .executeTakeFirstOrThrow();
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  await STATUS_SENDS[kind](context, author, status);
}
