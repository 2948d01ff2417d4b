import { afterAll, beforeAll, expect, it } from 'vitest';
import { listSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';

describeEachDialect('lists', (dialect) => {
  let server: TestServer;
  let owner: TestAccount;
  let other: TestAccount;
  let followed: TestAccount;
  let unfollowed: TestAccount;

  const call = (
    who: TestAccount | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    server.app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who) } : {}),
      ...(payload ? { payload } : {}),
    });
  const listCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('lists')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await createTestServer(dialect);
    owner = await createAccount(server, { username: 'owner' });
    other = await createAccount(server, { username: 'other' });
    followed = await createAccount(server, { username: 'followed' });
    unfollowed = await createAccount(server, { username: 'unfollowed' });
    await follow(server, owner, followed);
  });
  afterAll(async () => server.close());

  it('creates, reads, renames and lists lists sorted by title', async () => {
    const created = await call(owner, 'POST', '/api/v1/lists', { title: 'Zebras' });
    expect(created.statusCode).toBe(200);
    expect(listSchema.parse(created.json())).toMatchObject({
      title: 'Zebras',
      replies_policy: 'list',
      exclusive: false,
    });
    const second = await call(owner, 'POST', '/api/v1/lists', {
      title: 'Apes',
      replies_policy: 'none',
      exclusive: true,
    });
    expect(second.json()).toMatchObject({ replies_policy: 'none', exclusive: true });

    const all = await call(owner, 'GET', '/api/v1/lists');
    expect(all.json().map((l: { title: string }) => l.title)).toEqual(['Apes', 'Zebras']);
    const id = created.json().id;
    const renamed = await call(owner, 'PUT', `/api/v1/lists/${id}`, { title: 'Zoo' });
    expect(renamed.json()).toMatchObject({ id, title: 'Zoo' });
    expect((await call(owner, 'GET', `/api/v1/lists/${id}`)).json()).toMatchObject({ title: 'Zoo' });
    expect((await call(other, 'GET', '/api/v1/lists')).json()).toEqual([]);
  });

  it("hides another user's list (404) and refuses bad input without writing", async () => {
    const id = (await call(owner, 'GET', '/api/v1/lists')).json()[0].id;
    for (const [method, url] of [
      ['GET', `/api/v1/lists/${id}`],
      ['PUT', `/api/v1/lists/${id}`],
      ['DELETE', `/api/v1/lists/${id}`],
      ['GET', `/api/v1/lists/${id}/accounts`],
      ['GET', `/api/v1/timelines/list/${id}`],
    ] as const) {
      const response = await call(other, method, url, method === 'PUT' ? { title: 'Mine' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const before = await listCount();
    for (const payload of [
      {},
      { title: '   ' },
      { title: 'x'.repeat(101) },
      { title: 'ok', replies_policy: 'all' },
    ]) {
      const response = await call(owner, 'POST', '/api/v1/lists', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toHaveProperty('error');
    }
    expect(await listCount()).toBe(before);
    expect((await call(null, 'GET', '/api/v1/lists')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/v1/lists', { title: 'x' })).statusCode).toBe(401);
  });

  it('adds only followed accounts and builds the list timeline from members', async () => {
    const list = (await call(owner, 'POST', '/api/v1/lists', { title: 'Friends' })).json();
    const refused = await call(owner, 'POST', `/api/v1/lists/${list.id}/accounts`, {
      account_ids: [followed.account.id, unfollowed.account.id],
    });
    expect(refused.statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/v1/lists/${list.id}/accounts`)).json()).toEqual([]);

    const added = await call(owner, 'POST', `/api/v1/lists/${list.id}/accounts`, {
      account_ids: [followed.account.id],
    });
    expect(added.statusCode).toBe(200);
    const members = await call(owner, 'GET', `/api/v1/lists/${list.id}/accounts`);
    expect(members.json().map((a: { id: string }) => a.id)).toEqual([followed.account.id]);
    const containing = await call(owner, 'GET', `/api/v1/accounts/${followed.account.id}/lists`);
    expect(containing.json().map((l: { id: string }) => l.id)).toEqual([list.id]);

    const memberPost = await insertStatus(server, followed, { text: 'in list' });
    await insertStatus(server, unfollowed, { text: 'not in list' });
    const timeline = await call(owner, 'GET', `/api/v1/timelines/list/${list.id}`);
    expect(timeline.json().map((s: { id: string }) => s.id)).toEqual([memberPost.id]);

    await call(owner, 'DELETE', `/api/v1/lists/${list.id}/accounts`, { account_ids: [followed.account.id] });
    expect((await call(owner, 'GET', `/api/v1/lists/${list.id}/accounts`)).json()).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/v1/lists/${list.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/v1/lists/${list.id}`)).statusCode).toBe(404);
  });
});
