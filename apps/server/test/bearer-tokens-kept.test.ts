import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, issueToken, type OAuthAppRow } from '../src/auth/oauth-service.js';
import type { Db } from '../src/db/index.js';
import { nowIso } from '../src/lib/time.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  type TestServer,
} from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { redisReachable, warnRedisSkipped } from './helpers/redis.js';
import { createScaledOut, type ScaledOut } from './helpers/scaled-out.js';

/**
 * Each process keeps what a bearer token's row never changes (auth/bearer-tokens.ts); whatever makes the token
 * or its account stop holding, here, in another process or straight in the database, counts at the next request.
 */
describeEachDialect('bearer tokens kept between requests', (dialect) => {
  let server: TestServer;
  let client: OAuthAppRow;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    client = await createApp(server.db, { client_name: 'Kept', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' });
  });
  afterAll(async () => server.close());

  const statusOf = async (who: { token: string }, url = '/api/v1/accounts/verify_credentials') =>
    (await server.app.inject({ url, headers: bearer(who as TestAccount) })).statusCode;

  const appToken = async (accountId: string | null) =>
    (await issueToken(server.db, { appId: client.id, accountId, scopes: ['read', 'write'] })).token;

  it('refuses a token revoked through the API or in the database, and a signed-out session’s', async () => {
    const olivia = await createAccount(server, { username: 'olivia' });
    const viaApi = { token: await appToken(olivia.account.id) };
    const inDatabase = { token: await appToken(olivia.account.id) };
    for (const who of [olivia, viaApi, inDatabase]) expect(await statusOf(who)).toBe(200);

    const revoked = await server.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: client.client_id, client_secret: client.client_secret, token: viaApi.token },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await statusOf(viaApi)).toBe(401);

    await server.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: nowIso() })
      .where('account_id', '=', olivia.account.id)
      .where('session_id', 'is', null)
      .execute();
    expect(await statusOf(inDatabase)).toBe(401);

    expect(await statusOf(olivia)).toBe(200);
    await server.db.deleteFrom('sessions').where('account_id', '=', olivia.account.id).execute();
    await server.db.deleteFrom('oauth_tokens').where('account_id', '=', olivia.account.id).execute();
    expect(await statusOf(olivia)).toBe(401);
  });

  it('answers for the account as it is now: suspended, disabled, unapproved, deleted', async () => {
    const changes: Record<string, (db: Db, id: string) => Promise<unknown>> = {
      suspended: (db, id) =>
        db.updateTable('accounts').set({ suspended_at: nowIso() }).where('id', '=', id).execute(),
      disabled: (db, id) => db.updateTable('accounts').set({ disabled: 1 }).where('id', '=', id).execute(),
      unapproved: (db, id) => db.updateTable('accounts').set({ approved: 0 }).where('id', '=', id).execute(),
    };
    for (const [name, change] of Object.entries(changes)) {
      const who = await createAccount(server, { username: `was_${name}` });
      expect(await statusOf(who)).toBe(200);
      await change(server.db, who.account.id);
      expect(await statusOf(who), name).toBe(403);
    }
    const gone = await createAccount(server, { username: 'gone' });
    expect(await statusOf(gone)).toBe(200);
    await server.db.deleteFrom('users').where('account_id', '=', gone.account.id).execute();
    await server.db.deleteFrom('sessions').where('account_id', '=', gone.account.id).execute();
    await server.db.deleteFrom('oauth_tokens').where('account_id', '=', gone.account.id).execute();
    await server.db.deleteFrom('accounts').where('id', '=', gone.account.id).execute();
    expect(await statusOf(gone)).toBe(401);
  });

  it('answers with the role the account has now', async () => {
    const moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
    const reports = '/api/v1/admin/reports';
    expect(await statusOf(moderator, reports)).toBe(200);
    await server.db
      .updateTable('accounts')
      .set({ role: 'user' })
      .where('id', '=', moderator.account.id)
      .execute();
    expect(await statusOf(moderator, reports)).toBe(403);
    await server.db
      .updateTable('accounts')
      .set({ role: 'moderator' })
      .where('id', '=', moderator.account.id)
      .execute();
    expect(await statusOf(moderator, reports)).toBe(200);
  });

  it('refuses an app’s own token once revoked', async () => {
    const own = { token: await appToken(null) };
    const url = '/api/v1/apps/verify_credentials';
    expect(await statusOf(own, url)).toBe(200);
    await server.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: nowIso() })
      .where('app_id', '=', client.id)
      .execute();
    expect(await statusOf(own, url)).toBe(401);
  });
});

const scaledOut = postgresReachable && redisReachable;
if (!scaledOut) warnRedisSkipped('bearer tokens across processes');

describe.skipIf(!scaledOut)('bearer tokens kept by two processes', () => {
  let cluster: ScaledOut;

  beforeAll(async () => {
    cluster = await createScaledOut(2);
  });
  afterAll(async () => cluster.close());

  const statusOn = async (process: number, token: string, url = '/api/v1/accounts/verify_credentials') =>
    (await cluster.instances[process]!.app.inject({ url, headers: { authorization: `Bearer ${token}` } }))
      .statusCode;

  it('refuses on one process the next request with a token revoked through the other', async () => {
    const olivia = await createAccount({ db: cluster.db }, { username: 'olivia' });
    const client = await createApp(cluster.db, {
      client_name: 'Kept',
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
    });
    const { token } = await issueToken(cluster.db, {
      appId: client.id,
      accountId: olivia.account.id,
      scopes: ['read', 'write'],
    });
    expect(await statusOn(0, token)).toBe(200);
    expect(await statusOn(1, token)).toBe(200);
    const revoked = await cluster.instances[0]!.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: client.client_id, client_secret: client.client_secret, token },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await statusOn(1, token)).toBe(401);
    expect(await statusOn(0, token)).toBe(401);
  });

  it('refuses on one process the next request of an account suspended through the other', async () => {
    const admin = await createAccount({ db: cluster.db }, { username: 'admin', role: 'admin' });
    const olivia = await createAccount({ db: cluster.db }, { username: 'olivia2' });
    expect(await statusOn(1, olivia.token)).toBe(200);
    const action = await cluster.instances[0]!.app.inject({
      method: 'POST',
      url: `/api/v1/admin/accounts/${olivia.account.id}/action`,
      headers: bearer(admin),
      payload: { type: 'suspend' },
    });
    expect(action.statusCode, action.body).toBe(200);
    expect(await statusOn(1, olivia.token)).toBe(403);
  });
});
