import type { AccountsTable } from '../db/schema.js';

/**
 * The columns a new account starts with, local or remote: an empty discoverable profile, no images stored
 * here, no counts yet, an ordinary approved and enabled user account, not moved.
 */
export function newAccountState(now: string) {
  return {
    display_name: '',
    note: '',
    bot: 0,
    locked: 0,
    discoverable: 1,
    fields_json: '[]',
    avatar_path: null,
    header_path: null,
    role: 'user',
    disabled: 0,
    approved: 1,
    moved_to_account_id: null,
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    last_status_at: null,
    last_active_at: null,
    created_at: now,
    updated_at: now,
  } satisfies Partial<AccountsTable>;
}
