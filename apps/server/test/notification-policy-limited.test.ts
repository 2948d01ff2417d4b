import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { accountRow, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { recordNotification } from '../src/notifications/service.js';
import { createDomainBlock } from '../src/moderation/domain-blocks.js';
import { nowIso } from '../src/lib/time.js';

describeEachDialect('notification policy for limited accounts (for_limited_accounts)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let bob: TestAccount;
  let limited: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    bob = await createAccount(server, { username: 'bob' });
    limited = await createAccount(server, { username: 'limited', silenced_at: nowIso() });
  });
  afterAll(async () => server.close());

  const favouriteFromLimited = async () => {
    const status = await insertStatus(server, bob, { text: 'a post to favourite' });
    expect((await call(limited, 'POST', `/api/v1/statuses/${status.id}/favourite`)).status).toBe(200);
  };
  const favouritesInBobsList = async () =>
    ((await call(bob, 'GET', '/api/v1/notifications?types[]=favourite')).json as unknown[]).length;
  const pendingRequests = async () =>
    ((await call(bob, 'GET', '/api/v1/notifications/requests')).json as { id: string }[]).map(
      (request) => request.id,
    );

  it('filters by default, then accepts or drops as the recipient chooses, and accepts from followed accounts', async () => {
    expect((await call(bob, 'GET', '/api/v2/notifications/policy')).body).toMatchObject({
      for_limited_accounts: 'filter',
    });
    await favouriteFromLimited();
    expect(await favouritesInBobsList()).toBe(0);
    expect(await pendingRequests()).toEqual([limited.account.id]);

    expect(
      (await call(bob, 'PUT', '/api/v2/notifications/policy', { for_limited_accounts: 'maybe' })).status,
    ).toBe(422);
    const dropping = await call(bob, 'PATCH', '/api/v2/notifications/policy', {
      for_limited_accounts: 'drop',
    });
    expect(dropping.body).toMatchObject({ for_limited_accounts: 'drop', for_private_mentions: 'filter' });
    await favouriteFromLimited();
    expect(await favouritesInBobsList()).toBe(0);
    expect((await call(bob, 'GET', '/api/v2/notifications/policy')).body.summary).toMatchObject({
      pending_notifications_count: 1,
    });

    await call(bob, 'PATCH', '/api/v2/notifications/policy', { for_limited_accounts: 'filter' });
    await follow(server, bob, limited);
    await favouriteFromLimited();
    expect(await favouritesInBobsList()).toBe(1);
  });

  it('treats accounts of a server limited by an admin domain block as limited', async () => {
    const remote = accountRow('rita', {
      domain: 'limited.example',
      uri: 'https://limited.example/users/rita',
    });
    await server.db.insertInto('accounts').values(remote).execute();
    const notify = () =>
      recordNotification(server.db, { accountId: bob.account.id, fromAccountId: remote.id, type: 'follow' });

    expect((await notify())?.filtered).toBe(0);
    await createDomainBlock(server.db, { domain: 'limited.example', severity: 'silence' });
    expect((await notify())?.filtered).toBe(1);
  });
});
