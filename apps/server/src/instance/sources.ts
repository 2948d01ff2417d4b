import type { Account, Instance, InstanceRule } from '@palchat/api';
import { serializeAccount } from '../accounts/serializer.js';
import { mediaUrl } from '../accounts/media-urls.js';
import type { AppContext } from '../context.js';
import { sqliteDataVersion } from '../db/index.js';
import { listRules, termsDates } from '../instance-content/service.js';
import { vapidKeys } from '../push/vapid.js';
import type { ServerSettings } from '../settings/schema.js';
import { getServerSettings } from '../settings/service.js';
import { KeptReads } from '../lib/kept-reads.js';
import type { EventBus } from '../streaming/bus.js';
import { parseRevocation, REVOCATIONS_CHANNEL } from '../streaming/revocations.js';
import { blurhashOf, DEFAULT_THUMBNAIL_1X_PATH, DEFAULT_THUMBNAIL_PATH } from './thumbnail.js';
import { findLocalAccountByUsername } from '../accounts/store.js';
import { mediaStorageFor } from '../media/storage.js';

/** Everything the instance documents show besides the counts: what the database and media folder hold. */
export interface InstanceSources {
  settings: ServerSettings;
  rules: InstanceRule[];
  hasTerms: boolean;
  vapidPublicKey: string;
  thumbnail: Instance['thumbnail'];
  contact: Account | null;
}

/**
 * Announced on the event bus (Redis when scaled out) by whatever changes a source: a setting, the rules, the
 * terms or other documents, the contact account's profile or flags. Every process drops its sources at once.
 */
export const INSTANCE_CHANGED_CHANNEL = 'instance:changed';

/**
 * How long sources are trusted without an announcement: for writers that share no bus with the servers (the admin
 * command line without REDIS_URL, a thumbnail file replaced in place), and for the contact account's counters,
 * which change with every post and are statistics as the instance counts are (same minute).
 */
export const INSTANCE_SOURCES_TTL_MS = 60_000;

async function contactAccount(ctx: AppContext, settings: ServerSettings): Promise<Account | null> {
  if (!settings.site_contact_username) return null;
  const row = await findLocalAccountByUsername(ctx.db, settings.site_contact_username);
  return row && !row.disabled ? serializeAccount(ctx, row) : null;
}

async function thumbnailOf(ctx: AppContext, settings: ServerSettings): Promise<Instance['thumbnail']> {
  const configured = settings.thumbnail_path;
  const stored = configured || DEFAULT_THUMBNAIL_PATH;
  const url = mediaUrl(ctx.config, stored, `/${DEFAULT_THUMBNAIL_PATH}`);
  const blurhash = await blurhashOf(mediaStorageFor(ctx), stored);
  const versions: Record<string, string> = configured
    ? { '@1x': url }
    : { '@1x': mediaUrl(ctx.config, DEFAULT_THUMBNAIL_1X_PATH, ''), '@2x': url };
  return { url, blurhash, versions };
}

async function readSources(ctx: AppContext): Promise<InstanceSources> {
  const settings = await getServerSettings(ctx.db);
  const [rules, terms, vapid, thumbnail, contact] = await Promise.all([
    listRules(ctx.db),
    termsDates(ctx.db),
    vapidKeys(ctx.db),
    thumbnailOf(ctx, settings),
    contactAccount(ctx, settings),
  ]);
  return { settings, rules, hasTerms: terms.length > 0, vapidPublicKey: vapid.publicKey, thumbnail, contact };
}

/** per server context: the sources last read (dropped by announcements, re-read past the TTL) */
const kept = new KeptReads<AppContext, InstanceSources>(
  readSources,
  (_, now) => now + INSTANCE_SOURCES_TTL_MS,
);
const watched = new WeakSet<AppContext>();

function watchChanges(ctx: AppContext): void {
  if (watched.has(ctx)) return;
  watched.add(ctx);
  ctx.bus.subscribe(INSTANCE_CHANGED_CHANNEL, () => kept.drop(ctx));
  // a disabled or suspended contact account is no longer shown
  ctx.bus.subscribe(REVOCATIONS_CHANNEL, ({ payload }) => {
    const revocation = parseRevocation(payload);
    if (revocation && !revocation.tokenId && !revocation.sessionId) kept.drop(ctx);
  });
}

/** per server context on SQLite: the database's `data_version` when the sources were last asked for */
const dataVersions = new WeakMap<AppContext, number>();

/**
 * SQLite: whether another connection has committed to the database file since the last look (`pragma
 * data_version` changes exactly then). The admin command line shares the file with a single server that has no
 * bus, so its changes are seen at the next request, not within the TTL.
 */
function changedElsewhere(ctx: AppContext): boolean {
  const version = sqliteDataVersion(ctx.db);
  if (version === null) return false;
  const seen = dataVersions.get(ctx);
  dataVersions.set(ctx, version);
  return seen !== undefined && seen !== version;
}

/**
 * What the instance documents show, read once per process and kept until a change is announced on
 * INSTANCE_CHANGED_CHANNEL, an account is revoked as a whole (it may be the contact account), or (SQLite)
 * another connection wrote to the database. Past INSTANCE_SOURCES_TTL_MS they are served once more while read
 * again: no request of the instance routes waits for a pooled connection but the very first.
 */
export function instanceSources(ctx: AppContext, now = Date.now()): Promise<InstanceSources> {
  watchChanges(ctx);
  if (changedElsewhere(ctx)) kept.drop(ctx);
  return kept.get(ctx, now);
}

/** After a local account's profile changed: announced when the instance documents show it as the contact. */
export async function announceIfContact(ctx: AppContext, account: { username_lower: string }): Promise<void> {
  const { settings } = await instanceSources(ctx);
  if (settings.site_contact_username.toLowerCase() === account.username_lower)
    await announceInstanceChanged(ctx, ctx);
}

/** Tells every process (this one at once) that what the instance documents show has changed. */
export async function announceInstanceChanged(where: { bus?: EventBus }, ctx?: AppContext): Promise<void> {
  if (ctx) kept.drop(ctx);
  await where.bus?.publish(INSTANCE_CHANGED_CHANNEL, 'changed', {});
}
