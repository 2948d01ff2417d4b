import { sql } from 'kysely';
import type { KeyClaim } from '../db/idempotency.js';
import { isPostgres, type Db, type DbOrTx, type Tx } from '../db/index.js';
import type { MediaAttachmentsTable, MessagesTable } from '../db/schema.js';
import { notFound, unprocessable } from '../http/errors.js';

/** A write that must commit with the message, or not at all. */
export type InTransactionStep = (tx: Tx) => Promise<void>;

/**
 * What a new message changes besides its row: the conversation's place in the list, and each participant's
 * visibility, unread count (the sender's stays) and activity cursor. Answers the participants' account ids.
 */
export type ConversationActivity = Pick<MessagesTable, 'id' | 'conversation_id' | 'sender_id' | 'created_at'>;

export async function bumpConversation(tx: DbOrTx, message: ConversationActivity): Promise<string[]> {
  await tx
    .updateTable('conversations')
    .set({ updated_at: message.created_at })
    .where('id', '=', message.conversation_id)
    .execute();
  return bumpParticipants(tx, message);
}

/**
 * The participants' side of a new message (its place in their lists, unread counts, the sender's read mark), for
 * a caller that moves the conversation's `updated_at` in its own update of that row: their ids.
 */
export async function bumpParticipants(tx: DbOrTx, message: ConversationActivity): Promise<string[]> {
  const participants = await tx
    .updateTable('conversation_participants')
    .set(participantChanges(message))
    .where('conversation_id', '=', message.conversation_id)
    .returning('account_id')
    .execute();
  return participants.map((row) => row.account_id);
}

/** bumpParticipants's changes (also a step of the encrypted send's one statement, e2ee/store.ts). */
export function participantChanges(message: ConversationActivity) {
  const isSender = sql<boolean>`account_id = ${message.sender_id}`;
  return {
    hidden: 0 as const,
    activity_id: message.id,
    unread_count: sql<number>`case when ${isSender} then unread_count else unread_count + 1 end`,
    last_read_message_id: sql<
      string | null
    >`case when ${isSender} then ${message.id} else last_read_message_id end`,
  };
}

/** Marks the checked uploads as this message's. */
async function attachMedia(tx: Tx, message: MessagesTable, media: MediaAttachmentsTable[]): Promise<void> {
  if (media.length === 0) return;
  const result = await tx
    .updateTable('media_attachments')
    .set({ message_id: message.id })
    .where(
      'id',
      'in',
      media.map((row) => row.id),
    )
    .where('account_id', '=', message.sender_id)
    .where('message_id', 'is', null)
    .where('status_id', 'is', null)
    .where('scheduled_status_id', 'is', null)
    .executeTakeFirst();
  // A concurrent send may have taken one of them between the check and the update.
  if (Number(result.numUpdatedRows) !== media.length) throw unprocessable('messaging.media_already_used');
}

/** SQLite: statements are function calls, so the writes run one by one in a transaction. */
async function writeInTransaction(
  db: Db,
  message: MessagesTable,
  media: MediaAttachmentsTable[],
  claim: KeyClaim,
  inTransaction: InTransactionStep | undefined,
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await tx.insertInto('messages').values(message).execute();
    // first: a concurrent retry waits here for this send, rather than fail on the media this one takes
    await claim(tx, message.id);
    await attachMedia(tx, message, media);
    const participants = await bumpConversation(tx, message);
    // Removed from the group since the check: nothing is written.
    if (!participants.includes(message.sender_id)) throw notFound('messaging.conversation_not_found');
    await inTransaction?.(tx);
    return participants;
  });
}

/**
 * PostgreSQL: the same writes as one statement of data-modifying CTEs (its own transaction), so that a send holds
 * a pooled connection for one round trip instead of five (begin, three writes, commit). The message is inserted
 * only when the sender still takes part, the key's claim took it, and every upload is still free (locked here);
 * the other writes only when it was. The counts it answers say which condition failed. Only when something must
 * commit with the message (`inTransaction`: a durable federation intent) is it wrapped in a transaction.
 */
async function writeOnPostgres(
  db: Db,
  message: MessagesTable,
  media: MediaAttachmentsTable[],
  claim: KeyClaim,
  inTransaction: InTransactionStep | undefined,
): Promise<string[]> {
  if (!inTransaction) return writeInOneStatement(db, message, media, claim);
  return db.transaction().execute(async (tx) => {
    const participants = await writeInOneStatement(tx, message, media, claim);
    await inTransaction(tx);
    return participants;
  });
}

async function writeInOneStatement(
  db: DbOrTx,
  message: MessagesTable,
  media: MediaAttachmentsTable[],
  claim: KeyClaim,
): Promise<string[]> {
  const claimInsert = claim.insert(db, message.id);
  const mediaIds = media.map((row) => row.id);
  const freeMedia = db
    .selectFrom('media_attachments')
    .select('id')
    .where('id', 'in', mediaIds)
    .where('account_id', '=', message.sender_id)
    .where('message_id', 'is', null)
    .where('status_id', 'is', null)
    .where('scheduled_status_id', 'is', null)
    .forUpdate();
  const senderTakesPart = db
    .selectFrom('conversation_participants')
    .select('account_id')
    .where('conversation_id', '=', message.conversation_id)
    .where('account_id', '=', message.sender_id);
  const claimed = claimInsert ? sql`(select count(*) from claimed)` : sql`1`;
  const conditions = sql.join(
    [
      sql`exists (${senderTakesPart})`,
      ...(claimInsert ? [sql`exists (select 1 from claimed)`] : []),
      ...(media.length > 0 ? [sql`(select count(*) from free_media) = ${media.length}`] : []),
    ],
    sql` and `,
  );
  const written = sql<boolean>`exists (select 1 from new_message)`;
  const attachMedia = db
    .updateTable('media_attachments')
    .set({ message_id: message.id })
    .where('id', 'in', sql<string>`(select id from free_media)`)
    .where(written)
    .returning('id');
  const bumpOrder = db
    .updateTable('conversations')
    .set({ updated_at: message.created_at })
    .where('id', '=', message.conversation_id)
    .where(written)
    .returning('id');
  // After the conversation's row, whose lock queues the conversation's sends: the participants' rows, which
  // every send updates all of, are then never locked by two sends in different orders (a deadlock).
  const bumpParticipants = db
    .updateTable('conversation_participants')
    .set(participantChanges(message))
    .where('conversation_id', 'in', sql<string>`(select id from bumped)`)
    .returning('account_id');
  const { rows } = await sql<{ claimed: string; participants: string[] }>`
    with ${claimInsert ? sql`claimed as (${claimInsert}),` : sql``}
    ${media.length > 0 ? sql`free_media as (${freeMedia}),` : sql``}
    new_message as (
      insert into messages (id, conversation_id, sender_id, content, is_system_message, reply_to_message_id, created_at)
      select ${message.id}, ${message.conversation_id}, ${message.sender_id}, ${message.content},
        ${sql.lit(message.is_system_message)}, ${message.reply_to_message_id}, ${message.created_at}
      where ${conditions}
      returning id
    ),
    ${media.length > 0 ? sql`attached as (${attachMedia}),` : sql``}
    bumped as (${bumpOrder}),
    participants as (${bumpParticipants})
    select ${claimed} as claimed, array(select account_id from participants) as participants
  `.execute(db);
  const [outcome] = rows;
  if (outcome && outcome.participants.length > 0) return outcome.participants;
  if (claimInsert && Number(outcome?.claimed) === 0) throw claim.refused();
  if (media.length > 0) {
    const stillFree = await freeMedia.execute();
    if (stillFree.length !== media.length) throw unprocessable('messaging.media_already_used');
  }
  throw notFound('messaging.conversation_not_found');
}

/**
 * The writes of one send, all or nothing: the message, the Idempotency-Key's claim, its uploads, the
 * conversation's place in the list and every participant's unread count and visibility. Answers the participants
 * (who the message streams to). Nothing here waits on anything but the database.
 */
export async function writeMessage(
  db: Db,
  message: MessagesTable,
  media: MediaAttachmentsTable[],
  claim: KeyClaim,
  /** what must commit with the message (the in-transaction subscribers of its MessageSent) */
  inTransaction?: InTransactionStep,
): Promise<string[]> {
  const write = isPostgres(db) ? writeOnPostgres : writeInTransaction;
  const participants = await write(db, message, media, claim, inTransaction);
  for (const row of media) row.message_id = message.id;
  return participants;
}
