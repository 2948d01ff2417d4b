import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

describeEachDialect('follow requests keep their options', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let locked: TestAccount;
  let quiet: TestAccount;
  let eager: TestAccount;
  let plain: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    locked = await createAccount(server, { username: 'locked', locked: 1 });
    quiet = await createAccount(server, { username: 'quiet' });
    eager = await createAccount(server, { username: 'eager' });
    plain = await createAccount(server, { username: 'plain' });
  });
  afterAll(async () => server.close());

  const relationship = async (who: TestAccount, target: TestAccount) =>
    (
      (await call(who, 'GET', `/api/v1/accounts/relationships?id[]=${target.account.id}`)).json as object[]
    )[0];

  it('applies reblogs and notify chosen with the request when it is authorized', async () => {
    const asked = await call(quiet, 'POST', `/api/v1/accounts/${locked.account.id}/follow`, {
      reblogs: false,
      notify: true,
    });
    expect(asked.body).toMatchObject({ following: false, requested: true });
    const authorized = await call(locked, 'POST', `/api/v1/follow_requests/${quiet.account.id}/authorize`);
    expect(authorized.status).toBe(200);
    expect(await relationship(quiet, locked)).toMatchObject({
      following: true,
      showing_reblogs: false,
      notifying: true,
    });
  });

  it('lets a pending request change its options before it is answered', async () => {
    await call(eager, 'POST', `/api/v1/accounts/${locked.account.id}/follow`);
    const changed = await call(eager, 'POST', `/api/v1/accounts/${locked.account.id}/follow`, {
      notify: true,
    });
    expect(changed.body).toMatchObject({ requested: true });
    await call(locked, 'POST', `/api/v1/follow_requests/${eager.account.id}/authorize`);
    expect(await relationship(eager, locked)).toMatchObject({
      following: true,
      showing_reblogs: true,
      notifying: true,
    });
  });

  it('accepts the pending requests, with their options, when the account unlocks', async () => {
    await call(eager, 'POST', `/api/v1/accounts/${locked.account.id}/unfollow`);
    await call(eager, 'POST', `/api/v1/accounts/${locked.account.id}/follow`, { reblogs: false });
    await call(plain, 'POST', `/api/v1/accounts/${locked.account.id}/follow`);
    expect((await call(locked, 'GET', '/api/v1/follow_requests')).json).toHaveLength(2);
    // an update that leaves the lock alone accepts nothing
    await call(locked, 'PATCH', '/api/v1/accounts/update_credentials', { display_name: 'Still locked' });
    expect((await call(locked, 'GET', '/api/v1/follow_requests')).json).toHaveLength(2);
    const unlocked = await call(locked, 'PATCH', '/api/v1/accounts/update_credentials', { locked: false });
    expect(unlocked.body).toMatchObject({ locked: false, followers_count: 3 });
    expect((await call(locked, 'GET', '/api/v1/follow_requests')).json).toEqual([]);
    expect(await relationship(eager, locked)).toMatchObject({ following: true, showing_reblogs: false });
    expect(await relationship(plain, locked)).toMatchObject({ following: true, requested: false });
    const notes = (await call(locked, 'GET', '/api/v1/notifications')).json as { type: string }[];
    expect(notes.filter((note) => note.type === 'follow_request')).toEqual([]);
  });
});
