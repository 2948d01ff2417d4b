import type { AccountRow } from '../auth/viewer.js';
import type { Tx } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { statusVersion } from './history.js';

/**
 * The one owner of the `statuses` table (and of the rows that belong to a status: its media links, mentions, tags,
 * edits). Every other module reads and writes statuses through these functions.
 */

// ---- reads ----

// ---- writes ----

/** A new status row; false when a status with its `uri` is stored already (the same remote object twice at once). */
export async function insertStatus(tx: Tx, status: StatusesTable): Promise<boolean> {
  const inserted = await tx
    .insertInto('statuses')
    .values(status)
    .onConflict((oc) => oc.column('uri').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** The columns an edit changes, as `status` has them. */
export async function updateStatusContent(tx: Tx, status: StatusesTable): Promise<void> {
  await tx
    .updateTable('statuses')
    .set({
      text: status.text,
      content_html: status.content_html ?? null,
      spoiler_text: status.spoiler_text,
      sensitive: status.sensitive,
      language: status.language,
      link_url: status.link_url,
      quote_policy: status.quote_policy ?? null,
      edited_at: status.edited_at,
    })
    .where('id', '=', status.id)
    .execute();
}

/** Replies that arrived before this (remote) status: they join its thread now. */
export async function adoptWaitingReplies(tx: Tx, status: StatusesTable): Promise<void> {
  if (!status.uri) return;
  const waiting = await tx
    .selectFrom('statuses')
    .select('id')
    .where('in_reply_to_uri', '=', status.uri)
    .where('deleted_at', 'is', null)
    .execute();
  if (waiting.length === 0) return;
  await tx
    .updateTable('statuses')
    .set({
      in_reply_to_id: status.id,
      in_reply_to_account_id: status.account_id,
      in_reply_to_uri: null,
      conversation_id: status.conversation_id ?? status.id,
    })
    .where('in_reply_to_uri', '=', status.uri)
    .execute();
  await tx
    .updateTable('statuses')
    .set((eb) => ({ replies_count: eb('replies_count', '+', waiting.length) }))
    .where('id', '=', status.id)
    .execute();
}

/** The status's hashtags become `names` (lower-cased, without #; at most 20), tags made as needed. */
export async function linkTagNames(tx: Tx, statusId: string, names: readonly string[]): Promise<void> {
  await tx.deleteFrom('status_tags').where('status_id', '=', statusId).execute();
  for (const name of names.slice(0, 20)) {
    const existing = await tx
      .selectFrom('tags')
      .select('id')
      .where('name_lower', '=', name)
      .executeTakeFirst();
    let tagId = existing?.id;
    if (!tagId) {
      tagId = newId();
      await tx
        .insertInto('tags')
        .values({ id: tagId, name, name_lower: name, created_at: nowIso() })
        .onConflict((oc) => oc.column('name_lower').doNothing())
        .execute();
      const stored = await tx
        .selectFrom('tags')
        .select('id')
        .where('name_lower', '=', name)
        .executeTakeFirst();
      tagId = stored?.id ?? tagId;
    }
    await tx
      .insertInto('status_tags')
      .values({ status_id: statusId, tag_id: tagId })
      .onConflict((oc) => oc.columns(['status_id', 'tag_id']).doNothing())
      .execute();
  }
}

export async function linkMentions(tx: Tx, statusId: string, mentioned: AccountRow[]): Promise<void> {
  await tx.deleteFrom('status_mentions').where('status_id', '=', statusId).execute();
  if (mentioned.length) {
    await tx
      .insertInto('status_mentions')
      .values(mentioned.map((account) => ({ status_id: statusId, account_id: account.id })))
      .execute();
  }
}

/** Before a status's first edit: its original version starts the history. */
export async function recordOriginalVersion(tx: Tx, status: StatusesTable): Promise<void> {
  const hasHistory = await tx
    .selectFrom('status_edits')
    .select('id')
    .where('status_id', '=', status.id)
    .executeTakeFirst();
  if (!hasHistory) await snapshot(tx, status, status.created_at);
}

export async function snapshot(tx: Tx, status: StatusesTable, createdAt: string): Promise<void> {
  const version = await statusVersion(tx, status, createdAt);
  await tx
    .insertInto('status_edits')
    .values({ id: newId(), status_id: status.id, ...version })
    .execute();
}
