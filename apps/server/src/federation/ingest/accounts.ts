import type { Link } from '@fedify/vocab';
import {
  Application,
  Group,
  Organization,
  Person,
  PropertyValue,
  Service,
  type Actor,
  type Image,
} from '@fedify/vocab';
import { newAccountState } from '../../accounts/new-account.js';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable, ActorType } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { rejectsMediaFrom } from '../../moderation/domain-blocks.js';
import { nowIso } from '../../lib/time.js';
import { removeProfileImage } from '../../accounts/profile-images.js';
import { sanitizeRemoteHtml } from '../sanitize.js';
import { profileNeedsCopy, requestProfileCopies } from '../media-cache-requests.js';
import { checkRemoteId, loaderOptions, RemoteObjectError, type IngestOptions } from './options.js';
import { webLinkOf, webLinkOr } from '../../lib/web-link.js';
import { findAccountByUri } from '../../accounts/store.js';

/** Mastodon's rule for remote usernames (Account::USERNAME_RE): letters, digits, _, and . or - inside. */
const REMOTE_USERNAME = /^[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?$/i;
/** Profile fields kept from a remote actor (Mastodon shows at most this many too). */
const MAX_REMOTE_FIELDS = 16;
const MAX_DISPLAY_NAME = 100;

export interface AccountIngestOptions extends IngestOptions {
  /** the account's acct as WebFinger resolved it (user@domain): its domain wins over the id's host */
  acct?: string;
}

function actorTypeOf(actor: Actor): ActorType {
  if (actor instanceof Service) return 'Service';
  if (actor instanceof Application) return 'Application';
  if (actor instanceof Group) return 'Group';
  if (actor instanceof Organization) return 'Organization';
  if (actor instanceof Person) return 'Person';
  throw new RemoteObjectError('Unknown actor type');
}

/** A URL-valued property that may be a URL or a Link. */
export function hrefOf(value: URL | Link | null | undefined): string | null {
  if (!value) return null;
  if (value instanceof URL) return value.href;
  return value.href?.href ?? null;
}

async function imageUrl(image: Promise<Image | null>): Promise<string | null> {
  const resolved = await image.catch(() => null);
  if (!resolved) return null;
  return webLinkOf(hrefOf(resolved.url));
}

async function fieldsOf(actor: Actor, options: IngestOptions): Promise<string> {
  const fields: { name: string; value: string; verified_at: null }[] = [];
  for await (const attachment of actor.getAttachments(loaderOptions(options))) {
    if (!(attachment instanceof PropertyValue)) continue;
    const name = attachment.name?.toString().trim() ?? '';
    if (!name) continue;
    fields.push({
      name: name.slice(0, 255),
      value: sanitizeRemoteHtml(attachment.value?.toString() ?? ''),
      verified_at: null,
    });
    if (fields.length === MAX_REMOTE_FIELDS) break;
  }
  return JSON.stringify(fields);
}

/** The columns a remote actor document gives (everything but the row's id, counters and local state). */
async function actorColumns(ctx: AppContext, actor: Actor, options: AccountIngestOptions) {
  const id = checkRemoteId(actor.id, 'actor', options);
  const username = actor.preferredUsername?.toString() ?? '';
  if (!REMOTE_USERNAME.test(username) || username.length > 100) {
    throw new RemoteObjectError(`The actor ${id.href} has no usable preferredUsername`);
  }
  const acctDomain = options.acct?.replace(/^@/, '').split('@')[1];
  const domain = (acctDomain ?? id.host).toLowerCase();
  const local = new URL(ctx.config.publicUrl);
  if (domain === ctx.config.localDomain.toLowerCase() || id.origin === local.origin) {
    throw new RemoteObjectError(`The actor ${id.href} claims to be local`);
  }
  const published = actor.published ? new Date(actor.published.epochMilliseconds) : null;
  const inbox = actor.inboxId;
  // a server whose media the admin rejects: its people get the default avatar and header, as on Mastodon
  const images = !(await rejectsMediaFrom(ctx.db, domain));
  return {
    username,
    username_lower: username.toLowerCase(),
    domain,
    uri: id.href,
    url: webLinkOr(hrefOf(actor.url), id.href),
    display_name: (actor.name?.toString() ?? '').trim().slice(0, MAX_DISPLAY_NAME),
    note: sanitizeRemoteHtml(actor.summary?.toString() ?? ''),
    fields_json: await fieldsOf(actor, options),
    avatar_remote_url: images ? await imageUrl(actor.getIcon(loaderOptions(options))) : null,
    header_remote_url: images ? await imageUrl(actor.getImage(loaderOptions(options))) : null,
    actor_type: actorTypeOf(actor),
    bot: actor instanceof Service || actor instanceof Application ? (1 as const) : (0 as const),
    locked: actor.manuallyApprovesFollowers ? (1 as const) : (0 as const),
    discoverable: actor.discoverable ? (1 as const) : (0 as const),
    inbox_url: inbox?.href ?? null,
    shared_inbox_url: actor.endpoints?.sharedInbox?.href ?? null,
    outbox_url: actor.outboxId?.href ?? null,
    followers_url: actor.followersId?.href ?? null,
    following_url: actor.followingId?.href ?? null,
    featured_url: actor.featuredId?.href ?? null,
    also_known_as_json: actor.aliasIds.length
      ? JSON.stringify(actor.aliasIds.map((alias) => alias.href))
      : null,
    // Mastodon never dates an account in the future
    published: published && published.getTime() <= Date.now() ? published.toISOString() : null,
  };
}

/**
 * The cached copy of an avatar or header whose remote URL changed is stale: it goes, and the new image is asked
 * for at once.
 */
function staleCopies(
  existing: AccountRow,
  columns: Pick<AccountsTable, 'avatar_remote_url' | 'header_remote_url'>,
): Partial<AccountsTable> {
  const stale: Partial<AccountsTable> = {};
  if (existing.avatar_remote_url !== columns.avatar_remote_url) stale.avatar_path = null;
  if (existing.header_remote_url !== columns.header_remote_url) stale.header_path = null;
  if (Object.keys(stale).length > 0) stale.images_cache_requested_at = null;
  return stale;
}

async function findRemoteAccount(ctx: AppContext, uri: string, usernameLower: string, domain: string) {
  return (
    (await findAccountByUri(ctx.db, uri)) ??
    (await ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('username_lower', '=', usernameLower)
      .where('domain', '=', domain)
      .executeTakeFirst())
  );
}

/**
 * A remote actor (Person, Service, Application, Group, Organization) as an account row: made on first sight,
 * brought up to date on every later fetch or Update (the same document twice changes nothing but `fetched_at`).
 * The account is found by its actor id, or by its acct when the actor was recreated with a new id.
 */
export async function upsertRemoteAccount(
  ctx: AppContext,
  actor: Actor,
  options: AccountIngestOptions = {},
): Promise<AccountRow> {
  const { published, ...columns } = await actorColumns(ctx, actor, options);
  const now = nowIso();
  for (let attempt = 0; ; attempt += 1) {
    const existing = await findRemoteAccount(ctx, columns.uri, columns.username_lower, columns.domain);
    if (existing) {
      const changed = Object.entries(columns).some(
        ([key, value]) => existing[key as keyof AccountsTable] !== value,
      );
      const updated: AccountRow = {
        ...existing,
        ...columns,
        ...staleCopies(existing, columns),
        fetched_at: now,
      };
      if (changed) updated.updated_at = now;
      await ctx.db
        .updateTable('accounts')
        .set({
          ...columns,
          ...staleCopies(existing, columns),
          fetched_at: now,
          updated_at: updated.updated_at,
        })
        .where('id', '=', existing.id)
        .execute();
      for (const kind of ['avatar', 'header'] as const) {
        const copy = existing[`${kind}_path`];
        if (copy && updated[`${kind}_path`] === null) await removeProfileImage(ctx, copy);
      }
      if (profileNeedsCopy(updated)) requestProfileCopies(ctx, [updated.id]);
      return updated;
    }
    const row: AccountRow = {
      ...newAccountState(now),
      id: newId(),
      ...columns,
      created_at: published ?? now,
      fetched_at: now,
    };
    try {
      await ctx.db.insertInto('accounts').values(row).execute();
      if (profileNeedsCopy(row)) requestProfileCopies(ctx, [row.id]);
      return row;
    } catch (error) {
      // another delivery of the same actor made the row meanwhile: update that one instead
      if (attempt > 0) throw error;
    }
  }
}
