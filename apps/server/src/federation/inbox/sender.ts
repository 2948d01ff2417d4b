import type { InboxContext } from '@fedify/fedify';
import {
  isActor,
  type Activity,
  type Actor,
  type DocumentLoader,
  type Object as APObject,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { domainBlockFor } from '../../moderation/domain-blocks.js';
import { parseLocalUrl } from '../../search/local-urls.js';
import { blocksAccountOrDomain } from '../../relationships/store.js';
import { refuseToFetch } from '../not-fetched.js';
import { RemoteObjectError, upsertRemoteAccount, type IngestOptions } from '../ingest/index.js';
import { findAccountByUri } from '../../accounts/store.js';

export type Inbox = InboxContext<AppContext>;

/** A remote account's document is fetched again when an activity arrives after this long. */
const ACTOR_REFRESH_MS = 24 * 60 * 60_000;

/** The loaders chosen for the activity an inbox context handles (signer.ts's signFetchesFor). */
const inboxLoaders = new WeakMap<Inbox, DocumentLoader>();

export function setInboxLoader(inbox: Inbox, loader: DocumentLoader): void {
  inboxLoaders.set(inbox, loader);
}

/** What this inbox context fetches with: the signer chosen for its activity, else Fedify's loader of the inbox. */
function loaderOf(inbox: Inbox): DocumentLoader {
  return inboxLoaders.get(inbox) ?? inbox.documentLoader;
}

/** Loaders and http policy for ingest: Fedify's (safe-fetching) loaders of this inbox context. */
export function ingestOptions(inbox: Inbox): IngestOptions {
  return {
    allowHttp: inbox.data.config.federation.allowHttp,
    documentLoader: loaderOf(inbox),
    contextLoader: inbox.contextLoader,
  };
}

/** Options for vocab's get…() accessors on a received activity: fetched through this inbox's loaders. */
export function fetchOptions(inbox: Inbox) {
  return { documentLoader: loaderOf(inbox), contextLoader: inbox.contextLoader, suppressError: true };
}

/** The admin's block of a server (by its host with or without port, or a parent domain), or null. */
export async function serverBlockOf(ctx: AppContext, domain: string) {
  const host = domain.toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  return (
    (await domainBlockFor(ctx.db, host)) ?? (hostname !== host ? domainBlockFor(ctx.db, hostname) : null)
  );
}

/** Whether the admin suspended `domain`: nothing from there is accepted. */
export async function isSuspendedDomain(ctx: AppContext, domain: string): Promise<boolean> {
  return (await serverBlockOf(ctx, domain))?.severity === 'suspend';
}

/**
 * The account of the remote actor who sent `activity` (Fedify already checked that the signature's key belongs to
 * it): the stored row, fetched again when a day old. Null when the activity has no usable actor, comes from a
 * suspended server, or its account was suspended here: such activities are accepted (202) and ignored.
 */
export async function senderOf(inbox: Inbox, activity: Activity): Promise<AccountRow | null> {
  const ctx = inbox.data;
  const actorId = activity.actorId;
  if (!actorId || activity.actorIds.length !== 1) return null;
  if (await isSuspendedDomain(ctx, actorId.host)) return null;
  let account = await findAccountByUri(ctx.db, actorId.href);
  const stale = !account?.fetched_at || Date.now() - Date.parse(account.fetched_at) > ACTOR_REFRESH_MS;
  if (!account || stale) {
    const actor = await activity.getActor(fetchOptions(inbox)).catch(() => null);
    // an actor document we refuse (a bad username, a local claim) leaves the stored account as it was
    if (actor?.id?.href === actorId.href)
      account = (await unlessRefused(upsertRemoteAccount(ctx, actor, ingestOptions(inbox)))) ?? account;
  }
  if (!account?.domain || account.suspended_at) return null;
  if (await isSuspendedDomain(ctx, account.domain)) return null;
  return account;
}

/** A local account an actor URI of this server names (`/users/NAME`), approved and enabled. */
export async function localAccountOf(ctx: AppContext, uri: URL | null): Promise<AccountRow | undefined> {
  if (!uri) return undefined;
  const local = parseLocalUrl(ctx.config.publicUrl, uri.href);
  if (local?.kind !== 'account') return undefined;
  return ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('domain', 'is', null)
    .where('username_lower', '=', local.username.toLowerCase())
    .where('approved', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

/** Whether `blocker` (local) blocks `blocked`, or blocks their whole domain. */
export async function blocks(ctx: AppContext, blocker: AccountRow, blocked: AccountRow): Promise<boolean> {
  return blocksAccountOrDomain(ctx.db, blocker.id, blocked);
}

/** The object the activity embeds, never fetched: null when it only links to it. */
export async function embeddedObject(inbox: Inbox, activity: Activity): Promise<APObject | null> {
  return activity
    .getObject({ documentLoader: refuseToFetch, contextLoader: inbox.contextLoader, suppressError: true })
    .catch(() => null);
}

/** The embedded or fetched object of an activity, or null when it cannot be read. */
export async function objectOf(inbox: Inbox, activity: Activity): Promise<APObject | null> {
  return activity.getObject(fetchOptions(inbox)).catch(() => null);
}

export const isActorObject = (object: APObject | null): object is Actor => object !== null && isActor(object);

/**
 * An object this server refuses to store (not on its author's server, not https…) is ignored: the sender had its
 * 202, and retrying the same object would be refused again. Other errors go to the inbox's error log and retries.
 */
export async function unlessRefused<T>(ingest: Promise<T>): Promise<T | null> {
  try {
    return await ingest;
  } catch (error) {
    if (error instanceof RemoteObjectError) return null;
    throw error;
  }
}
