import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

interface Listed {
  id: string;
  visibility: string;
  reblog?: { id: string } | null;
}

const ids = (response: { json: unknown }) => (response.json as Listed[]).map((entry) => entry.id);

describeEachDialect('who may read boosts', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let author: TestAccount;
  let follower: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    author = await createAccount(server, { username: 'author' });
    follower = await createAccount(server, { username: 'follower' });
    stranger = await createAccount(server, { username: 'stranger' });
    await follow(server, follower, author);
  });
  afterAll(async () => server.close());

  describe('a self-boost of a private post', () => {
    let original: string;
    let boost: string;

    beforeAll(async () => {
      original = (await call(author, 'POST', '/api/v1/statuses', { status: 'inner', visibility: 'private' }))
        .id;
      const boosted = await call(author, 'POST', `/api/v1/statuses/${original}/reblog`);
      expect(boosted.status).toBe(200);
      boost = boosted.id;
    });

    it('keeps the private visibility even when asked for public', async () => {
      const asked = await call(author, 'POST', `/api/v1/statuses/${original}/unreblog`);
      expect(asked.status).toBe(200);
      const again = await call(author, 'POST', `/api/v1/statuses/${original}/reblog`, {
        visibility: 'public',
      });
      expect(again.body).toMatchObject({ visibility: 'private', reblog: { id: original } });
      boost = again.id;
    });

    it('is not readable by strangers or signed-out visitors', async () => {
      expect((await call(stranger, 'GET', `/api/v1/statuses/${boost}`)).status).toBe(404);
      expect((await call(null, 'GET', `/api/v1/statuses/${boost}`)).status).toBe(404);
      expect((await call(stranger, 'GET', `/api/v1/statuses/${boost}/context`)).status).toBe(404);
      const profile = await call(stranger, 'GET', `/api/v1/accounts/${author.account.id}/statuses`);
      expect(ids(profile)).not.toContain(boost);
      const anonymous = await call(null, 'GET', `/api/v1/accounts/${author.account.id}/statuses`);
      expect(ids(anonymous)).not.toContain(boost);
    });

    it('stays readable by followers', async () => {
      expect((await call(follower, 'GET', `/api/v1/statuses/${boost}`)).body).toMatchObject({
        reblog: { id: original },
      });
      expect(ids(await call(follower, 'GET', '/api/v1/timelines/home'))).toContain(boost);
    });
  });

  it('drops a boost whose original its viewer may not read from every listing', async () => {
    // an old boost of a private post, as written before boosts kept the original's visibility
    const hidden = await insertStatus(server, author, { visibility: 'private', text: 'followers only' });
    const boost = await insertStatus(server, author, {
      visibility: 'public',
      reblog_of_id: hidden.id,
      text: '',
    });
    expect((await call(stranger, 'GET', `/api/v1/statuses/${boost.id}`)).status).toBe(404);
    expect(ids(await call(stranger, 'GET', `/api/v1/accounts/${author.account.id}/statuses`))).not.toContain(
      boost.id,
    );
    expect((await call(follower, 'GET', `/api/v1/statuses/${boost.id}`)).status).toBe(200);
  });
});

describeEachDialect('blocks and mutes through boosts', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let reader: TestAccount;
  let booster: TestAccount;
  let blocked: TestAccount;
  let muted: TestAccount;
  let blocksReader: TestAccount;
  const boosts: Record<string, string> = {};
  const originals: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    reader = await createAccount(server, { username: 'reader' });
    booster = await createAccount(server, { username: 'booster' });
    blocked = await createAccount(server, { username: 'blocked' });
    muted = await createAccount(server, { username: 'muted' });
    blocksReader = await createAccount(server, { username: 'blocksreader' });
    await follow(server, reader, booster);
    for (const [name, who] of Object.entries({ blocked, muted, blocksReader })) {
      originals[name] = (await call(who, 'POST', '/api/v1/statuses', { status: `by ${name} #boosted` })).id;
      boosts[name] = (await call(booster, 'POST', `/api/v1/statuses/${originals[name]}/reblog`)).id;
    }
    expect((await call(reader, 'POST', `/api/v1/accounts/${blocked.account.id}/block`)).status).toBe(200);
    expect((await call(reader, 'POST', `/api/v1/accounts/${muted.account.id}/mute`)).status).toBe(200);
    expect((await call(blocksReader, 'POST', `/api/v1/accounts/${reader.account.id}/block`)).status).toBe(
      200,
    );
  });
  afterAll(async () => server.close());

  it('leaves boosts of blocked, muted and blocking authors out of home', async () => {
    const home = ids(await call(reader, 'GET', '/api/v1/timelines/home'));
    expect(home).not.toContain(boosts.blocked);
    expect(home).not.toContain(boosts.muted);
    expect(home).not.toContain(boosts.blocksReader);
    // the booster's own home still has them
    const own = ids(await call(booster, 'GET', '/api/v1/timelines/home'));
    expect(own).toEqual(expect.arrayContaining(Object.values(boosts)));
  });

  it('leaves them out of the booster profile and out of lists', async () => {
    const profile = ids(await call(reader, 'GET', `/api/v1/accounts/${booster.account.id}/statuses`));
    expect(profile).not.toContain(boosts.blocked);
    expect(profile).not.toContain(boosts.muted);
    expect(profile).not.toContain(boosts.blocksReader);
    const list = await call(reader, 'POST', '/api/v1/lists', { title: 'boosters' });
    await call(reader, 'POST', `/api/v1/lists/${list.id}/accounts`, { account_ids: [booster.account.id] });
    const listed = ids(await call(reader, 'GET', `/api/v1/timelines/list/${list.id}`));
    expect(listed).not.toContain(boosts.blocked);
    expect(listed).not.toContain(boosts.muted);
    expect(listed).not.toContain(boosts.blocksReader);
  });

  it('answers 404 for a boost of a blocking author and its context', async () => {
    expect((await call(reader, 'GET', `/api/v1/statuses/${boosts.blocksReader}`)).status).toBe(404);
    expect((await call(reader, 'GET', `/api/v1/statuses/${boosts.blocksReader}/context`)).status).toBe(404);
    expect((await call(reader, 'GET', `/api/v1/statuses/${boosts.muted}`)).status).toBe(200);
  });

  it('does not find statuses of blocked or blocking authors in search', async () => {
    const found = await call(reader, 'GET', '/api/v2/search?q=by&type=statuses');
    const statusIds = (found.body.statuses as { id: string }[]).map((entry) => entry.id);
    expect(statusIds).not.toContain(originals.blocked);
    expect(statusIds).not.toContain(originals.blocksReader);
    expect(statusIds).not.toContain(boosts.blocked);
  });

  it('leaves blocked and muted boosters out of reblogged_by', async () => {
    const popular = (await call(reader, 'POST', '/api/v1/statuses', { status: 'boost me' })).id;
    await call(muted, 'POST', `/api/v1/statuses/${popular}/reblog`);
    await call(booster, 'POST', `/api/v1/statuses/${popular}/reblog`);
    const accounts = (await call(reader, 'GET', `/api/v1/statuses/${popular}/reblogged_by`)).json as {
      id: string;
    }[];
    expect(accounts.map((account) => account.id)).toEqual([booster.account.id]);
    const seenByOthers = (await call(booster, 'GET', `/api/v1/statuses/${popular}/reblogged_by`)).json as {
      id: string;
    }[];
    expect(seenByOthers).toHaveLength(2);
  });
});
