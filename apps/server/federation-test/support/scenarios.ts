import type { mastodon } from 'masto';
import { waitFor, type TestAccount } from './federation.js';

/**
 * Steps the federation scenarios share: finding a person of the other server, following across, waiting for
 * posts and notifications to arrive, and the parts of the API masto does not cover (the message box).
 */

/** `other` as `viewer`'s server knows it, looked up by user@domain with resolve=true (WebFinger on demand). */
export async function resolve(viewer: TestAccount, other: TestAccount): Promise<mastodon.v1.Account> {
  const results = await viewer.client.v2.search.list({
    q: `@${other.acct}`,
    type: 'accounts',
    resolve: true,
  });
  const found = results.accounts.find((account) => account.acct === other.acct);
  if (!found)
    throw new Error(`${viewer.acct} cannot resolve ${other.acct}: ${JSON.stringify(results.accounts)}`);
  return found;
}

/** `follower` follows `followed` on the other server and waits until the follow was accepted. */
export async function followAcross(
  follower: TestAccount,
  followed: TestAccount,
): Promise<mastodon.v1.Account> {
  const remote = await resolve(follower, followed);
  await follower.client.v1.accounts.$select(remote.id).follow();
  await waitFor(`${follower.acct} to follow ${followed.acct}`, async () => {
    const [relationship] = await follower.client.v1.accounts.relationships.fetch({ id: [remote.id] });
    return relationship?.following;
  });
  return remote;
}

/** Both follow each other (pals: what the message box requires); answers each one as the other's server knows it. */
export async function befriend(
  first: TestAccount,
  second: TestAccount,
): Promise<{ secondOnFirst: mastodon.v1.Account; firstOnSecond: mastodon.v1.Account }> {
  const secondOnFirst = await followAcross(first, second);
  const firstOnSecond = await followAcross(second, first);
  return { secondOnFirst, firstOnSecond };
}

/** Waits until `reader`'s home timeline shows a post whose text contains `text`. */
export function arrivesInHome(
  reader: TestAccount,
  text: string,
  timeoutMs?: number,
): Promise<mastodon.v1.Status> {
  return waitFor(
    `"${text}" in ${reader.acct}'s home`,
    async () => (await homeTimeline(reader)).find((status) => status.content.includes(text)),
    { timeoutMs },
  );
}

export async function homeTimeline(reader: TestAccount): Promise<mastodon.v1.Status[]> {
  return await reader.client.v1.timelines.home.list({ limit: 40 });
}

/** Waits for a notification of `type` from `from` (an acct) on `reader`'s server, optionally about a status. */
export function notified(
  reader: TestAccount,
  type: string,
  from: string,
  statusId?: string,
): Promise<mastodon.v1.Notification> {
  return waitFor(`a ${type} notification from ${from} for ${reader.acct}`, async () =>
    (await reader.client.v1.notifications.list({ limit: 40 })).find(
      (notification) =>
        notification.type === type &&
        notification.account.acct === from &&
        (statusId === undefined || notification.status?.id === statusId),
    ),
  );
}

/** The copy of a remote post on `reader`'s server, found by its ActivityPub id (search with resolve=true). */
export async function statusByUri(reader: TestAccount, uri: string): Promise<mastodon.v1.Status> {
  const results = await reader.client.v2.search.list({ q: uri, type: 'statuses', resolve: true });
  const found = results.statuses.find((status) => status.uri === uri);
  if (!found) throw new Error(`${reader.acct} cannot find ${uri}: ${JSON.stringify(results.statuses)}`);
  return found;
}

/**
 * A JSON API call as `account` with its OAuth token, for what masto has no method for (the message box).
 * Throws with the answer's status and body on an error answer.
 */
export async function apiAs<T>(
  account: TestAccount,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${account.host.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.accessToken}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} as ${account.acct} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Waits a moment in which something that should NOT happen would have happened (used after a sentinel). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
