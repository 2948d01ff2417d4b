import type { Account, AccountField, CredentialAccount, Role } from '@palchat/api';
import { permissionsOf } from '../auth/permissions.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { textToHtml } from '../statuses/text-format.js';
import { avatarUrl, headerUrl } from './media-urls.js';
import { parseFields } from './fields.js';
import { loadPostingDefaults } from './posting-defaults.js';
import { webLinkOr } from '../lib/web-link.js';
import { featureApprovalOf } from '../collections/feature-approval.js';
import { pendingFollowRequestCount } from '../relationships/store.js';
import { findMovedToAccount } from './store.js';

/** Mastodon sends created_at at midnight UTC of the creation day, and last_status_at as a bare date. */
const dayOf = (iso: string): string => iso.slice(0, 10);

function fieldsAsHtml(ctx: AppContext, fields: AccountField[]): AccountField[] {
  return fields.map((field) => ({
    name: field.name,
    value: textToHtml(field.value, { publicUrl: ctx.config.publicUrl }).replace(/^<p>|<\/p>$/g, ''),
    verified_at: field.verified_at,
  }));
}

type AccountNaming = Pick<AccountRow, 'username' | 'domain' | 'url' | 'uri'>;

/** The profile page: a remote account's own, or this server's `/@username`. */
export function accountUrl(ctx: AppContext, row: AccountNaming): string {
  return row.domain ? webLinkOr(row.url, row.uri ?? '') : `${ctx.config.publicUrl}/@${row.username}`;
}

/** The ActivityPub actor id: a remote account's own, or this server's `/users/username`. */
export function accountUri(ctx: AppContext, row: AccountNaming): string {
  return row.domain ? (row.uri ?? '') : `${ctx.config.publicUrl}/users/${row.username}`;
}

/** Mastodon's acct: `username` for a local account, `username@domain` for a remote one. */
export const acctOf = (row: Pick<AccountRow, 'username' | 'domain'>): string =>
  row.domain ? `${row.username}@${row.domain}` : row.username;

/**
 * A local account's note is plain text made HTML here, with its URLs and #hashtags linked as Mastodon links them
 * (an @mention stays text: no account is looked up for it); a remote one's is stored sanitized HTML.
 */
function noteHtml(ctx: AppContext, row: AccountRow): string {
  return row.domain
    ? row.note
    : textToHtml(row.note, { publicUrl: ctx.config.publicUrl, linkTagsAndMentions: true });
}

/**
 * Mastodon's Account entity for a local account row; `movedTo` is the account it moved to, when the caller
 * loaded it (serializeAccountWithMove does).
 */
export function serializeAccount(ctx: AppContext, row: AccountRow, movedTo?: AccountRow | null): Account {
  // a remote account's images are served from its server until media caching exists
  const avatar = avatarUrl(ctx.config, row);
  const header = headerUrl(ctx.config, row);
  const fields = parseFields(row.fields_json);
  const role = roleOf(row);
  return {
    id: row.id,
    username: row.username,
    acct: acctOf(row),
    url: accountUrl(ctx, row),
    uri: accountUri(ctx, row),
    display_name: row.display_name,
    note: noteHtml(ctx, row),
    avatar,
    avatar_static: avatar,
    header,
    header_static: header,
    locked: row.locked === 1,
    fields: row.domain ? fields : fieldsAsHtml(ctx, fields),
    emojis: [],
    bot: row.bot === 1,
    group: row.actor_type === 'Group',
    discoverable: row.discoverable === 1,
    noindex: false,
    // status search covers the posts of discoverable accounts as readily as Mastodon's opt-in index does
    indexable: row.discoverable === 1,
    hide_collections: false,
    roles: role.highlighted ? [{ id: role.id, name: role.name, color: role.color }] : [],
    ...(movedTo ? { moved: serializeAccount(ctx, movedTo) } : {}),
    ...(row.disabled ? { suspended: true } : {}),
    created_at: `${dayOf(row.created_at)}T00:00:00.000Z`,
    last_status_at: row.last_status_at ? dayOf(row.last_status_at) : null,
    statuses_count: row.statuses_count,
    followers_count: row.followers_count,
    following_count: row.following_count,
    feature_approval: featureApprovalOf(row),
  };
}

/** The account with `moved` filled in when it moved to another account (profiles, lookups, the viewer). */
export async function serializeAccountWithMove(ctx: AppContext, row: AccountRow): Promise<Account> {
  const movedTo = await findMovedToAccount(ctx.db, row);
  return serializeAccount(ctx, row, movedTo ?? null);
}

/** Mastodon's Role entity for the account's role (permissions: decimal string of permission bits). */
export function roleOf(row: Pick<AccountRow, 'role'>): Role {
  const permissions = String(permissionsOf(row));
  if (row.role === 'admin') return { id: '3', name: 'Admin', color: '', permissions, highlighted: true };
  if (row.role === 'moderator')
    return { id: '2', name: 'Moderator', color: '', permissions, highlighted: true };
  return { id: '-99', name: '', color: '', permissions, highlighted: false };
}

/** verify_credentials / update_credentials: the account plus its plain-text source and role. */
export async function serializeCredentialAccount(
  ctx: AppContext,
  row: AccountRow,
): Promise<CredentialAccount> {
  const [defaults, requestCount] = await Promise.all([
    loadPostingDefaults(ctx.db, row.id),
    pendingFollowRequestCount(ctx.db, row.id),
  ]);
  const account = await serializeAccountWithMove(ctx, row);
  return {
    ...account,
    source: {
      note: row.note,
      fields: parseFields(row.fields_json),
      privacy: defaults.privacy,
      sensitive: defaults.sensitive,
      language: defaults.language,
      quote_policy: defaults.quotePolicy,
      follow_requests_count: requestCount,
      // Mastodon's Source repeats the discovery choices, and (4.4) the sites allowed to credit the account,
      // which this server does not offer to set
      discoverable: account.discoverable ?? null,
      hide_collections: account.hide_collections ?? null,
      indexable: account.indexable,
      attribution_domains: [],
    },
    role: roleOf(row),
  };
}
