import type { DbOrTx } from '../db/index.js';
import { newId } from '../lib/ids.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { nowIso } from '../lib/time.js';
import type { EventBus } from '../streaming/bus.js';
import { announceRevocation } from '../streaming/revocations.js';
import type { AccountRow } from './viewer.js';
import { markAccountActive } from '../accounts/store.js';

export const WEB_SCOPES = 'read write follow push';

/**
 * The web client's bearer token is derived from the session secret, so the page can carry it on every load
 * while the database keeps only hashes of both.
 */
export function webAccessToken(sessionSecret: string): string {
  return Buffer.from(sha256(`access-token:${sessionSecret}`), 'hex').toString('base64url');
}

export interface NewSession {
  secret: string;
  sessionId: string;
  accessToken: string;
}

export async function createSession(
  db: DbOrTx,
  accountId: string,
  meta: { userAgent: string; ip: string },
): Promise<NewSession> {
  const secret = randomToken();
  const sessionId = sha256(secret);
  const accessToken = webAccessToken(secret);
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      account_id: accountId,
      user_agent: meta.userAgent.slice(0, 500),
      ip: meta.ip,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  await db
    .insertInto('oauth_tokens')
    .values({
      id: newId(),
      token_hash: sha256(accessToken),
      app_id: null,
      account_id: accountId,
      session_id: sessionId,
      scopes: WEB_SCOPES,
      created_at: now,
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  return { secret, sessionId, accessToken };
}

/** Signs a session out with its web token, and closes the streaming sockets either opened, on every process. */
export async function destroySession(
  { db, bus }: { db: DbOrTx; bus: EventBus },
  sessionId: string,
): Promise<void> {
  const session = await db
    .selectFrom('sessions')
    .select('account_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  await db.deleteFrom('oauth_tokens').where('session_id', '=', sessionId).execute();
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  if (session) await announceRevocation({ bus }, { accountId: session.account_id, sessionId });
}

export async function findSessionAccount(
  db: DbOrTx,
  secret: string,
): Promise<{ sessionId: string; account: AccountRow } | null> {
  const sessionId = sha256(secret);
  const account = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .selectAll('accounts')
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  return account ? { sessionId, account } : null;
}

const HOUR_MS = 60 * 60 * 1000;
/** An hour before the last second asked about, as ISO 8601 (made again once a second, not on every request). */
let hourAgo = { second: -1, iso: '' };

/** Whether the account's activity was recorded within the hour (then there is nothing to record). */
export function activeWithinHour(account: AccountRow, now = Date.now()): boolean {
  const second = Math.floor(now / 1000);
  if (hourAgo.second !== second) hourAgo = { second, iso: new Date(second * 1000 - HOUR_MS).toISOString() };
  return account.last_active_at !== null && account.last_active_at > hourAgo.iso;
}

/** Recorded at most once an hour per account: it feeds usage.users.active_month. */
export async function touchAccountActivity(db: DbOrTx, account: AccountRow): Promise<void> {
  if (activeWithinHour(account)) return;
  const now = nowIso();
  // the row may be the one this process keeps (hot-path/kept-rows.ts): set to what the update writes, it spares the
  // requests in flight a write of their own, and the update's new version has the next request read it again
  account.last_active_at = now;
  await markAccountActive(db, account.id, now);
}
