import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { userChannel } from './bus.js';

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
}));
for (const name of ['public', 'public:local', 'public:remote']) {
  registerStreamResolver(name, async () => ({ channel: name, label: [name] }));
}
registerStreamResolver('hashtag', async (_ctx, _account, request) => {
  const tag = request.tag?.trim().replace(/^#/, '').toLowerCase();
  return tag ? { channel: `hashtag:${tag}`, label: ['hashtag', tag] } : null;
});
registerStreamResolver('list', async (ctx, account, request) => {
  if (!request.list) return null;
  const owned = await ctx.db
    .selectFrom('lists')
    .select('id')
    .where('id', '=', request.list)
    .where('account_id', '=', account.id)
    .executeTakeFirst();
  return owned ? { channel: `list:${owned.id}`, label: ['list', owned.id] } : null;
});
