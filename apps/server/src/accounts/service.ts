import type { UpdateCredentials } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { AccountsTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import { parseFields } from './fields.js';
import { transactionWithEvents } from '../events/transaction.js';
import { acceptFollowRequests } from './follows.js';
import { carryVerification } from './link-verification.js';

/**
 * Applies a validated update_credentials patch in one transaction and returns the fresh account row. Unlocking
 * the account accepts the pending follow requests, as Mastodon does; remote followers get an Update of the
 * actor, remote requesters their Accept.
 */
export async function updateCredentials(
  ctx: AppContext,
  account: AccountRow,
  patch: UpdateCredentials,
  images: Partial<Pick<AccountsTable, 'avatar_path' | 'header_path'>> = {},
): Promise<AccountRow> {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const changes: Partial<AccountsTable> = { updated_at: nowIso(), ...images };
    if (patch.display_name !== undefined) changes.display_name = patch.display_name.trim();
    if (patch.note !== undefined) changes.note = patch.note;
    if (patch.locked !== undefined) changes.locked = patch.locked ? 1 : 0;
    if (patch.bot !== undefined) changes.bot = patch.bot ? 1 : 0;
    if (patch.discoverable !== undefined) changes.discoverable = patch.discoverable ? 1 : 0;
    if (patch.fields_attributes !== undefined) {
      // unchanged fields keep their verification; new and changed ones are checked after the answer
      const current = await tx
        .selectFrom('accounts')
        .select('fields_json')
        .where('id', '=', account.id)
        .executeTakeFirst();
      const fields = carryVerification(
        parseFields(current?.fields_json ?? account.fields_json),
        patch.fields_attributes
          .filter((field) => field.name.trim() || field.value.trim())
          .map((field) => ({ name: field.name.trim(), value: field.value.trim() })),
      );
      changes.fields_json = JSON.stringify(fields);
    }
    await tx.updateTable('accounts').set(changes).where('id', '=', account.id).execute();
    if (account.locked && changes.locked === 0) await acceptFollowRequests(tx, emit, account.id);

    const source = patch.source;
    if (source && Object.values(source).some((value) => value !== undefined)) {
      const current = await tx
        .selectFrom('posting_defaults')
        .selectAll()
        .where('account_id', '=', account.id)
        .executeTakeFirst();
      const next = {
        account_id: account.id,
        privacy: source.privacy ?? current?.privacy ?? 'public',
        sensitive: source.sensitive === undefined ? (current?.sensitive ?? 0) : source.sensitive ? 1 : 0,
        language: source.language === undefined ? (current?.language ?? null) : source.language,
      } as const;
      await tx
        .insertInto('posting_defaults')
        .values(next)
        .onConflict((oc) =>
          oc
            .column('account_id')
            .doUpdateSet({ privacy: next.privacy, sensitive: next.sensitive, language: next.language }),
        )
        .execute();
    }
    const updated = await tx
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    await emit({ type: 'ProfileUpdated', account: updated });
    return updated;
  });
}
