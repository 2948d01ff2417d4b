import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../db/index.js';
import type { SendTarget } from '../messaging/messages.js';
import { participantChanges } from '../messaging/message-writes.js';
import type {
  E2eeCursorsTable,
  E2eeDevicesTable,
  E2eeEnvelopesTable,
  E2eeKeyPackagesTable,
  E2eeMediaTable,
  E2eePendingRemovalsTable,
  E2eeRemovalReason,
} from '../db/schema.js';

/** The only code that touches the e2ee_* tables and the MLS columns of conversations. */

// ---- devices ----

export async function insertDevice(db: DbOrTx, row: E2eeDevicesTable): Promise<void> {
  await db.insertInto('e2ee_devices').values(row).execute();
}

export async function findDevice(db: DbOrTx, id: string): Promise<E2eeDevicesTable | undefined> {
  return db.selectFrom('e2ee_devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface DeviceWithCount extends E2eeDevicesTable {
  key_packages_available: number;
}

const freeKeyPackagesOfDevice = sql<number>`(select count(*) from e2ee_key_packages k
  where k.device_id = e2ee_devices.id and k.claimed_at is null)`;

/** An account's devices that were not removed, newest first, with their unclaimed key packages. */
export async function activeDevicesOf(db: DbOrTx, accountId: string): Promise<DeviceWithCount[]> {
  const rows = await db
    .selectFrom('e2ee_devices')
    .selectAll()
    .select(freeKeyPackagesOfDevice.as('key_packages_available'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, key_packages_available: Number(row.key_packages_available) }));
}

export async function deviceWithCount(db: DbOrTx, id: string): Promise<DeviceWithCount | undefined> {
  const row = await db
    .selectFrom('e2ee_devices')
    .selectAll()
    .select(freeKeyPackagesOfDevice.as('key_packages_available'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, key_packages_available: Number(row.key_packages_available) };
}

/** The devices (not removed) of these accounts. */
export async function activeDevicesAmong(
  db: DbOrTx,
  accountIds: readonly string[],
): Promise<E2eeDevicesTable[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('e2ee_devices')
    .selectAll()
    .where('account_id', 'in', [...accountIds])
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function touchDevice(db: DbOrTx, id: string, at: string): Promise<void> {
  await db.updateTable('e2ee_devices').set({ last_active_at: at }).where('id', '=', id).execute();
}

/** Marks the device removed; false when it already was. */
export async function revokeDevice(tx: Tx, id: string, at: string): Promise<boolean> {
  const result = await tx
    .updateTable('e2ee_devices')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- key packages ----

export async function insertKeyPackages(tx: Tx, rows: readonly E2eeKeyPackagesTable[]): Promise<void> {
  if (rows.length > 0)
    await tx
      .insertInto('e2ee_key_packages')
      .values([...rows])
      .execute();
}

export async function countKeyPackagesOfDevice(db: DbOrTx, deviceId: string): Promise<{ free: number }> {
  const row = await db
    .selectFrom('e2ee_key_packages')
    .select((eb) => eb.fn.countAll<number>().as('free'))
    .where('device_id', '=', deviceId)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return { free: Number(row?.free ?? 0) };
}

/** At most this many key packages are listed per person (5 devices' pools). */
const MAX_LISTED_KEY_PACKAGES = 50;

/**
 * A local person's key packages still on offer (their actor's `keyPackages` collection, federation/e2ee): unclaimed,
 * of devices not removed, oldest first.
 */
export async function freeLocalKeyPackagesOf(db: DbOrTx, accountId: string): Promise<E2eeKeyPackagesTable[]> {
  return db
    .selectFrom('e2ee_key_packages')
    .innerJoin('e2ee_devices', 'e2ee_devices.id', 'e2ee_key_packages.device_id')
    .selectAll('e2ee_key_packages')
    .where('e2ee_key_packages.account_id', '=', accountId)
    .where('e2ee_key_packages.claimed_at', 'is', null)
    .where('e2ee_devices.revoked_at', 'is', null)
    .orderBy('e2ee_key_packages.id')
    .limit(MAX_LISTED_KEY_PACKAGES)
    .execute();
}

/** Which of these refs are stored already. */
export async function existingKeyPackageRefs(db: DbOrTx, refs: readonly string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('e2ee_key_packages')
    .select('ref')
    .where('ref', 'in', [...refs])
    .execute();
  return rows.map((row) => row.ref);
}

/** A device's unclaimed key packages are withdrawn (answered, for the federation to withdraw them too). */
export async function deleteFreeKeyPackagesOfDevice(
  tx: Tx,
  deviceId: string,
): Promise<E2eeKeyPackagesTable[]> {
  return tx
    .deleteFrom('e2ee_key_packages')
    .where('device_id', '=', deviceId)
    .where('claimed_at', 'is', null)
    .returningAll()
    .execute();
}

const CLAIM_ATTEMPTS = 5;

/**
 * Hands out one unclaimed key package of a device (a local one) or of one signature key of a remote account, at
 * most once: the update re-checks `claimed_at is null` on the row it locks, so that of two concurrent claims of
 * the same row one updates nothing and tries the next row.
 */
export async function claimKeyPackage(
  db: DbOrTx,
  owner: { deviceId: string } | { accountId: string; signatureKey: string },
  claimerId: string,
  at: string,
): Promise<E2eeKeyPackagesTable | undefined> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    let candidate = db
      .selectFrom('e2ee_key_packages')
      .select('id')
      .where('claimed_at', 'is', null)
      .orderBy('id')
      .limit(1);
    candidate =
      'deviceId' in owner
        ? candidate.where('device_id', '=', owner.deviceId)
        : candidate
            .where('account_id', '=', owner.accountId)
            .where('device_id', 'is', null)
            .where('signature_key', '=', owner.signatureKey);
    const row = await candidate.executeTakeFirst();
    if (!row) return undefined;
    const claimed = await db
      .updateTable('e2ee_key_packages')
      .set({ claimed_at: at, claimed_by: claimerId })
      .where('id', '=', row.id)
      .where('claimed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/** The signature keys (one per remote device) of a remote account's cached, unclaimed key packages. */
export async function remoteSignatureKeysOf(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('e2ee_key_packages')
    .select('signature_key')
    .distinct()
    .where('account_id', '=', accountId)
    .where('device_id', 'is', null)
    .where('claimed_at', 'is', null)
    .orderBy('signature_key')
    .execute();
  return rows.map((row) => row.signature_key);
}

export async function keyPackagesByRefs(
  db: DbOrTx,
  refs: readonly string[],
): Promise<E2eeKeyPackagesTable[]> {
  if (refs.length === 0) return [];
  return db
    .selectFrom('e2ee_key_packages')
    .selectAll()
    .where('ref', 'in', [...refs])
    .execute();
}

/** Claimed key packages of local devices, once a Welcome used them: gone (their private keys too, client side). */
export async function deleteKeyPackages(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await tx
      .deleteFrom('e2ee_key_packages')
      .where('id', 'in', [...ids])
      .execute();
}

/** The KeyPackage objects of a remote account cached and not handed out yet. */
export async function unclaimedRemoteKeyPackageUris(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('e2ee_key_packages')
    .select('remote_uri')
    .where('account_id', '=', accountId)
    .where('device_id', 'is', null)
    .where('claimed_at', 'is', null)
    .execute();
  return rows.flatMap((row) => (row.remote_uri ? [row.remote_uri] : []));
}

/** Whose cached key package (a remote actor's) the KeyPackage object `uri` is. */
export async function remoteKeyPackageOwner(db: DbOrTx, uri: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('e2ee_key_packages')
    .select('account_id')
    .where('remote_uri', '=', uri)
    .executeTakeFirst();
  return row?.account_id;
}

export async function deleteKeyPackageByRemoteUri(db: DbOrTx, uri: string): Promise<boolean> {
  const result = await db.deleteFrom('e2ee_key_packages').where('remote_uri', '=', uri).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- the MLS columns of conversations ----

/** The chat's row as an encrypted send needs it: messaging's send target reads the same columns. */
export type MlsState = SendTarget['conversation'];

export async function findMlsState(db: DbOrTx, conversationId: string): Promise<MlsState | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select([
      'id',
      'encrypted',
      'mls_group_id',
      'mls_epoch',
      'mls_seq',
      'mls_home_uri',
      'is_group',
      'admin_id',
    ])
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      encrypted: Number(row.encrypted ?? 0),
      mls_group_id: row.mls_group_id ?? null,
      mls_epoch: Number(row.mls_epoch ?? 0),
      mls_seq: Number(row.mls_seq ?? 0),
      mls_home_uri: row.mls_home_uri ?? null,
    }
  );
}

export async function findConversationIdByGroupId(db: DbOrTx, groupId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('mls_group_id', '=', groupId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The chat's next seq, taken only while it is still at `epoch` (compare-and-set; null: the home server ordered it
 * already, so any epoch): a commit also moves it to the next epoch, so the first commit of an epoch wins; a
 * message that counts also becomes the list's preview. Undefined: the chat is at another epoch (or not encrypted).
 */
export async function takeSeq(
  tx: DbOrTx,
  conversationId: string,
  epoch: number,
  change: SeqChange,
): Promise<number | undefined> {
  const row = await seqUpdate(tx, conversationId, epoch, change).executeTakeFirst();
  return row ? Number(row.mls_seq) : undefined;
}

export interface SeqChange {
  commit: boolean;
  checkEpoch: boolean;
  counts?: { id: string; senderId: string; at: string };
}

/** takeSeq's compare-and-set, as a query (answering the new mls_seq, or no row). */
function seqUpdate(db: DbOrTx, conversationId: string, epoch: number, change: SeqChange) {
  let update = db
    .updateTable('conversations')
    .set({
      mls_seq: sql<number>`mls_seq + 1`,
      ...(change.commit ? { mls_epoch: epoch + 1 } : {}),
      ...(change.counts
        ? {
            mls_last_message_id: change.counts.id,
            mls_last_sender_id: change.counts.senderId,
            mls_last_message_at: change.counts.at,
            updated_at: change.counts.at,
          }
        : {}),
    })
    .where('id', '=', conversationId)
    .where('encrypted', '=', 1);
  if (change.checkEpoch) update = update.where('mls_epoch', '=', epoch);
  return update.returning('mls_seq');
}

/**
 * PostgreSQL: an envelope that changes nothing of the group (an application message, a proposal) ordered in one
 * statement of data-modifying CTEs, its own transaction, so that a send holds a pooled connection for one round
 * trip instead of six (begin, four writes, commit), as a plain message does (messaging/message-writes.ts). The
 * seq comes from takeSeq's compare-and-set, whose lock on the chat's row queues the chat's sends; the envelope,
 * the sender's cursor (advanceOwnCursor) and the participants follow from it, so nothing is written when it did
 * not take a seq. A message that counts bumps the participants (bumpParticipants); anything else only reads them.
 * Undefined: the chat is at another epoch (or not encrypted), or the device asked for is not active.
 */
export async function orderInOneStatement(
  db: DbOrTx,
  envelope: Omit<E2eeEnvelopesTable, 'seq'>,
  change: Omit<SeqChange, 'commit'> & {
    /** the sender's device (envelope.sender_device_id) must be theirs and not removed */
    activeDevice?: { accountId: string };
  },
): Promise<{ seq: number; participants: string[] } | undefined> {
  let ordered = seqUpdate(db, envelope.conversation_id, envelope.epoch, { ...change, commit: false });
  if (change.activeDevice)
    ordered = ordered.where(
      sql<boolean>`exists (select 1 from e2ee_devices as d where d.id = ${envelope.sender_device_id}
        and d.account_id = ${change.activeDevice.accountId} and d.revoked_at is null)`,
    );
  const participants = change.counts
    ? db
        .updateTable('conversation_participants')
        .set(
          participantChanges({
            id: envelope.id,
            conversation_id: envelope.conversation_id,
            sender_id: envelope.sender_id,
            created_at: envelope.created_at,
          }),
        )
        .where('conversation_id', 'in', sql<string>`(select conversation_id from envelope)`)
        .returning('account_id')
    : db
        .selectFrom('conversation_participants')
        .select('account_id')
        .where('conversation_id', 'in', sql<string>`(select conversation_id from envelope)`);
  const ownCursor = envelope.sender_device_id
    ? sql`own_cursor as (
        update e2ee_cursors set acked_seq = envelope.seq from envelope
        where e2ee_cursors.device_id = ${envelope.sender_device_id}
          and e2ee_cursors.conversation_id = envelope.conversation_id and e2ee_cursors.acked_seq = envelope.seq - 1
      ),`
    : sql``;
  const { rows } = await sql<{ seq: number | null; participants: string[] }>`
    with ordered as (${ordered}),
    envelope as (
      insert into e2ee_envelopes
        (id, conversation_id, seq, sender_id, sender_device_id, kind, epoch, message, signal, target_device_id,
         created_at, remote_id)
      select ${envelope.id}, ${envelope.conversation_id}, mls_seq, ${envelope.sender_id},
        ${envelope.sender_device_id}, ${envelope.kind}, ${envelope.epoch}::integer, ${envelope.message},
        ${envelope.signal}::integer, ${envelope.target_device_id}, ${envelope.created_at}, ${envelope.remote_id}
      from ordered
      returning conversation_id, seq
    ),
    ${ownCursor}
    participants as (${participants})
    select (select seq from envelope) as seq, array(select account_id from participants) as participants
  `.execute(db);
  const [outcome] = rows;
  if (outcome?.seq === null || outcome?.seq === undefined) return undefined;
  return { seq: Number(outcome.seq), participants: outcome.participants };
}

/** An encrypted chat homed on another server, as this server's copy of it. */
export async function setRemoteMls(
  tx: DbOrTx,
  conversationId: string,
  mls: { groupId: string; homeUri: string; epoch: number },
): Promise<void> {
  await tx
    .updateTable('conversations')
    .set({ encrypted: 1, mls_group_id: mls.groupId, mls_home_uri: mls.homeUri, mls_epoch: mls.epoch })
    .where('id', '=', conversationId)
    .execute();
}

/** A seq whatever the epoch (a Welcome, the creating commit). */
export async function takeSeqAnyEpoch(tx: DbOrTx, conversationId: string): Promise<number> {
  const row = await tx
    .updateTable('conversations')
    .set({ mls_seq: sql<number>`mls_seq + 1` })
    .where('id', '=', conversationId)
    .returning('mls_seq')
    .executeTakeFirstOrThrow();
  return Number(row.mls_seq);
}

// ---- envelopes and cursors ----

export async function insertEnvelope(tx: DbOrTx, row: E2eeEnvelopesTable): Promise<void> {
  await tx.insertInto('e2ee_envelopes').values(row).execute();
}

export async function findEnvelopeByRemoteId(db: DbOrTx, remoteId: string) {
  return db.selectFrom('e2ee_envelopes').selectAll().where('remote_id', '=', remoteId).executeTakeFirst();
}

export async function findCursor(
  db: DbOrTx,
  deviceId: string,
  conversationId: string,
): Promise<E2eeCursorsTable | undefined> {
  return db
    .selectFrom('e2ee_cursors')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
}

/** Devices join a chat at `joined_seq` (having read nothing before it); a device already in keeps its cursor. */
export async function insertCursors(tx: DbOrTx, rows: readonly E2eeCursorsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('e2ee_cursors')
    .values([...rows])
    .onConflict((oc) => oc.columns(['device_id', 'conversation_id']).doNothing())
    .execute();
}

/** What a device may read of a chat: after its cursor, from its join point, its own Welcome but no other. */
export async function envelopesForDevice(
  db: DbOrTx,
  cursor: E2eeCursorsTable,
  after: number,
  limit: number,
): Promise<E2eeEnvelopesTable[]> {
  return db
    .selectFrom('e2ee_envelopes')
    .selectAll()
    .where('conversation_id', '=', cursor.conversation_id)
    .where('seq', '>=', cursor.joined_seq)
    .where('seq', '>', Math.max(after, cursor.acked_seq))
    .where((eb) => eb.or([eb('target_device_id', 'is', null), eb('target_device_id', '=', cursor.device_id)]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function advanceCursor(db: DbOrTx, cursor: E2eeCursorsTable, seq: number): Promise<void> {
  await db
    .updateTable('e2ee_cursors')
    .set({ acked_seq: seq })
    .where('device_id', '=', cursor.device_id)
    .where('conversation_id', '=', cursor.conversation_id)
    .where('acked_seq', '<', seq)
    .execute();
}

/** The sender's cursor moves past its own envelope when it had read everything before it. */
export async function advanceOwnCursor(tx: DbOrTx, deviceId: string, conversationId: string, seq: number) {
  await tx
    .updateTable('e2ee_cursors')
    .set({ acked_seq: seq })
    .where('device_id', '=', deviceId)
    .where('conversation_id', '=', conversationId)
    .where('acked_seq', '=', seq - 1)
    .execute();
}

export async function deleteCursorsOfDevice(tx: Tx, deviceId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('e2ee_cursors')
    .where('device_id', '=', deviceId)
    .returning('conversation_id')
    .execute();
  return rows.map((row) => row.conversation_id);
}

export async function deleteCursorsOfAccount(
  tx: DbOrTx,
  conversationId: string,
  accountIds: readonly string[],
): Promise<E2eeCursorsTable[]> {
  if (accountIds.length === 0) return [];
  return tx
    .deleteFrom('e2ee_cursors')
    .where('conversation_id', '=', conversationId)
    .where('account_id', 'in', [...accountIds])
    .returningAll()
    .execute();
}

export async function cursorsOfConversation(db: DbOrTx, conversationId: string): Promise<E2eeCursorsTable[]> {
  return db.selectFrom('e2ee_cursors').selectAll().where('conversation_id', '=', conversationId).execute();
}

export interface PendingOfDevice {
  welcomes: E2eeEnvelopesTable[];
  conversations: { conversation_id: string; after: number; count: number }[];
}

/** What a device should fetch on start: its Welcomes not yet processed, and the chats with envelopes for it. */
export async function pendingOfDevice(db: DbOrTx, deviceId: string): Promise<PendingOfDevice> {
  const cursorJoin = (eb: DbOrTx) =>
    eb
      .selectFrom('e2ee_cursors as c')
      .innerJoin('e2ee_envelopes as e', 'e.conversation_id', 'c.conversation_id')
      .where('c.device_id', '=', deviceId)
      .whereRef('e.seq', '>', 'c.acked_seq')
      .whereRef('e.seq', '>=', 'c.joined_seq');
  const [welcomes, counts] = await Promise.all([
    cursorJoin(db)
      .selectAll('e')
      .where('e.kind', '=', 'welcome')
      .where('e.target_device_id', '=', deviceId)
      .orderBy('e.seq')
      .execute(),
    cursorJoin(db)
      .select((eb) => ['c.conversation_id', 'c.acked_seq', eb.fn.countAll<number>().as('count')])
      .where((eb) => eb.or([eb('e.target_device_id', 'is', null), eb('e.target_device_id', '=', deviceId)]))
      .groupBy(['c.conversation_id', 'c.acked_seq'])
      .execute(),
  ]);
  return {
    welcomes,
    conversations: counts.map((row) => ({
      conversation_id: row.conversation_id,
      after: Number(row.acked_seq),
      count: Number(row.count),
    })),
  };
}

/** Envelopes every device of the chat has acknowledged (its lowest cursor), deleted; answers how many. */
export async function deleteAcknowledged(db: DbOrTx, conversationId: string): Promise<number> {
  const lowest = db
    .selectFrom('e2ee_cursors')
    .select((eb) => eb.fn.min<number>('acked_seq').as('acked'))
    .where('conversation_id', '=', conversationId);
  const result = await db
    .deleteFrom('e2ee_envelopes')
    .where('conversation_id', '=', conversationId)
    .where('seq', '<=', lowest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Envelopes older than the retention limit, and those of chats whose every device has acknowledged them. */
export async function deleteExpiredEnvelopes(db: DbOrTx, before: string): Promise<number> {
  const expired = await db.deleteFrom('e2ee_envelopes').where('created_at', '<', before).executeTakeFirst();
  const acked = await db
    .deleteFrom('e2ee_envelopes')
    .where(
      'seq',
      '<=',
      sql<number>`(select min(c.acked_seq) from e2ee_cursors c where c.conversation_id = e2ee_envelopes.conversation_id)`,
    )
    .executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(acked.numDeletedRows);
}

export async function countEnvelopes(db: DbOrTx, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('e2ee_envelopes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- pending removals ----

export async function addPendingRemovals(
  tx: DbOrTx,
  rows: readonly { conversation_id: string; device_id: string; account_id: string }[],
  reason: E2eeRemovalReason,
  at: string,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('e2ee_pending_removals')
    .values(
      rows.map((row) => ({
        conversation_id: row.conversation_id,
        device_id: row.device_id,
        account_id: row.account_id,
        reason,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['conversation_id', 'device_id']).doNothing())
    .execute();
}

/** With the device's signature key, so that every member finds its leaf (a remote device's: null). */
export async function pendingRemovalsOf(
  db: DbOrTx,
  conversationId: string,
): Promise<(E2eePendingRemovalsTable & { signature_public_key: string | null })[]> {
  return db
    .selectFrom('e2ee_pending_removals as r')
    .leftJoin('e2ee_devices as d', 'd.id', 'r.device_id')
    .selectAll('r')
    .select('d.signature_public_key')
    .where('r.conversation_id', '=', conversationId)
    .orderBy('r.created_at')
    .orderBy('r.device_id')
    .execute();
}

export async function deletePendingRemovals(
  tx: DbOrTx,
  conversationId: string,
  deviceIds: readonly string[],
): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx
    .deleteFrom('e2ee_pending_removals')
    .where('conversation_id', '=', conversationId)
    .where('device_id', 'in', [...deviceIds])
    .execute();
}

// ---- media ----

export async function insertMedia(db: DbOrTx, row: E2eeMediaTable): Promise<void> {
  await db.insertInto('e2ee_media').values(row).execute();
}

export async function findMedia(db: DbOrTx, id: string): Promise<E2eeMediaTable | undefined> {
  return db.selectFrom('e2ee_media').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Media past the limit, or of a chat that no longer exists: deleted, answered for their files to go. */
export async function deleteExpiredMedia(db: DbOrTx, before: string): Promise<E2eeMediaTable[]> {
  return db
    .deleteFrom('e2ee_media')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', before),
        eb.and([
          eb('conversation_id', 'is not', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('conversations')
                .select('id')
                .whereRef('conversations.id', '=', 'e2ee_media.conversation_id'),
            ),
          ),
        ]),
      ]),
    )
    .returningAll()
    .execute();
}

/** Everyone who shares an encrypted chat with the account, the account included. */
export async function encryptedChatPeersOf(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversations as c', 'c.id', 'mine.conversation_id')
    .innerJoin('conversation_participants as p', 'p.conversation_id', 'c.id')
    .select('p.account_id')
    .distinct()
    .where('mine.account_id', '=', accountId)
    .where('c.encrypted', '=', 1)
    .execute();
  return [...new Set([accountId, ...rows.map((row) => row.account_id)])];
}

/** Remote key packages, skipping any already cached (by ref or object id). */
export async function insertRemoteKeyPackages(
  db: DbOrTx,
  rows: readonly E2eeKeyPackagesTable[],
): Promise<void> {
  for (const row of rows)
    await db
      .insertInto('e2ee_key_packages')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** The encrypted files of a chat, deleted (answered for their files to go). */
export async function deleteMediaOfConversation(
  db: DbOrTx,
  conversationId: string,
): Promise<E2eeMediaTable[]> {
  return db.deleteFrom('e2ee_media').where('conversation_id', '=', conversationId).returningAll().execute();
}

/** Whether `accountId` is in an encrypted chat with someone whose account lives on `domain` (host[:port]). */
export async function sharesEncryptedChatWithDomain(
  db: DbOrTx,
  accountId: string,
  domain: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversations', 'conversations.id', 'mine.conversation_id')
    .innerJoin('conversation_participants as theirs', 'theirs.conversation_id', 'mine.conversation_id')
    .innerJoin('accounts', 'accounts.id', 'theirs.account_id')
    .select('accounts.id')
    .where('mine.account_id', '=', accountId)
    .where('conversations.encrypted', '=', 1)
    .where('accounts.domain', '=', domain.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
