import { setTimeout as delay } from 'node:timers/promises';
import { Collection, Create, isActor, type Object as ApObject } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { StatusesTable } from '../../db/schema.js';
import { ingestRemoteStatus, RemoteObjectError, upsertRemoteAccount } from '../ingest/index.js';
import type { BackgroundTask } from '../background-tasks.js';
import { isStatusObject, resolvingContext, type ResolvingContext } from './resolve.js';
import { runtimeOf } from '../runtime.js';
import { findAccountById, findAccountByUri } from '../../accounts/store.js';
import { findStatusById } from '../../statuses/store.js';

/**
 * Remote content fetched on demand, bounded: a remote account's recent posts from its outbox the first time its
 * profile is opened (the request waits for them a short while), and the missing ancestors of a remote reply
 * (through the federation queue).
 */
export const OUTBOX_BACKFILL_ITEMS = 20;
export const MAX_ANCESTORS = 10;
/** An outbox is read again at most this often per account. */
const BACKFILL_EVERY = { hours: 24 } as const;
/** How long the request that opened a remote profile waits for its outbox before answering with what is here. */
const OUTBOX_WAIT_MS = 3000;

/**
 * Reads a remote account's recent posts and its counts (at most once a day per account). The caller waits up to
 * OUTBOX_WAIT_MS, so that the first look at the profile shows them; a slower server's posts are stored when
 * they come and show on the next look.
 */
export async function requestOutboxBackfill(ctx: AppContext, account: AccountRow): Promise<void> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !account.domain || !account.outbox_url) return;
  const key = ['palchat', 'outbox-backfill', account.id] as const;
  if (await runtime.kv.get(key)) return;
  await runtime.kv.set(key, true, { ttl: Temporal.Duration.from(BACKFILL_EVERY) });
  const reading = backfillOutbox(ctx, account.id).catch((error: unknown) =>
    runtime.log?.warn({ err: error }, 'federation: could not read a remote outbox'),
  );
  await Promise.race([reading, delay(OUTBOX_WAIT_MS)]);
}

/** Asks for the missing ancestors of a remote reply (its parent is only known by uri). */
export async function requestAncestors(ctx: AppContext, status: StatusesTable): Promise<void> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !status.in_reply_to_uri || status.in_reply_to_id) return;
  await runtime.queue.enqueue({ type: 'palchat.ancestors', statusId: status.id } satisfies BackgroundTask);
}

async function ingest(ctx: AppContext, resolving: ResolvingContext, object: ApObject, author: AccountRow) {
  if (!isStatusObject(object) || object.attributionId?.href !== author.uri) return null;
  try {
    return await ingestRemoteStatus(ctx, object, author, resolving.options);
  } catch (error) {
    if (error instanceof RemoteObjectError) return null;
    throw error;
  }
}

/** The newest OUTBOX_BACKFILL_ITEMS Create(Note) of a remote account's outbox stored as its statuses, then its counts. */
async function backfillOutbox(ctx: AppContext, accountId: string): Promise<void> {
  const account = await findAccountById(ctx.db, accountId);
  const resolving = await resolvingContext(ctx);
  if (!account?.outbox_url || !resolving) return;
  const outbox = await resolving.context.lookupObject(account.outbox_url, resolving.lookupOptions());
  if (!(outbox instanceof Collection)) return;
  let seen = 0;
  for await (const item of resolving.context.traverseCollection(outbox, {
    ...resolving.lookupOptions(),
    suppressError: true,
  })) {
    if (++seen > OUTBOX_BACKFILL_ITEMS) break;
    if (!(item instanceof Create)) continue;
    const object = await item.getObject(resolving.lookupOptions()).catch(() => null);
    if (object) await ingest(ctx, resolving, object, account);
  }
  // after the posts, whose storing counted them: the server's own figures are the ones to show
  await recordRemoteCounts(ctx, resolving, account, outbox);
}

/** The profile's counts as its server reports them (the sizes of its outbox, followers and following). */
async function recordRemoteCounts(
  ctx: AppContext,
  resolving: ResolvingContext,
  account: AccountRow,
  outbox: Collection,
): Promise<void> {
  const sizeOf = async (url: string | null | undefined) => {
    if (!url) return null;
    const collection = await resolving.context.lookupObject(url, resolving.lookupOptions()).catch(() => null);
    return collection instanceof Collection ? collection.totalItems : null;
  };
  const [followers, following] = await Promise.all([
    sizeOf(account.followers_url),
    sizeOf(account.following_url),
  ]);
  const counts = {
    ...(outbox.totalItems !== null ? { statuses_count: outbox.totalItems } : {}),
    ...(followers !== null ? { followers_count: followers } : {}),
    ...(following !== null ? { following_count: following } : {}),
  };
  if (Object.keys(counts).length === 0) return;
  await ctx.db.updateTable('accounts').set(counts).where('id', '=', account.id).execute();
}

/** Follows a reply's inReplyTo chain up to MAX_ANCESTORS posts, storing each parent with its author. */
export async function fetchAncestors(ctx: AppContext, statusId: string): Promise<void> {
  const resolving = await resolvingContext(ctx);
  let status: StatusesTable | undefined = await findStatusById(ctx.db, statusId);
  for (let depth = 0; resolving && status?.in_reply_to_uri && depth < MAX_ANCESTORS; depth += 1) {
    const parentUri = status.in_reply_to_uri;
    const known = await ctx.db
      .selectFrom('statuses')
      .selectAll()
      .where('uri', '=', parentUri)
      .executeTakeFirst();
    if (known) {
      status = known;
      continue;
    }
    const object = await resolving.context
      .lookupObject(parentUri, resolving.lookupOptions())
      .catch(() => null);
    if (!object || !isStatusObject(object) || !object.attributionId) return;
    const author = await authorOf(ctx, resolving, object.attributionId);
    if (!author) return;
    const parent = await ingest(ctx, resolving, object, author);
    if (!parent) return;
    status = parent;
  }
}

async function authorOf(ctx: AppContext, resolving: ResolvingContext, id: URL): Promise<AccountRow | null> {
  const known = await findAccountByUri(ctx.db, id.href);
  if (known) return known;
  const actor = await resolving.context.lookupObject(id, resolving.lookupOptions()).catch(() => null);
  if (!actor || !isActor(actor)) return null;
  return upsertRemoteAccount(ctx, actor, resolving.options).catch(() => null);
}
