import { z } from 'zod';
import { onServerBlockedBy } from '../relationships/conditions.js';
import type { DbOrTx } from '../db/index.js';
import { storedId } from '../lib/ids.js';

/** The array values of `key` in a query string or form body (`key[]=a&key[]=b`, or `key=a`). */
export function listParam(query: unknown, key: string): string[] {
  const record = (query ?? {}) as Record<string, unknown>;
  return [record[`${key}[]`], record[key]]
    .flat()
    .filter((value): value is string => typeof value === 'string');
}

/** Which notifications a list shows: types[], exclude_types[] and account_id of Mastodon's list endpoints. */
export interface NotificationSelection {
  /** unknown types are no error: they match no notification, as in Mastodon */
  types: string[];
  excludeTypes: string[];
  accountId?: string | undefined;
}

const accountIdParam = z.object({
  account_id: z
    .string()
    .regex(/^\d{1,18}$/)
    .transform(storedId)
    .optional(),
});

export function parseNotificationSelection(query: unknown): NotificationSelection {
  return {
    types: listParam(query, 'types'),
    excludeTypes: listParam(query, 'exclude_types'),
    accountId: accountIdParam.parse(query ?? {}).account_id,
  };
}

/**
 * The recipient's notifications the list shows (those held back as requests are not, nor those from servers the
 * recipient blocked), as selected.
 */
export function notificationListQuery(db: DbOrTx, recipientId: string, selection?: NotificationSelection) {
  let base = db
    .selectFrom('notifications')
    .selectAll('notifications')
    .where('notifications.account_id', '=', recipientId)
    .where('notifications.filtered', '=', 0)
    // a server the recipient blocked: its accounts' notifications are hidden, also those from before the block
    .where((eb) => eb.not(onServerBlockedBy(recipientId, 'notifications.from_account_id')));
  if (selection?.types.length) base = base.where('notifications.type', 'in', selection.types);
  if (selection?.excludeTypes.length)
    base = base.where('notifications.type', 'not in', selection.excludeTypes);
  if (selection?.accountId) base = base.where('notifications.from_account_id', '=', selection.accountId);
  return base;
}
