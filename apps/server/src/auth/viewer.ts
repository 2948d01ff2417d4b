import type { FastifyRequest } from 'fastify';
import type { AccountsTable } from '../db/schema.js';
import type { ViewerRelationsRead } from '../statuses/viewer-relations.js';
import { ApiError, forbidden, unauthorized } from '../http/errors.js';

export type AccountRow = AccountsTable;

/** Who is calling: resolved once per request by the auth plugin from the session cookie or a bearer token. */
export interface Viewer {
  account: AccountRow | null;
  appId: string | null;
  via: 'cookie' | 'bearer';
  sessionId: string | null;
  tokenId: string | null;
  scopes: string[];
  /** the account's relations and home feed row, read with a bearer token on routes that ask for them */
  homeRelations?: ViewerRelationsRead;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/**
 * The signed-in account, or a 401/403 JSON error. A moved account may only read, except where `allowMoved`
 * (its migration settings: aliases, moving again, cancelling the redirect).
 */
export function requireAccount(request: FastifyRequest, { allowMoved = false } = {}): AccountRow {
  const account = request.viewer?.account;
  if (!account) throw unauthorized('auth.user_required');
  if (account.disabled) throw forbidden('auth.login_disabled');
  if (account.suspended_at) throw forbidden('auth.login_suspended');
  if (!account.approved) throw forbidden('auth.login_pending');
  if (account.moved_to_account_id && request.method !== 'GET' && !allowMoved) {
    throw forbidden('auth.account_moved');
  }
  return account;
}

/** The bearer-authenticated account (SPEC §7 marks some calls "bearer"). */
export function requireBearerAccount(request: FastifyRequest): AccountRow {
  if (request.viewer?.via !== 'bearer') throw new ApiError(401, 'auth.bearer_required');
  return requireAccount(request);
}
