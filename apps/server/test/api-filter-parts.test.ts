import { afterAll, beforeAll, expect, it } from 'vitest';
import { filterKeywordSchema, filterStatusSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

interface FilteredStatus {
  id: string;
  filtered?: { filter: { id: string }; keyword_matches: string[] | null; status_matches: string[] | null }[];
}

describeEachDialect('filter keywords and filtered statuses (v2)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let mallory: TestAccount;
  let filterId: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    mallory = await createAccount(server, { username: 'mallory' });
    await follow(server, bob, alice);
    filterId = (
      await call(bob, 'POST', '/api/v2/filters', {
        title: 'Spoilers',
        context: ['home', 'public'],
        filter_action: 'warn',
        keywords_attributes: [{ keyword: 'finale' }],
      })
    ).id;
  });
  afterAll(async () => server.close());

  it('reads, changes and deletes one keyword; other accounts get 404', async () => {
    const [keyword] = filterKeywordSchema
      .array()
      .parse((await call(bob, 'GET', `/api/v2/filters/${filterId}/keywords`)).json);
    const url = `/api/v2/filters/keywords/${keyword?.id}`;
    expect((await call(bob, 'GET', url)).json).toEqual({
      id: keyword?.id,
      keyword: 'finale',
      whole_word: true,
    });
    expect((await call(mallory, 'GET', url)).status).toBe(404);
    expect((await call(null, 'GET', url)).status).toBe(401);
    expect((await call(mallory, 'PUT', url, { keyword: 'hijack' })).status).toBe(404);
    expect((await call(bob, 'PUT', url, { keyword: '' })).status).toBe(422);
    expect((await call(bob, 'GET', '/api/v2/filters/keywords/nope')).status).toBe(404);
    const changed = await call(bob, 'PUT', url, { keyword: 'season finale', whole_word: false });
    expect(changed.json).toEqual({ id: keyword?.id, keyword: 'season finale', whole_word: false });
    expect((await call(bob, 'GET', url)).body.keyword).toBe('season finale');
    expect((await call(mallory, 'DELETE', url)).status).toBe(404);
    expect((await call(bob, 'DELETE', url)).status).toBe(200);
    expect((await call(bob, 'GET', url)).status).toBe(404);
  });

  it('names statuses: listed, shown in the filter, matched as status_matches, removed; only readable statuses', async () => {
    const plain = await insertStatus(server, alice, { text: 'nothing to see here' });
    const hidden = await insertStatus(server, alice, { text: 'followers only', visibility: 'direct' });
    const url = `/api/v2/filters/${filterId}/statuses`;
    expect((await call(null, 'POST', url, { status_id: plain.id })).status).toBe(401);
    expect((await call(mallory, 'POST', url, { status_id: plain.id })).status).toBe(404);
    expect((await call(bob, 'POST', url, {})).status).toBe(422);
    expect((await call(bob, 'POST', url, { status_id: '999999' })).status).toBe(404);
    expect((await call(bob, 'POST', url, { status_id: hidden.id })).status).toBe(404);
    const added = await call(bob, 'POST', url, { status_id: plain.id });
    expect(added.status).toBe(200);
    const entry = filterStatusSchema.parse(added.json);
    expect(entry.status_id).toBe(plain.id);
    expect((await call(bob, 'POST', url, { status_id: plain.id })).status).toBe(422);

    expect((await call(bob, 'GET', url)).json).toEqual([entry]);
    expect((await call(mallory, 'GET', url)).status).toBe(404);
    expect((await call(bob, 'GET', `/api/v2/filters/${filterId}`)).body.statuses).toEqual([entry]);
    expect((await call(bob, 'GET', `/api/v2/filters/statuses/${entry.id}`)).json).toEqual(entry);
    expect((await call(mallory, 'GET', `/api/v2/filters/statuses/${entry.id}`)).status).toBe(404);

    const home = (await call(bob, 'GET', '/api/v1/timelines/home')).json as FilteredStatus[];
    const matched = home.find((status) => status.id === plain.id);
    expect(matched?.filtered).toEqual([
      expect.objectContaining({
        filter: expect.objectContaining({ id: filterId }),
        status_matches: [plain.id],
      }),
    ]);
    // the filter is bob's: alice's view of her own status is untouched
    const own = (await call(alice, 'GET', `/api/v1/statuses/${plain.id}`)).json as FilteredStatus;
    expect(own.filtered ?? []).toEqual([]);

    expect((await call(mallory, 'DELETE', `/api/v2/filters/statuses/${entry.id}`)).status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/v2/filters/statuses/${entry.id}`)).status).toBe(200);
    expect((await call(bob, 'GET', url)).json).toEqual([]);
    const after = (await call(bob, 'GET', `/api/v1/statuses/${plain.id}`)).json as FilteredStatus;
    expect(after.filtered ?? []).toEqual([]);
  });

  it('changes a v1 filter’s context alone (PUT /api/v1/filters/:id), its phrase kept', async () => {
    const created = await call(bob, 'POST', '/api/v1/filters', { phrase: 'cliffhanger', context: ['home'] });
    expect(created.status).toBe(200);
    const url = `/api/v1/filters/${String(created.body.id)}`;
    const changed = await call(bob, 'PUT', url, { context: ['home', 'notifications'] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phrase: 'cliffhanger', context: ['home', 'notifications'] });
    expect((await call(bob, 'GET', url)).body.context).toEqual(['home', 'notifications']);
  });
});
