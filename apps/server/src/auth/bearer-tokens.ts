import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { FeedKind } from '../db/schema.js';
import {
  relationColumns,
  relationsOf,
  type RelationsRow,
  type ViewerRelationsRead,
} from '../statuses/viewer-relations.js';
import { keptRowsAt, runTemplate } from '../hot-path/index.js';
import { sha256 } from '../lib/crypto.js';
import type { AccountRow } from './viewer.js';
import { keepNewest, perObject } from '../lib/per-object.js';

export interface BearerMatch {
  tokenId: string;
  appId: string | null;
  sessionId: string | null;
  scopes: string[];
  account: AccountRow | null;
  /** read along with the token when asked (findBearer's `withHomeRelations`) and the token has an account */
  homeRelations?: ViewerRelationsRead;
}

/** What a token's row says and never changes once written (a row is only ever revoked or deleted). */
type TokenFacts = Omit<BearerMatch, 'account'>;

/** Tokens kept per database; past this many the oldest kept goes first. */
const KEPT_TOKENS = 10_000;

const keptTokens = perObject<Db, Map<string, TokenFacts>>(() => new Map());

async function readFacts(db: Db, token: string): Promise<TokenFacts | null> {
  const [row] = await runTemplate(db, 'bearer by hash', { hash: sha256(token) }, (marker) =>
    db
      .selectFrom('oauth_tokens')
      .select(['id', 'app_id', 'session_id', 'scopes'])
      .where('token_hash', '=', marker.hash!)
      .where('revoked_at', 'is', null),
  );
  if (!row) return null;
  return {
    tokenId: row.id,
    appId: row.app_id,
    sessionId: row.session_id,
    scopes: row.scopes.split(/\s+/).filter(Boolean),
  };
}

/**
 * Whether the token still holds (not revoked, not deleted with its session, app or account), and its account's
 * row: `undefined` when it does not hold, `null` for a token without an account (or whose account is gone). The
 * statement reads the account's version; its whole row only when this process does not keep it at that version
 * (hot-path/kept-rows.ts: every update of an account changes its version).
 */
async function readWhileValid(
  db: Db,
  tokenId: string,
  withHomeRelations: boolean,
): Promise<{ account: AccountRow | null; homeRelations?: ViewerRelationsRead } | undefined> {
  const shape = `bearer account version${withHomeRelations ? ', home relations' : ''}`;
  const [row] = await runTemplate(db, shape, { token: tokenId }, (marker) =>
    db
      .selectFrom('oauth_tokens')
      .leftJoin('accounts', 'accounts.id', 'oauth_tokens.account_id')
      .select((eb) => [
        'accounts.id as account_id',
        'accounts.version as account_version',
        ...(withHomeRelations
          ? relationColumns(eb, sql.ref<string>('accounts.id'), {
              kind: sql.lit<FeedKind>('home'),
              owner: sql.ref<string>('accounts.id'),
            })
          : []),
      ])
      .where('oauth_tokens.id', '=', marker.token!)
      .where('oauth_tokens.revoked_at', 'is', null)
      .$castTo<{ account_id: string | null; account_version: number | null } & Partial<RelationsRow>>(),
  );
  if (!row) return undefined;
  // a left join: a client_credentials token has no account
  if (row.account_id === null) return { account: null };
  const [account] = await keptRowsAt(db, 'accounts', [
    { id: row.account_id, version: Number(row.account_version) },
  ]);
  if (!account) return { account: null };
  return withHomeRelations ? { account, homeRelations: relationsOf(row, true) } : { account };
}

/**
 * The token and its account, for every authenticated request. Each process keeps, per token, only what its row
 * can never change (id, app, session, scopes): nothing has to invalidate an entry. Whether the token still holds
 * and the account's version are read on every call, in one statement by the token's primary key, and the whole
 * row again whenever that version changed (suspension, approval, role, every other column), so a revocation, a
 * signed-out session or any change to the account made by this process, another one or the database itself
 * counts at the next request. What is saved is hashing the
 * token, splitting its scopes and building the statement (a template); a token that no longer holds is dropped.
 * `withHomeRelations`: the same statement reads the account's relations and home feed row for the home
 * timeline (statuses/viewer-relations.ts), a round trip less on PostgreSQL; read now, never kept.
 */
export async function findBearer(
  db: Db,
  token: string,
  { withHomeRelations = false } = {},
): Promise<BearerMatch | null> {
  const kept = keptTokens(db);
  const facts = kept.get(token) ?? (await readFacts(db, token));
  if (!facts) return null;
  const valid = await readWhileValid(db, facts.tokenId, withHomeRelations);
  if (valid === undefined) {
    kept.delete(token);
    return null;
  }
  if (!kept.has(token)) {
    kept.set(token, facts);
    keepNewest(kept, KEPT_TOKENS);
  }
  const { tokenId, appId, sessionId, scopes } = facts;
  return { tokenId, appId, sessionId, scopes: [...scopes], ...valid };
}
