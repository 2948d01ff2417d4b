import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import { TEST_PASSWORD, csrfHeaders, signUpSession } from './helpers/auth.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { startRemoteServer, type RemoteServer } from './helpers/remote-server.js';

const AP = 'application/activity+json';

describe('account migration: aliases and moving a local account away', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;

  const call = async (
    who: TestAccount,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const uriOf = (username: string) => `${server.url}/users/${username}`;
  const actorDocument = async (username: string) => {
    const response = await server.app.inject({ url: `/users/${username}`, headers: { accept: AP } });
    return response.json<Record<string, unknown>>();
  };
  const localUser = async (username: string) => {
    const account = await createAccount(server, { username });
    await server.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(TEST_PASSWORD) })
      .where('account_id', '=', account.account.id)
      .execute();
    return account;
  };
  const list = (value: unknown) => (value === undefined ? [] : [value].flat());

  beforeAll(async () => {
    remote = await startRemoteServer();
    server = await listenFederatedServer({ workers: 1 });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('adds and removes aliases, served as alsoKnownAs and sent in an Update', async () => {
    const alice = await localUser('alice');
    const bob = await remote.addActor('bob');
    await remote.addActor('watcher');
    await follow(server, await remoteAccount(alice, 'watcher'), alice);

    expect((await call(alice, 'GET', '/api/web/settings/aliases')).body).toEqual({ aliases: [] });
    const added = await call(alice, 'POST', '/api/web/settings/aliases', { acct: `@${bob.acct}` });
    expect(added.status).toBe(200);
    expect(added.body.aliases).toEqual([{ acct: bob.acct, uri: bob.id }]);
    const local = await call(alice, 'POST', '/api/web/settings/aliases', { acct: 'someone_here' });
    expect(local.status).toBe(422);
    await localUser('someone_here');
    const both = await call(alice, 'POST', '/api/web/settings/aliases', { acct: 'someone_here' });
    expect(both.body.aliases).toEqual([
      { acct: bob.acct, uri: bob.id },
      { acct: 'someone_here', uri: uriOf('someone_here') },
    ]);
    expect(list((await actorDocument('alice')).alsoKnownAs)).toEqual([bob.id, uriOf('someone_here')]);
    // the followers' servers hear of it
    const update = await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Update' &&
        list((received.activity.object as Record<string, unknown>).alsoKnownAs).length === 2,
    );
    expect(update.activity.actor).toBe(uriOf('alice'));

    const removed = await call(
      alice,
      'DELETE',
      `/api/web/settings/aliases?uri=${encodeURIComponent(bob.id)}`,
    );
    expect(removed.body.aliases).toEqual([{ acct: 'someone_here', uri: uriOf('someone_here') }]);
    expect(list((await actorDocument('alice')).alsoKnownAs)).toEqual([uriOf('someone_here')]);
  });

  /** The stored account of a stub actor, resolved here through the API as a user would. */
  async function remoteAccount(who: TestAccount, username: string) {
    const acct = `${username}@${remote.host}`;
    const found = await call(who, 'GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(acct)}`);
    expect(found.status).toBe(200);
    return server.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', found.body.id)
      .executeTakeFirstOrThrow();
  }

  it('refuses bad aliases with clear JSON errors, and changes nothing', async () => {
    const carl = await localUser('carl');
    const errors = [
      [{}, 'acct_blank'],
      [{ acct: '   ' }, 'acct_blank'],
      [{ acct: `nobody@${remote.host}` }, 'not_found'],
      [{ acct: 'carl' }, 'self'],
    ] as const;
    for (const [payload, code] of errors) {
      const response = await call(carl, 'POST', '/api/web/settings/aliases', payload);
      expect(response.status).toBe(422);
      expect(response.body.error).toEqual(expect.any(String));
      expect(response.body.code).toBe(code);
    }
    const dana = await remote.addActor('dana');
    await call(carl, 'POST', '/api/web/settings/aliases', { acct: dana.acct });
    const again = await call(carl, 'POST', '/api/web/settings/aliases', { acct: dana.acct });
    expect(again.status).toBe(422);
    const notOne = await call(
      carl,
      'DELETE',
      '/api/web/settings/aliases?uri=https%3A%2F%2Fnowhere.example%2Fu',
    );
    expect(notOne.status).toBe(422);
    expect((await call(carl, 'GET', '/api/web/settings/aliases')).body.aliases).toHaveLength(1);
  });

  it('takes the session cookie only with its CSRF token, and nobody anonymous', async () => {
    const cookie = await signUpSession(server, 'cookie_user');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/web/settings/aliases',
      cookies: { _palchat_session: cookie },
      payload: { acct: 'alice' },
    });
    expect(refused.statusCode).toBe(403);
    const { cookies, headers } = csrfHeaders({ _palchat_session: cookie });
    const accepted = await server.app.inject({
      method: 'POST',
      url: '/api/web/settings/aliases',
      cookies,
      headers,
      payload: { acct: 'alice' },
    });
    expect(accepted.statusCode).toBe(200);
    const anonymous = await server.app.inject({ url: '/api/web/settings/migration' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves a local account to a remote one: checks, Move to the followers, local followers follow the new account', async () => {
    const erin = await localUser('erin');
    const fan = await localUser('fan');
    await remote.addActor('erin_watcher');
    await follow(server, fan, erin);
    await follow(server, await remoteAccount(erin, 'erin_watcher'), erin);
    const newErin = await remote.addActor('new_erin', { alsoKnownAs: [] });

    const cases = [
      [{ acct: newErin.acct }, 'invalid_password'],
      [{ acct: newErin.acct, current_password: 'wrong' }, 'invalid_password'],
      [{ current_password: TEST_PASSWORD }, 'acct_blank'],
      [{ acct: `ghost@${remote.host}`, current_password: TEST_PASSWORD }, 'not_found'],
      [{ acct: 'erin', current_password: TEST_PASSWORD }, 'move_to_self'],
      // the new account must list this one in its alsoKnownAs first
      [{ acct: newErin.acct, current_password: TEST_PASSWORD }, 'missing_also_known_as'],
    ] as const;
    for (const [payload, code] of cases) {
      const response = await call(erin, 'POST', '/api/web/settings/migration', payload);
      expect(response.status, code).toBe(422);
      expect(response.body).toMatchObject({ error: expect.any(String), code });
    }
    expect((await call(erin, 'GET', '/api/web/settings/migration')).body).toEqual({
      moved_to: null,
      cooldown_until: null,
      followers_count: 2,
    });

    // the alias is read again from the new account's server (not the copy resolved a moment ago)
    remote.updateActor('new_erin', { alsoKnownAs: [uriOf('erin')] });
    const moved = await call(erin, 'POST', '/api/web/settings/migration', {
      acct: newErin.acct,
      current_password: TEST_PASSWORD,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved_to).toMatchObject({ acct: newErin.acct });
    expect(Date.parse(moved.body.cooldown_until)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const move = await remote.waitForActivity((received) => received.activity.type === 'Move');
    expect(move.activity).toMatchObject({ actor: uriOf('erin'), object: uriOf('erin'), target: newErin.id });
    expect(move.verifiedKeyId).toBe(`${uriOf('erin')}#main-key`);
    expect(move.path).toBe('/inbox');
    expect((await actorDocument('erin')).movedTo).toBe(newErin.id);

    // the Account entity says so, and posting is refused
    const entity = await call(erin, 'GET', `/api/v1/accounts/${erin.account.id}`);
    expect(entity.body.moved).toMatchObject({ acct: newErin.acct });
    const post = await call(erin, 'POST', '/api/v1/statuses', { status: 'still here?' });
    expect(post.status).toBe(403);

    // the local follower now asks the new account (remote: a request until its Accept) and left the old one
    const followActivity = await remote.waitForActivity(
      (received) => received.activity.type === 'Follow' && received.activity.object === newErin.id,
    );
    expect(followActivity.activity.actor).toBe(uriOf('fan'));
    const rows = await server.db
      .selectFrom('follows')
      .select('target_account_id')
      .where('account_id', '=', fan.account.id)
      .execute();
    expect(rows.map((row) => row.target_account_id)).not.toContain(erin.account.id);

    // one move per 30 days, as Mastodon's cool-down
    const other = await remote.addActor('other_erin', { alsoKnownAs: [uriOf('erin')] });
    const again = await call(erin, 'POST', '/api/web/settings/migration', {
      acct: other.acct,
      current_password: TEST_PASSWORD,
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'cooldown', cooldown_until: moved.body.cooldown_until });

    // the redirect can be cancelled (the moved account may still use its migration settings)
    const cancelled = await call(erin, 'DELETE', '/api/web/settings/migration');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.moved_to).toBeNull();
    expect((await actorDocument('erin')).movedTo).toBeUndefined();
    expect((await call(erin, 'DELETE', '/api/web/settings/migration')).status).toBe(422);
  });

  it('moves a local account to another local one: followers follow it at once, even when it is locked', async () => {
    const gina = await localUser('gina');
    const newGina = await createAccount(server, { username: 'new_gina', locked: 1 });
    const fan = await localUser('gina_fan');
    await follow(server, fan, gina);
    await call(newGina, 'POST', '/api/web/settings/aliases', { acct: 'gina' });
    const moved = await call(gina, 'POST', '/api/web/settings/migration', {
      acct: `new_gina@${new URL(server.url).host}`,
      current_password: TEST_PASSWORD,
    });
    expect(moved.status).toBe(200);
    const relationship = await call(fan, 'GET', `/api/v1/accounts/relationships?id[]=${newGina.account.id}`);
    expect(relationship.body[0]).toMatchObject({ following: true, requested: false });
    const old = await call(fan, 'GET', `/api/v1/accounts/relationships?id[]=${gina.account.id}`);
    expect(old.body[0].following).toBe(false);
    expect((await actorDocument('gina')).movedTo).toBe(uriOf('new_gina'));
  });
});
