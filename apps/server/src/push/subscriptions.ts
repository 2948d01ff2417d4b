import { notificationTypeSchema, type NotificationType } from '@palchat/api';
import { z } from 'zod';
import type { DbOrTx } from '../db/index.js';
import type { PushSubscriptionsTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** Mastodon's alert names: the notification types. */
export const ALERT_TYPES: readonly NotificationType[] = notificationTypeSchema.options;

export type PushPolicy = PushSubscriptionsTable['policy'];

const flag = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', '1', 'on'].includes(value.toLowerCase()) : value),
  z.boolean(),
);

/**
 * The browser's key material: p256dh a P-256 public key, auth a 16-byte secret. Browsers give base64url; some
 * clients (Mastodon.py) send standard base64, which Mastodon accepts too: both are stored as unpadded base64url.
 */
const base64Key = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(/^[A-Za-z0-9_+/-]+={0,2}$/, 'must be base64url')
    .transform((value) => value.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_'));

const alertsSchema = z.record(z.string(), flag).optional();

const policySchema = z.enum(['all', 'followed', 'follower', 'none']).optional();

const dataSchema = z.object({ alerts: alertsSchema, policy: policySchema }).optional();

export const subscriptionCreateSchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    keys: z.object({ p256dh: base64Key(200), auth: base64Key(100) }),
    standard: flag.optional(),
  }),
  data: dataSchema,
  /** Mastodon documents `data[policy]`; some clients send `policy` beside `data` */
  policy: policySchema,
});

export const subscriptionUpdateSchema = z.object({ data: dataSchema, policy: policySchema });

/** Only known types are kept; types not given are off, as Mastodon's subscriptions start. */
function alertsOf(given: Record<string, boolean> | undefined, base: Record<string, boolean> = {}) {
  return Object.fromEntries(ALERT_TYPES.map((type) => [type, given?.[type] ?? base[type] ?? false]));
}

/** Mastodon's WebPushSubscription entity. */
export function serializeSubscription(row: PushSubscriptionsTable, serverKey: string) {
  return {
    id: row.id,
    endpoint: row.endpoint,
    standard: row.standard === 1,
    alerts: alertsOf(JSON.parse(row.alerts) as Record<string, boolean>),
    policy: row.policy,
    server_key: serverKey,
  };
}

export async function findSubscription(db: DbOrTx, tokenId: string): Promise<PushSubscriptionsTable> {
  const row = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A new subscription replaces the token's previous one, as in Mastodon. */
export async function subscribe(
  db: DbOrTx,
  owner: { tokenId: string; accountId: string; sealedAccessToken: string },
  input: z.infer<typeof subscriptionCreateSchema>,
): Promise<PushSubscriptionsTable> {
  const now = nowIso();
  const row: PushSubscriptionsTable = {
    id: newId(),
    token_id: owner.tokenId,
    account_id: owner.accountId,
    endpoint: input.subscription.endpoint,
    key_p256dh: input.subscription.keys.p256dh,
    key_auth: input.subscription.keys.auth,
    alerts: JSON.stringify(alertsOf(input.data?.alerts)),
    policy: input.data?.policy ?? input.policy ?? 'all',
    standard: input.subscription.standard ? 1 : 0,
    created_at: now,
    updated_at: now,
    sealed_access_token: owner.sealedAccessToken,
  };
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('push_subscriptions').where('token_id', '=', owner.tokenId).execute();
    await tx.insertInto('push_subscriptions').values(row).execute();
  });
  return row;
}

/** PUT changes the alerts and the policy (alerts not given keep their value), and keeps the token sealed anew. */
export async function updateSubscription(
  db: DbOrTx,
  { tokenId, sealedAccessToken }: { tokenId: string; sealedAccessToken: string },
  input: z.infer<typeof subscriptionUpdateSchema>,
): Promise<PushSubscriptionsTable> {
  const current = await findSubscription(db, tokenId);
  const alerts = JSON.stringify(
    alertsOf(input.data?.alerts, JSON.parse(current.alerts) as Record<string, boolean>),
  );
  const policy = input.data?.policy ?? input.policy ?? current.policy;
  await db
    .updateTable('push_subscriptions')
    .set({ alerts, policy, sealed_access_token: sealedAccessToken, updated_at: nowIso() })
    .where('id', '=', current.id)
    .execute();
  return findSubscription(db, tokenId);
}

export async function unsubscribe(db: DbOrTx, tokenId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('token_id', '=', tokenId).execute();
}
