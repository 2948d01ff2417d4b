import type { Notification } from '@palchat/api';
import webpush from 'web-push';
import type { AppContext } from '../context.js';
import type { PushSubscriptionsTable } from '../db/schema.js';
import { postChecked } from '../lib/safe-fetch.js';
import { getServerSettings } from '../settings/service.js';
import { openAccessToken } from './sealed-token.js';
import { vapidKeys } from './vapid.js';
import { isFollowing } from '../relationships/store.js';

/** How long a push service keeps an undelivered notification (Mastodon's 48 hours). */
const PUSH_TTL_SECONDS = 48 * 60 * 60;
/** Pushes delivered at once per process; the rest wait in the queue. */
const CONCURRENCY = 4;
/** Beyond this many waiting pushes, new ones are dropped (a push service that hangs must not eat memory). */
const MAX_WAITING = 10_000;
const BODY_MAX_CHARACTERS = 140;

/**
 * A message in an encrypted chat (e2ee/): its push says only that one came and from whom; the server cannot read
 * it, and no part of the message is in the payload.
 */
export interface ChatPush {
  conversationId: string;
  /** the envelope's id */
  messageId: string;
  sender: { id: string; name: string; avatar: string };
}

export const ENCRYPTED_MESSAGE_PUSH_BODY = 'New encrypted message';

type PushJob = { recipientId: string } & ({ notification: Notification } | { chat: ChatPush });

/**
 * Web Push deliveries run off the request path: a notification enqueues a job, a few workers send them. The
 * queue is per process (a notification is published by the process that wrote it); pushes are best effort,
 * as browsers' push services are.
 */
export class PushQueue {
  private readonly waiting: PushJob[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly deliver: (job: PushJob) => Promise<void>) {}

  enqueue(job: PushJob): void {
    if (this.waiting.length >= MAX_WAITING) return;
    this.waiting.push(job);
    this.pump();
  }

  /** Resolves once every queued push has been tried (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const job = this.waiting.shift();
      if (!job) break;
      this.running += 1;
      void this.deliver(job)
        .catch((error: unknown) => console.warn('Web push delivery failed:', error))
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    }
  }
}

const queues = new WeakMap<AppContext, PushQueue>();

/** The context's push queue, made on first use. */
export function pushQueueFor(ctx: AppContext): PushQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new PushQueue((job) => deliverPushes(ctx, job));
    queues.set(ctx, queue);
  }
  return queue;
}

/** Queues the Web Push deliveries of a published notification. */
export function enqueuePush(ctx: AppContext, recipientId: string, notification: Notification): void {
  pushQueueFor(ctx).enqueue({ recipientId, notification });
}

/** Queues the Web Push deliveries of an encrypted chat message (subscriptions with the `mention` alert on). */
export function enqueueChatPush(ctx: AppContext, recipientId: string, chat: ChatPush): void {
  pushQueueFor(ctx).enqueue({ recipientId, chat });
}

/** An encrypted chat message's push: who sent it, and the fixed text (never anything of the message). */
export function chatPushPayload(chat: ChatPush, locale: string, accessToken: string | null) {
  return {
    ...(accessToken === null ? {} : { access_token: accessToken }),
    preferred_locale: locale,
    notification_id: chat.messageId,
    notification_type: 'chat_message',
    icon: chat.sender.avatar,
    title: chat.sender.name,
    body: ENCRYPTED_MESSAGE_PUSH_BODY,
    path: '/',
  };
}

/** The alert that lets a job through, who it is from, and its payload. */
function jobParts(job: PushJob) {
  if ('chat' in job)
    return {
      alert: 'mention',
      senderId: job.chat.sender.id,
      payload: (locale: string, token: string | null) => chatPushPayload(job.chat, locale, token),
    };
  return {
    alert: job.notification.type,
    senderId: job.notification.account.id,
    payload: (locale: string, token: string | null) => pushPayload(job.notification, locale, token),
  };
}

/** Whether the subscription's policy lets the sender's notifications through. */
async function policyAllows(
  ctx: AppContext,
  policy: PushSubscriptionsTable['policy'],
  recipientId: string,
  senderId: string,
): Promise<boolean> {
  if (policy === 'all') return true;
  if (policy === 'none') return false;
  const [follower, followed] = policy === 'followed' ? [recipientId, senderId] : [senderId, recipientId];
  return isFollowing(ctx.db, follower, followed);
}

const TITLES: Record<Notification['type'], (name: string) => string> = {
  mention: (name) => `${name} mentioned you`,
  status: (name) => `${name} just posted`,
  reblog: (name) => `${name} boosted your post`,
  follow: (name) => `${name} followed you`,
  follow_request: (name) => `${name} has requested to follow you`,
  favourite: (name) => `${name} favourited your post`,
  poll: () => 'A poll has ended',
  update: (name) => `${name} edited a post`,
  quote: (name) => `${name} quoted your post`,
  quoted_update: (name) => `${name} edited a post you have quoted`,
  added_to_collection: (name) => `${name} added you to a collection`,
  'admin.sign_up': (name) => `${name} signed up`,
  'admin.report': (name) => `${name} filed a report`,
};

const plainText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const truncate = (text: string): string =>
  [...text].length > BODY_MAX_CHARACTERS ? `${[...text].slice(0, BODY_MAX_CHARACTERS - 1).join('')}…` : text;

/** Where the web client opens the notification (the service worker's `navigate` message). */
function pathOf(notification: Notification): string {
  if (notification.type === 'admin.report') return '/admin/reports';
  if (notification.status) return `/@${notification.status.account.acct}/${notification.status.id}`;
  if (notification.type === 'follow_request') return '/follow_requests';
  return `/@${notification.account.acct}`;
}

/**
 * Mastodon's push payload, in its order, plus the web client's path. `accessToken`: the token of the subscription
 * the push goes to (clients pick the account with it); left out for subscriptions made before tokens were kept.
 */
export function pushPayload(notification: Notification, locale: string, accessToken: string | null) {
  const name = notification.account.display_name || notification.account.username;
  const status = notification.status;
  const body = status
    ? status.spoiler_text || plainText(status.content)
    : plainText(notification.account.note ?? '');
  return {
    ...(accessToken === null ? {} : { access_token: accessToken }),
    preferred_locale: locale,
    notification_id: notification.id,
    notification_type: notification.type,
    icon: notification.account.avatar_static,
    title: TITLES[notification.type](name),
    body: truncate(body),
    path: pathOf(notification),
  };
}

async function vapidSubject(ctx: AppContext): Promise<string> {
  if (ctx.config.publicUrl.startsWith('https://')) return ctx.config.publicUrl;
  const { site_contact_email: email } = await getServerSettings(ctx.db);
  return `mailto:${email || `admin@${new URL(ctx.config.publicUrl).hostname}`}`;
}

async function deliverPushes(ctx: AppContext, job: PushJob): Promise<void> {
  const subscriptions = await ctx.db
    .selectFrom('push_subscriptions')
    .innerJoin('oauth_tokens', 'oauth_tokens.id', 'push_subscriptions.token_id')
    .selectAll('push_subscriptions')
    .where('push_subscriptions.account_id', '=', job.recipientId)
    .where('oauth_tokens.revoked_at', 'is', null)
    .execute();
  const parts = jobParts(job);
  const wanted: PushSubscriptionsTable[] = [];
  for (const subscription of subscriptions) {
    const alerts = JSON.parse(subscription.alerts) as Record<string, boolean>;
    if (!alerts[parts.alert]) continue;
    if (await policyAllows(ctx, subscription.policy, job.recipientId, parts.senderId))
      wanted.push(subscription);
  }
  if (wanted.length === 0) return;
  const [keys, subject, user] = await Promise.all([
    vapidKeys(ctx.db),
    vapidSubject(ctx),
    ctx.db.selectFrom('users').select('locale').where('account_id', '=', job.recipientId).executeTakeFirst(),
  ]);
  const locale = user?.locale || 'en';
  for (const subscription of wanted) {
    const sealed = subscription.sealed_access_token;
    const accessToken = sealed ? await openAccessToken(ctx, subscription.token_id, sealed) : null;
    const payload = JSON.stringify(parts.payload(locale, accessToken));
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.key_p256dh, auth: subscription.key_auth },
      },
      payload,
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: subscription.standard ? 'aes128gcm' : 'aesgcm',
        urgency: 'normal',
      },
    );
    const response = await postChecked(
      request.endpoint,
      { headers: request.headers, body: request.body ?? '' },
      { allowedPrivateAddresses: ctx.config.allowedPrivateAddresses, timeoutMs: 10_000 },
    );
    await response?.body?.cancel();
    // the browser unsubscribed: the push service forgets the endpoint, so do we
    if (response && (response.status === 404 || response.status === 410))
      await ctx.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
  }
}
