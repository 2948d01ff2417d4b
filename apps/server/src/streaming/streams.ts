import type { FilterContext } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { directChannel, userChannel } from './bus.js';
import { accountsSilencedFor } from '../relationships/store.js';

export interface StreamRequest {
  stream: string;
  tag?: string | undefined;
  list?: string | undefined;
}

export interface ResolvedStream {
  /** the bus channel to listen on */
  channel: string;
  /** the `stream` array sent with every event, as Mastodon does */
  label: string[];
  /**
   * Per-connection filter for shared channels (public, hashtag): false drops the event for this subscriber,
   * e.g. a status by someone the subscriber blocks or mutes.
   */
  accepts?: (event: string, payload: string) => boolean;
  /** statuses on this stream carry the subscriber's `filtered` for this filter context */
  filterContext?: FilterContext;
}

export type StreamResolver = (
  ctx: AppContext,
  account: AccountRow,
  request: StreamRequest,
) => Promise<ResolvedStream | null>;

const resolvers = new Map<string, StreamResolver>();

/** Lets other modules add or refine streams (e.g. notifications only) without touching the socket code. */
export function registerStreamResolver(stream: string, resolver: StreamResolver): void {
  resolvers.set(stream, resolver);
}

export function resolveStream(
  ctx: AppContext,
  account: AccountRow,
  request: StreamRequest,
): Promise<ResolvedStream | null> {
  const resolver = resolvers.get(request.stream);
  return resolver ? resolver(ctx, account, request) : Promise.resolve(null);
}

registerStreamResolver('user', async (_ctx, account) => ({
  channel: userChannel(account.id),
  label: ['user'],
  filterContext: 'home',
}));
// notifications only, from the same channel as the home stream
registerStreamResolver('user:notification', async (_ctx, account) => ({
  channel: userChannel(account.id),
  label: ['user:notification'],
  accepts: (event) => event === 'notification',
}));
registerStreamResolver('direct', async (_ctx, account) => ({
  channel: directChannel(account.id),
  label: ['direct'],
  filterContext: 'thread',
}));

/** The author ids of a streamed status (and of the boosted one), read from the encoded payload. */
function authorsOf(payload: string): string[] {
  try {
    const status = JSON.parse(payload) as {
      account?: { id?: unknown };
      reblog?: { account?: { id?: unknown } } | null;
    };
    return [status.account?.id, status.reblog?.account?.id].filter(
      (id): id is string => typeof id === 'string',
    );
  } catch {
    return [];
  }
}

/** Snapshot of the subscriber's blocks and mutes, taken when they subscribe. */
async function withoutSilenced(
  ctx: AppContext,
  account: AccountRow,
  stream: ResolvedStream,
): Promise<ResolvedStream> {
  const silenced = await accountsSilencedFor(ctx.db, account.id);
  if (silenced.size === 0) return stream;
  return {
    ...stream,
    accepts: (event, payload) =>
      (event !== 'update' && event !== 'status.update') || !authorsOf(payload).some((id) => silenced.has(id)),
  };
}

for (const name of [
  'public',
  'public:local',
  'public:remote',
  'public:media',
  'public:local:media',
  'public:remote:media',
]) {
  registerStreamResolver(name, async (ctx, account) =>
    withoutSilenced(ctx, account, { channel: name, label: [name], filterContext: 'public' }),
  );
}
for (const name of ['hashtag', 'hashtag:local']) {
  registerStreamResolver(name, async (ctx, account, request) => {
    const tag = request.tag?.trim().replace(/^#/, '').toLowerCase();
    return tag
      ? withoutSilenced(ctx, account, {
          channel: `${name}:${tag}`,
          label: [name, tag],
          filterContext: 'public',
        })
      : null;
  });
}
registerStreamResolver('list', async (ctx, account, request) => {
  if (!request.list) return null;
  const owned = await ctx.db
    .selectFrom('lists')
    .select('id')
    .where('id', '=', request.list)
    .where('account_id', '=', account.id)
    .executeTakeFirst();
  return owned ? { channel: `list:${owned.id}`, label: ['list', owned.id], filterContext: 'home' } : null;
});
