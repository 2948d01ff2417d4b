import {
  Article,
  isActor,
  Note,
  Page,
  Question,
  type Actor,
  type DocumentLoader,
  type Object as ApObject,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { RemoteResolution, ResolveAccountOptions } from '../../federation-port.js';
import { domainBlockFor } from '../../moderation/domain-blocks.js';
import { INSTANCE_ACTOR } from '../actors.js';
import { ingestRemoteStatus, RemoteObjectError, upsertRemoteAccount } from '../ingest/index.js';
import type { IngestOptions } from '../ingest/options.js';
import { hostOf, markDomainAvailable } from './availability.js';
import type { OutgoingContext } from './send.js';
import { lookupWebFinger } from './webfinger.js';
import { runtimeOf } from '../runtime.js';
import { findAccountByUri } from '../../accounts/store.js';

/**
 * Resolving what a user pastes into search (`@user@domain`, a profile URL, a post URL) by asking its server:
 * WebFinger, then the actor or object fetched with Fedify's document loader (signed as the instance actor, so
 * AUTHORIZED_FETCH servers answer; private addresses only when FEDERATION_ALLOW_PRIVATE_ADDRESSES), each
 * step bounded in time. Nothing is fetched when federation is off or the domain is suspended.
 */
const RESOLVE_TIMEOUT_MS = 10_000;
/** A known remote account is fetched again when it is older than this (Mastodon's `possibly_stale?`). */
const STALE_AFTER_MS = 24 * 60 * 60_000;

const ACCT = /^@?([a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?)@([a-z0-9.-]+(?::\d{1,5})?)$/i;

export function parseAcct(query: string): { username: string; domain: string } | null {
  const match = ACCT.exec(query.trim());
  return match ? { username: match[1]!, domain: match[2]!.toLowerCase() } : null;
}

async function isSuspended(ctx: AppContext, host: string): Promise<boolean> {
  const block = await domainBlockFor(ctx.db, host);
  return block?.severity === 'suspend';
}

export interface ResolvingContext {
  context: OutgoingContext;
  options: IngestOptions;
  /** Fedify lookup options: the instance actor's signed loader, and a fresh time bound for one fetch */
  lookupOptions(): { documentLoader: DocumentLoader; contextLoader: DocumentLoader; signal: AbortSignal };
}

/** One step's time bound, cut short by the caller's own deadline when there is one. */
function stepSignal(deadline?: AbortSignal): AbortSignal {
  const step = AbortSignal.timeout(RESOLVE_TIMEOUT_MS);
  return deadline ? AbortSignal.any([step, deadline]) : step;
}

/** A Fedify context with the loaders resolving uses: the instance actor signs every fetch. */
export async function resolvingContext(
  ctx: AppContext,
  deadline?: AbortSignal,
): Promise<ResolvingContext | null> {
  const runtime = runtimeOf(ctx);
  if (!runtime) return null;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  const documentLoader = await context.getDocumentLoader({ identifier: INSTANCE_ACTOR });
  const { contextLoader } = context;
  return {
    context,
    options: { allowHttp: ctx.config.federation.allowHttp, documentLoader, contextLoader },
    lookupOptions: () => ({ documentLoader, contextLoader, signal: stepSignal(deadline) }),
  };
}

/** The object at `id`, or null when it cannot be had (in time). */
async function lookup(resolving: ResolvingContext, id: string | URL) {
  return resolving.context.lookupObject(id, resolving.lookupOptions()).catch(() => null);
}

const SELF_TYPES = new Set(['application/activity+json', 'application/ld+json']);

/**
 * The actor id WebFinger gives for `acct:username@domain`. WebFinger is https; with FEDERATION_ALLOW_HTTP
 * (tests only) a server that answers only over http is asked there too.
 */
async function actorIdByWebFinger(
  ctx: AppContext,
  acct: string,
  deadline?: AbortSignal,
): Promise<URL | null> {
  const signal = stepSignal(deadline);
  const descriptor = await lookupWebFinger(ctx, acct, signal);
  const link = descriptor?.links?.find(
    (candidate) => candidate.rel === 'self' && SELF_TYPES.has((candidate.type ?? '').split(';')[0]!.trim()),
  );
  if (!link?.href) return null;
  try {
    return new URL(link.href);
  } catch {
    return null;
  }
}

async function storeActor(
  ctx: AppContext,
  actor: Actor,
  options: IngestOptions & { acct?: string },
): Promise<AccountRow | null> {
  try {
    const account = await upsertRemoteAccount(ctx, actor, options);
    if (account.domain) await markDomainAvailable(ctx.db, hostOf(account.inbox_url) ?? account.domain);
    return account;
  } catch (error) {
    if (error instanceof RemoteObjectError) return null;
    throw error;
  }
}

/**
 * A remote account by `user@domain`: the stored one while it is fresh, else asked of its server (WebFinger,
 * then the actor) and stored or brought up to date. Null when it cannot be found.
 */
export async function resolveRemoteAccount(
  ctx: AppContext,
  acctQuery: string,
  { refresh = false, deadline }: ResolveAccountOptions = {},
): Promise<AccountRow | null> {
  const parsed = parseAcct(acctQuery);
  if (!parsed || parsed.domain === ctx.config.localDomain.toLowerCase()) return null;
  const known = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('username_lower', '=', parsed.username.toLowerCase())
    .where('domain', '=', parsed.domain)
    .executeTakeFirst();
  const fresh = known?.fetched_at && Date.now() - Date.parse(known.fetched_at) < STALE_AFTER_MS;
  if (known && fresh && !refresh) return known;
  // a refresh that cannot reach the server does not answer with what it was asked to replace
  const fallback = refresh ? null : (known ?? null);
  const resolving = await resolvingContext(ctx, deadline);
  if (!resolving || (await isSuspended(ctx, parsed.domain))) return fallback;
  const acct = `${parsed.username}@${parsed.domain}`;
  const actorId = await actorIdByWebFinger(ctx, acct, deadline);
  const actor = actorId ? await lookup(resolving, actorId) : null;
  if (!actor || !isActor(actor)) return fallback;
  return (await storeActor(ctx, actor, { ...resolving.options, acct })) ?? fallback;
}

export const isStatusObject = (object: ApObject): object is Note | Article | Page | Question =>
  object instanceof Note || object instanceof Article || object instanceof Page || object instanceof Question;

/**
 * What a URL names on another server: an actor (stored as an account) or a post (stored with its author).
 * Known statuses and accounts are answered from the database.
 */
export async function resolveRemoteUrl(ctx: AppContext, url: string): Promise<RemoteResolution | null> {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    return null;
  }
  const allowed = ctx.config.federation.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(parsedUrl.protocol) || parsedUrl.origin === new URL(ctx.config.publicUrl).origin)
    return null;
  const knownStatus = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where((eb) => eb.or([eb('uri', '=', parsedUrl.href), eb('url', '=', parsedUrl.href)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (knownStatus) return { status: knownStatus };
  const resolving = await resolvingContext(ctx);
  if (!resolving || (await isSuspended(ctx, parsedUrl.host))) return null;
  const object = await lookup(resolving, parsedUrl);
  if (!object) return null;
  if (isActor(object)) {
    const account = await storeActor(ctx, object, resolving.options);
    return account ? { account } : null;
  }
  if (!isStatusObject(object)) return null;
  const author = await resolveActorById(ctx, object.attributionId, resolving);
  if (!author) return null;
  try {
    const status = await ingestRemoteStatus(ctx, object, author, resolving.options);
    return status ? { status, account: author } : null;
  } catch (error) {
    if (error instanceof RemoteObjectError) return null;
    throw error;
  }
}

/** The account of an actor id: stored, or fetched and stored. */
async function resolveActorById(
  ctx: AppContext,
  id: URL | null,
  resolving: ResolvingContext,
): Promise<AccountRow | null> {
  if (!id) return null;
  const known = await findAccountByUri(ctx.db, id.href);
  if (known) return known;
  const actor = await lookup(resolving, id);
  return actor && isActor(actor) ? storeActor(ctx, actor, resolving.options) : null;
}

/** A search query resolved on other servers: `@user@domain`, or an http(s) URL. */
export async function resolveQuery(ctx: AppContext, query: string): Promise<RemoteResolution | null> {
  const q = query.trim();
  if (/^https?:\/\//i.test(q)) return resolveRemoteUrl(ctx, q);
  const account = await resolveRemoteAccount(ctx, q);
  return account ? { account } : null;
}
