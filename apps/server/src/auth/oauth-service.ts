import crypto from 'node:crypto';
import type { Application, Token } from '@palchat/api';
import type { Db, DbOrTx } from '../db/index.js';
import type { OAuthAppsTable } from '../db/schema.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { randomToken, safeEqual, sha256 } from '../lib/crypto.js';
import { nowIso } from '../lib/time.js';
import type { EventBus } from '../streaming/bus.js';
import { announceRevocation } from '../streaming/revocations.js';
import { parseScopes, scopesWithin } from './oauth-scopes.js';
import { formatMessage, message, verbatimText } from '../i18n/format.js';
import type { MessageId } from '../i18n/messages/en.js';

export type OAuthAppRow = OAuthAppsTable;

/** Out-of-band redirect: the consent page shows the code for the person to paste into the app. */
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';
const GRANT_LIFETIME_MS = 10 * 60 * 1000;

/** An RFC 6749 error: `{ error: 'invalid_grant', error_description }`. */
export class OAuthError extends ApiError {
  constructor(statusCode: number, code: string, description: string) {
    super(statusCode, verbatimText(code), undefined, { error_description: description });
    this.name = 'OAuthError';
  }
}

export const appRedirectUris = (app: Pick<OAuthAppRow, 'redirect_uris'>): string[] =>
  app.redirect_uris.split('\n').filter(Boolean);
export const appScopes = (app: Pick<OAuthAppRow, 'scopes'>): string[] =>
  app.scopes.split(' ').filter(Boolean);

function isValidRedirectUri(uri: string): boolean {
  if (uri === OOB_REDIRECT_URI) return true;
  try {
    const url = new URL(uri);
    // custom schemes (myapp://callback) are how native clients receive the code; fragments are not allowed
    return !url.hash && url.protocol !== 'javascript:' && url.protocol !== 'data:';
  } catch {
    return false;
  }
}

export interface NewAppInput {
  client_name?: unknown;
  redirect_uris?: unknown;
  scopes?: unknown;
  website?: unknown;
}

/** POST /api/v1/apps: registers a third-party client. */
export async function createApp(db: DbOrTx, input: NewAppInput): Promise<OAuthAppRow> {
  const name = typeof input.client_name === 'string' ? input.client_name.trim() : '';
  if (!name) throw unprocessable('apps.name_blank');
  if (name.length > 60) throw unprocessable(message('apps.name_too_long', { max: 60 }));

  const rawUris = Array.isArray(input.redirect_uris)
    ? input.redirect_uris.filter((uri): uri is string => typeof uri === 'string')
    : typeof input.redirect_uris === 'string'
      ? input.redirect_uris.split(/\s+/)
      : [];
  const redirectUris = [...new Set(rawUris.map((uri) => uri.trim()).filter(Boolean))];
  if (redirectUris.length === 0) throw unprocessable('apps.redirect_blank');
  if (
    redirectUris.length > 10 ||
    !redirectUris.every(isValidRedirectUri) ||
    redirectUris.some((u) => u.length > 2000)
  ) {
    throw unprocessable('apps.redirect_not_absolute');
  }

  const scopes = parseScopes(input.scopes);
  if (!scopes) throw unprocessable('apps.scopes_invalid');

  let website: string | null = null;
  if (typeof input.website === 'string' && input.website.trim()) {
    website = input.website.trim();
    if (website.length > 2000 || !/^https?:\/\//.test(website) || !URL.canParse(website)) {
      throw unprocessable('apps.website_invalid');
    }
  }

  const app: OAuthAppRow = {
    id: newId(),
    name,
    website,
    redirect_uris: redirectUris.join('\n'),
    scopes: scopes.join(' '),
    client_id: randomToken(32),
    client_secret: randomToken(32),
    created_at: nowIso(),
  };
  await db.insertInto('oauth_apps').values(app).execute();
  return app;
}

/** Mastodon's Application entity; credentials only right after creation. */
export function serializeApplication(
  app: OAuthAppRow,
  withCredentials: boolean,
  vapidKey: string,
): Application {
  const redirectUris = appRedirectUris(app);
  return {
    id: app.id,
    name: app.name,
    website: app.website,
    scopes: appScopes(app),
    redirect_uri: redirectUris.join('\n'),
    redirect_uris: redirectUris,
    ...(withCredentials
      ? { client_id: app.client_id, client_secret: app.client_secret, client_secret_expires_at: 0 }
      : {}),
    vapid_key: vapidKey,
  };
}

export async function findAppByClientId(db: DbOrTx, clientId: unknown): Promise<OAuthAppRow | null> {
  if (typeof clientId !== 'string' || !clientId) return null;
  return (
    (await db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).executeTakeFirst()) ??
    null
  );
}

const invalidClient = () =>
  new OAuthError(
    401,
    'invalid_client',
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  );

/** Finds the app and checks its secret; every failure is the same `invalid_client`. */
export async function authenticateClient(
  db: DbOrTx,
  clientId: unknown,
  clientSecret: unknown,
): Promise<OAuthAppRow> {
  const app = await findAppByClientId(db, clientId);
  if (!app || typeof clientSecret !== 'string' || !safeEqual(app.client_secret, clientSecret)) {
    throw invalidClient();
  }
  return app;
}

export interface AuthorizationRequest {
  app: OAuthAppRow;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
}

/** Why an authorization request cannot go on: shown on the consent page, never redirected. */
export class AuthorizationRefused extends Error {
  constructor(readonly text: MessageId) {
    super(formatMessage('en', text));
    this.name = 'AuthorizationRefused';
  }
}

/** Validates the query of /oauth/authorize (and the hidden fields of its form). */
export async function checkAuthorizationRequest(
  db: DbOrTx,
  params: Record<string, unknown>,
): Promise<AuthorizationRequest> {
  const app = await findAppByClientId(db, params.client_id);
  if (!app) throw new AuthorizationRefused('oauth.refused.unknown_app');
  const redirectUris = appRedirectUris(app);
  const requested =
    typeof params.redirect_uri === 'string'
      ? params.redirect_uri
      : redirectUris.length === 1
        ? redirectUris[0]
        : undefined;
  if (!requested || !redirectUris.includes(requested)) {
    throw new AuthorizationRefused('oauth.refused.redirect_uri');
  }
  if ((params.response_type ?? 'code') !== 'code') {
    throw new AuthorizationRefused('oauth.refused.response_type');
  }
  const scopes = parseScopes(params.scope ?? params.scopes ?? app.scopes);
  if (!scopes || !scopesWithin(appScopes(app), scopes)) {
    throw new AuthorizationRefused('oauth.refused.scope');
  }
  const challenge =
    typeof params.code_challenge === 'string' && params.code_challenge ? params.code_challenge : null;
  if (challenge) {
    if ((params.code_challenge_method ?? 'S256') !== 'S256') {
      throw new AuthorizationRefused('oauth.refused.challenge_method');
    }
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
      throw new AuthorizationRefused('oauth.refused.challenge');
  }
  const state = typeof params.state === 'string' && params.state ? params.state.slice(0, 1000) : null;
  return { app, redirectUri: requested, scopes, state, codeChallenge: challenge };
}

/** Records the consent and returns the one-time authorization code. */
export async function createAuthorizationCode(
  db: DbOrTx,
  request: AuthorizationRequest,
  accountId: string,
): Promise<string> {
  const code = randomToken(32);
  const now = Date.now();
  await db
    .insertInto('oauth_grants')
    .values({
      code_hash: sha256(code),
      app_id: request.app.id,
      account_id: accountId,
      redirect_uri: request.redirectUri,
      scopes: request.scopes.join(' '),
      code_challenge: request.codeChallenge,
      code_challenge_method: request.codeChallenge ? 'S256' : null,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + GRANT_LIFETIME_MS).toISOString(),
      used: 0,
    })
    .execute();
  return code;
}

/** Where the browser goes after the consent page: the app's redirect URI with the code or the error. */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

export interface IssuedToken {
  token: string;
  entity: Token;
}

/** Creates a bearer token (stored hashed) and its Mastodon Token entity. */
export async function issueToken(
  db: DbOrTx,
  input: { appId: string | null; accountId: string | null; scopes: string[] },
): Promise<IssuedToken> {
  const token = randomToken(32);
  const now = new Date();
  await db
    .insertInto('oauth_tokens')
    .values({
      id: newId(),
      token_hash: sha256(token),
      app_id: input.appId,
      account_id: input.accountId,
      session_id: null,
      scopes: input.scopes.join(' '),
      created_at: now.toISOString(),
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  return {
    token,
    entity: {
      access_token: token,
      token_type: 'Bearer',
      scope: input.scopes.join(' '),
      created_at: Math.floor(now.getTime() / 1000),
    },
  };
}

const pkceChallengeOf = (verifier: string): string =>
  crypto.createHash('sha256').update(verifier).digest('base64url');

export interface TokenRequest {
  grant_type?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  code?: unknown;
  redirect_uri?: unknown;
  code_verifier?: unknown;
  scope?: unknown;
}

const invalidGrant = () =>
  new OAuthError(
    400,
    'invalid_grant',
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  );

/** POST /oauth/token with grant_type=authorization_code. The secret may be left out when PKCE was used. */
async function exchangeAuthorizationCode(db: Db, body: TokenRequest): Promise<Token> {
  if (typeof body.code !== 'string' || !body.code) {
    throw new OAuthError(400, 'invalid_request', 'The request is missing a required parameter: code.');
  }
  const code = body.code;
  const app = await findAppByClientId(db, body.client_id);
  if (!app) throw invalidClient();
  const grant = await db
    .selectFrom('oauth_grants')
    .selectAll()
    .where('code_hash', '=', sha256(code))
    .where('app_id', '=', app.id)
    .executeTakeFirst();
  // a public client proves itself with the PKCE verifier instead of a secret
  if (body.client_secret !== undefined || !grant?.code_challenge) {
    await authenticateClient(db, body.client_id, body.client_secret);
  }
  if (!grant || grant.used || grant.expires_at < nowIso()) throw invalidGrant();
  const redirectUri = typeof body.redirect_uri === 'string' ? body.redirect_uri : grant.redirect_uri;
  if (redirectUri !== grant.redirect_uri) throw invalidGrant();
  if (grant.code_challenge) {
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    if (!verifier || !safeEqual(pkceChallengeOf(verifier), grant.code_challenge)) throw invalidGrant();
  }

  return db.transaction().execute(async (tx) => {
    // the one-time use is enforced by the conditional update, so two concurrent exchanges cannot both win
    const claimed = await tx
      .updateTable('oauth_grants')
      .set({ used: 1 })
      .where('code_hash', '=', grant.code_hash)
      .where('used', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidGrant();
    const issued = await issueToken(tx, {
      appId: app.id,
      accountId: grant.account_id,
      scopes: grant.scopes.split(' ').filter(Boolean),
    });
    return issued.entity;
  });
}

/** POST /oauth/token with grant_type=client_credentials: an app token that acts for no account. */
async function clientCredentialsToken(db: Db, body: TokenRequest): Promise<Token> {
  const app = await authenticateClient(db, body.client_id, body.client_secret);
  const scopes = parseScopes(body.scope);
  if (!scopes || !scopesWithin(appScopes(app), scopes)) {
    throw new OAuthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  return (await issueToken(db, { appId: app.id, accountId: null, scopes })).entity;
}

export async function exchangeToken(db: Db, body: TokenRequest): Promise<Token> {
  switch (body.grant_type) {
    case 'authorization_code':
      return exchangeAuthorizationCode(db, body);
    case 'client_credentials':
      return clientCredentialsToken(db, body);
    case undefined:
    case '':
      throw new OAuthError(
        400,
        'invalid_request',
        'The request is missing a required parameter: grant_type.',
      );
    default:
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
  }
}

/**
 * POST /oauth/revoke (RFC 7009): unknown tokens are not an error; other apps' tokens are refused. The streaming
 * sockets the token opened are closed, on every process.
 */
export async function revokeToken(
  { db, bus }: { db: DbOrTx; bus: EventBus },
  body: { client_id?: unknown; client_secret?: unknown; token?: unknown },
): Promise<void> {
  const app = await findAppByClientId(db, body.client_id);
  if (!app || typeof body.client_secret !== 'string' || !safeEqual(app.client_secret, body.client_secret)) {
    throw new OAuthError(403, 'unauthorized_client', 'You are not authorized to revoke this token');
  }
  if (typeof body.token !== 'string' || !body.token) {
    throw new OAuthError(400, 'invalid_request', 'The request is missing a required parameter: token.');
  }
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['id', 'app_id', 'account_id'])
    .where('token_hash', '=', sha256(body.token))
    .executeTakeFirst();
  if (!row) return;
  if (row.app_id !== app.id) {
    throw new OAuthError(403, 'unauthorized_client', 'You are not authorized to revoke this token');
  }
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: nowIso() })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
  // its Web Push subscription goes with it, and the sealed copy of the token it kept for push payloads
  await db.deleteFrom('push_subscriptions').where('token_id', '=', row.id).execute();
  if (row.account_id) await announceRevocation({ bus }, { accountId: row.account_id, tokenId: row.id });
}
