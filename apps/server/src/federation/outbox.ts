import type { Activity } from '@fedify/vocab';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { recipientOf } from './recipients.js';
import { runtimeOf } from './runtime.js';

/**
 * Sending activities as a local account. Both only enqueue (the durable queue delivers, retrying with
 * backoff), so a slow or dead server never slows the request that caused the activity. Nothing is sent when
 * federation is off.
 */
function senderContext(ctx: AppContext) {
  const runtime = runtimeOf(ctx);
  if (!runtime) return null;
  return runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
}

/** To every remote follower of `account`, once per server where they share an inbox. */
export async function deliverToFollowers(
  ctx: AppContext,
  account: Pick<AccountRow, 'username'>,
  activity: Activity,
): Promise<void> {
  const context = senderContext(ctx);
  if (!context) return;
  await context.sendActivity({ identifier: account.username }, 'followers', activity, {
    preferSharedInbox: true,
    syncCollection: true,
  });
}

/** To one remote account (a Follow, a Block, a direct message); nothing for a local one. */
export async function deliverToActor(
  ctx: AppContext,
  account: Pick<AccountRow, 'username'>,
  recipient: AccountRow,
  activity: Activity,
): Promise<void> {
  const context = senderContext(ctx);
  const target = recipientOf(recipient);
  if (!context || !target) return;
  await context.sendActivity({ identifier: account.username }, target, activity, { preferSharedInbox: true });
}
