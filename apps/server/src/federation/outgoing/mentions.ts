import type { AppContext } from '../../context.js';
import { extractRemoteMentions } from '../../statuses/text-format.js';
import { runtimeOf } from '../runtime.js';
import { resolveRemoteAccount } from './resolve.js';

/**
 * How long a post waits, at most, for its unknown `@user@domain` mentions to be resolved (WebFinger, then the
 * actor, all of them at once). Mentions still unresolved then stay plain text and the post goes out; their
 * fetches are cut short at the same moment.
 */
export const MENTION_RESOLVE_TIMEOUT_MS = 5_000;
/** Unknown accounts resolved for one post, at most (the rest stay plain text). */
const MAX_RESOLVED_MENTIONS = 20;

/**
 * Mastodon's ProcessMentionsService at posting time: the `@user@domain` mentions of a text that name accounts
 * not known here yet are asked of their servers and stored, so that the post links them, lists them in
 * `mentions`, and delivers to their inboxes. Bounded by MENTION_RESOLVE_TIMEOUT_MS; never fails the post.
 */
export async function resolveNewRemoteMentions(ctx: AppContext, text: string): Promise<void> {
  if (!runtimeOf(ctx)) return;
  const mentions = extractRemoteMentions(text, ctx.config.localDomain);
  if (mentions.length === 0) return;
  const known = await ctx.db
    .selectFrom('accounts')
    .select(['username_lower', 'domain'])
    .where((eb) =>
      eb.or(
        mentions.map(({ username, domain }) =>
          eb.and([eb('domain', '=', domain), eb('username_lower', '=', username)]),
        ),
      ),
    )
    .execute();
  const knownAccts = new Set(known.map((row) => `${row.username_lower}@${row.domain}`));
  const unknown = mentions
    .map(({ username, domain }) => `${username}@${domain}`)
    .filter((acct) => !knownAccts.has(acct))
    .slice(0, MAX_RESOLVED_MENTIONS);
  if (unknown.length === 0) return;
  const deadline = AbortSignal.timeout(MENTION_RESOLVE_TIMEOUT_MS);
  const expired = new Promise<void>((resolve) => deadline.addEventListener('abort', () => resolve()));
  const resolving = Promise.allSettled(unknown.map((acct) => resolveRemoteAccount(ctx, acct, { deadline })));
  await Promise.race([resolving, expired]);
}
