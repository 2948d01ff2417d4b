import type { Context } from '@fedify/fedify';
import type { Activity, Recipient } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { deliverableRecipients } from './recipients.js';
import { runtimeOf } from '../runtime.js';

/**
 * The one way local actions reach other servers: after the action's transaction committed, an activity is
 * built and ENQUEUED for its recipients (Fedify's durable queue delivers it, retrying with backoff), so a slow
 * or dead server never slows the request. A failure to enqueue is logged, never the action's failure.
 */
export type OutgoingContext = Context<AppContext>;

/**
 * Runs `build` with a Fedify context when federation is on and the acting account is local (the inbox
 * listeners apply remote actors' activities through the same services: those send nothing). It runs after the
 * caller goes on: finding the recipients of a post to thousands of followers and enqueueing its deliveries must
 * not hold the request that made the post. Errors are logged and swallowed.
 */
export async function federate(
  ctx: AppContext,
  actingAccount: { domain?: string | null | undefined } | null,
  what: string,
  build: (context: OutgoingContext) => Promise<void>,
): Promise<void> {
  const runtime = runtimeOf(ctx);
  if (!runtime || actingAccount?.domain) return;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  const sending = (async () => {
    await Promise.resolve();
    try {
      await build(context);
    } catch (error) {
      runtime.log?.warn({ err: error }, `federation: could not send ${what}`);
    }
  })();
  runtime.sending.add(sending);
  void sending.finally(() => runtime.sending.delete(sending));
}

/**
 * Enqueues `activity` from the local actor `identifier` (a username, or the instance actor) to the
 * deliverable ones among `accounts`, once per shared inbox.
 */
export async function sendTo(
  context: OutgoingContext,
  identifier: string,
  accounts: readonly AccountsTable[],
  activity: Activity,
): Promise<Recipient[]> {
  const recipients = await deliverableRecipients(context.data, accounts);
  if (recipients.length === 0) return recipients;
  await context.sendActivity({ identifier }, recipients, activity, { preferSharedInbox: true });
  return recipients;
}

/** A fresh fragment for activity ids that must differ each time (Undo, Update): servers dedupe by id. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
