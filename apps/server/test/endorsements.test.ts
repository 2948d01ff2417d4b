import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSchema, relationshipSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

describeEachDialect('endorsements (accounts featured on a profile)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
  });
  afterAll(async () => server.close());

  const endorsedIds = async (who: TestAccount | null, url: string) =>
    ((await call(who, 'GET', url)).json as unknown[]).map((entry) => accountSchema.parse(entry).id);

  it('endorses only followed accounts and shows them on the profile and in the relationship', async () => {
    expect((await call(null, 'POST', `/api/v1/accounts/${bob.account.id}/endorse`)).status).toBe(401);
    expect((await call(alice, 'POST', '/api/v1/accounts/999999/endorse')).status).toBe(404);
    const refused = await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/endorse`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/following/);
    expect(await endorsedIds(alice, '/api/v1/endorsements')).toEqual([]);

    await follow(server, alice, bob);
    await follow(server, alice, carol);
    const endorsed = await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/endorse`);
    expect(endorsed.status).toBe(200);
    expect(relationshipSchema.parse(endorsed.json)).toMatchObject({ id: bob.account.id, endorsed: true });
    // endorsing twice changes nothing; the 4.3 name of the same call still works
    expect((await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/endorse`)).body.endorsed).toBe(
      true,
    );
    expect((await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/pin`)).body.endorsed).toBe(true);

    expect((await endorsedIds(alice, '/api/v1/endorsements')).sort()).toEqual(
      [bob.account.id, carol.account.id].sort(),
    );
    expect((await endorsedIds(null, `/api/v1/accounts/${alice.account.id}/endorsements`)).sort()).toEqual(
      [bob.account.id, carol.account.id].sort(),
    );
    expect((await call(null, 'GET', '/api/v1/endorsements')).status).toBe(401);

    const unendorsed = await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/unendorse`);
    expect(unendorsed.body).toMatchObject({ endorsed: false, following: true });
    expect(await endorsedIds(alice, '/api/v1/endorsements')).toEqual([bob.account.id]);
  });

  it('ends the endorsement when the follow ends (unfollow or block)', async () => {
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/endorse`);
    await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/unfollow`);
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/block`);
    expect(await endorsedIds(alice, '/api/v1/endorsements')).toEqual([]);
    const relationship = (await call(alice, 'GET', `/api/v1/accounts/relationships?id[]=${bob.account.id}`))
      .json as unknown[];
    expect(relationshipSchema.parse(relationship[0]).endorsed).toBe(false);
  });
});
