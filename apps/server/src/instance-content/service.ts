import type { InstanceDocument, InstanceRule, TermsOfService } from '@palchat/api';
import type { Db } from '../db/index.js';
import type { InstanceDocumentKind } from '../db/schema.js';
import { newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { textToHtml } from '../statuses/text-format.js';

export const DOCUMENT_KINDS = ['extended_description', 'privacy_policy'] as const;
export type SingleDocumentKind = (typeof DOCUMENT_KINDS)[number];

const html = (text: string, publicUrl: string) => textToHtml(text, { publicUrl });
const today = (): string => nowIso().slice(0, 10);
export const isDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export async function listRules(db: Db): Promise<InstanceRule[]> {
  const rows = await db.selectFrom('instance_rules').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, text: row.text, hint: row.hint }));
}

/** How many of `ids` (stored ids) are rules of this server. */
export async function countRulesAmong(db: Db, ids: readonly string[]): Promise<number> {
  const found = await db
    .selectFrom('instance_rules')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return found.length;
}

export async function addRule(db: Db, text: string, hint = ''): Promise<InstanceRule> {
  const last = await db
    .selectFrom('instance_rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const row = {
    id: newId(),
    text: text.trim(),
    hint: hint.trim(),
    position: Number(last?.position ?? 0) + 1,
    created_at: nowIso(),
  };
  await db.insertInto('instance_rules').values(row).execute();
  return { id: row.id, text: row.text, hint: row.hint };
}

export async function removeRule(db: Db, id: string): Promise<boolean> {
  const removed = await db.deleteFrom('instance_rules').where('id', '=', storedId(id)).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Stores plain text (paragraphs at blank lines); served as HTML. Terms need their effective date. */
export async function saveDocument(
  db: Db,
  kind: InstanceDocumentKind,
  text: string,
  effectiveDate = '',
): Promise<void> {
  const row = { id: newId(), kind, effective_date: effectiveDate, text, updated_at: nowIso() };
  await db
    .insertInto('instance_documents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['kind', 'effective_date']).doUpdateSet({ text, updated_at: row.updated_at }),
    )
    .execute();
}

export async function readDocument(
  db: Db,
  kind: SingleDocumentKind,
  publicUrl: string,
): Promise<InstanceDocument> {
  const row = await db
    .selectFrom('instance_documents')
    .selectAll()
    .where('kind', '=', kind)
    .where('effective_date', '=', '')
    .executeTakeFirst();
  return { updated_at: row?.updated_at ?? null, content: row ? html(row.text, publicUrl) : '' };
}

export async function termsDates(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('instance_documents')
    .select('effective_date')
    .where('kind', '=', 'terms_of_service')
    .orderBy('effective_date', 'asc')
    .execute();
  return rows.map((row) => row.effective_date);
}

/**
 * The terms in force on `date` (default today; the earliest version if all are in the future), or the version
 * effective exactly on `date` when asked for one. Null when there are none.
 */
export async function readTerms(db: Db, publicUrl: string, date?: string): Promise<TermsOfService | null> {
  const dates = await termsDates(db);
  if (dates.length === 0) return null;
  const now = today();
  let chosen: string | undefined;
  if (date) chosen = dates.find((entry) => entry === date);
  else chosen = [...dates].reverse().find((entry) => entry <= now) ?? dates[0];
  if (!chosen) return null;
  const row = await db
    .selectFrom('instance_documents')
    .selectAll()
    .where('kind', '=', 'terms_of_service')
    .where('effective_date', '=', chosen)
    .executeTakeFirstOrThrow();
  const next = dates.find((entry) => entry > chosen);
  return {
    effective_date: chosen,
    effective: chosen <= now,
    content: html(row.text, publicUrl),
    succeeded_by: next ?? null,
  };
}
