import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';

const ids = (body: { id: string }[]) => body.map((status) => status.id);

describeEachDialect('timelines', (dialect) => {
  let server: TestServer;
  let reader: TestAccount;
  let friend: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    reader = await createAccount(server, { username: 'reader' });
    friend = await createAccount(server, { username: 'friend' });
    stranger = await createAccount(server, { username: 'stranger' });
    await follow(server, reader, friend);
  });
  afterAll(async () => server.close());

  const get = (url: string, who?: TestAccount) =>
    server.app.inject({ method: 'GET', url, ...(who ? { headers: bearer(who) } : {}) });

  it('answers empty timelines with real empty arrays', async () => {
    for (const url of [
      '/api/v1/timelines/home',
      '/api/v1/timelines/public',
      '/api/v1/timelines/public?local=true',
      '/api/v1/timelines/tag/nothing',
      '/api/v1/conversations',
      '/api/v1/favourites',
      '/api/v1/bookmarks',
      '/api/v1/notifications',
      '/api/v1/notifications/requests',
      '/api/v1/followed_tags',
      '/api/v1/trends/statuses',
      '/api/v1/trends/tags',
      '/api/v1/trends/links',
    ]) {
      const response = await get(url, reader);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual([]);
      expect(response.headers.link, url).toBeUndefined();
    }
    expect((await get('/api/v1/markers?timeline[]=home', reader)).json()).toEqual({});
  });

  it("shows followed accounts' and own posts on home, not strangers'", async () => {
    const own = await insertStatus(server, reader, { text: 'mine' });
    const friendPublic = await insertStatus(server, friend, { text: 'hello #Cats', tags: ['Cats'] });
    const friendPrivate = await insertStatus(server, friend, {
      text: 'for followers',
      visibility: 'private',
    });
    await insertStatus(server, friend, { text: 'dm', visibility: 'direct', mentions: [stranger.account.id] });
    await insertStatus(server, friend, {
      text: '@stranger reply',
      in_reply_to_account_id: stranger.account.id,
      in_reply_to_id: null,
    });
    await insertStatus(server, stranger, { text: 'not followed' });

    const home = await get('/api/v1/timelines/home', reader);
    expect(home.statusCode).toBe(200);
    const body = home.json();
    expect(ids(body)).toEqual([friendPrivate.id, friendPublic.id, own.id]);
    const first = statusSchema.parse(body[1]);
    expect(first).toMatchObject({
      account: { username: 'friend' },
      visibility: 'public',
      favourited: false,
      tags: [{ name: 'cats' }],
      url: `${server.config.publicUrl}/@friend/${friendPublic.id}`,
    });
    expect(first.content).toContain('<a href="http://');
    expect(first.content).toContain('/tags/cats');

    const strangerHome = await get('/api/v1/timelines/home', stranger);
    expect(
      strangerHome
        .json()
        .map((s: { content: string }) => s.content)
        .join(),
    ).not.toContain('for followers');
  });

  it('pages with max_id / min_id and sets the Link header', async () => {
    const author = await createAccount(server, { username: 'pager' });
    await follow(server, reader, author);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await insertStatus(server, author, { text: `post ${i}` }));
    const newestFive = made.map((s) => s.id).reverse();

    const page1 = await get('/api/v1/timelines/home?limit=2', reader);
    expect(ids(page1.json())).toEqual(newestFive.slice(0, 2));
    const link = page1.headers.link as string;
    expect(link).toContain(`max_id=${newestFive[1]}>; rel="next"`);
    expect(link).toContain(`min_id=${newestFive[0]}>; rel="prev"`);
    expect(link).toContain('limit=2');

    const page2 = await get(`/api/v1/timelines/home?limit=2&max_id=${newestFive[1]}`, reader);
    expect(ids(page2.json())).toEqual(newestFive.slice(2, 4));

    const newer = await get(`/api/v1/timelines/home?limit=2&min_id=${newestFive[3]}`, reader);
    expect(ids(newer.json())).toEqual(newestFive.slice(1, 3));

    const since = await get(`/api/v1/timelines/home?since_id=${newestFive[2]}`, reader);
    expect(ids(since.json())).toEqual(newestFive.slice(0, 2));
  });

  it('serves public, local and tag timelines with public posts only', async () => {
    const publicBody = (await get('/api/v1/timelines/public')).json();
    expect(publicBody.every((s: { visibility: string }) => s.visibility === 'public')).toBe(true);
    expect(publicBody.map((s: { content: string }) => s.content).join()).not.toContain('@stranger reply');
    expect((await get('/api/v1/timelines/public?remote=true')).json()).toEqual([]);

    const tag = (await get('/api/v1/timelines/tag/CATS')).json();
    expect(tag).toHaveLength(1);
    expect(tag[0].content).toContain('hello');
    const tagEntity = await get('/api/v1/tags/cats', reader);
    expect(tagEntity.json()).toMatchObject({ name: 'Cats', following: false });
    expect(tagEntity.json().history).toHaveLength(7);
  });

  it('closes public timelines to visitors when timeline_preview is off', async () => {
    await server.db
      .insertInto('server_settings')
      .values({ key: 'timeline_preview', value: 'false' })
      .execute();
    try {
      for (const url of ['/api/v1/timelines/public', '/api/v1/timelines/tag/cats']) {
        expect((await get(url)).statusCode).toBe(401);
        expect((await get(url, reader)).statusCode).toBe(200);
      }
    } finally {
      await server.db.deleteFrom('server_settings').where('key', '=', 'timeline_preview').execute();
    }
  });

  it('hides statuses the viewer may not read (404) and serves context', async () => {
    const secret = await insertStatus(server, stranger, { text: 'secret', visibility: 'private' });
    expect((await get(`/api/v1/statuses/${secret.id}`, reader)).statusCode).toBe(404);
    expect((await get(`/api/v1/statuses/${secret.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/statuses/${secret.id}`, stranger)).statusCode).toBe(200);
    expect((await get('/api/v1/statuses/1')).json()).toEqual({ error: 'Record not found' });

    const root = await insertStatus(server, stranger, { text: 'root' });
    const reply = await insertStatus(server, reader, {
      text: 'reply',
      in_reply_to_id: root.id,
      in_reply_to_account_id: stranger.account.id,
      conversation_id: root.id,
    });
    const context = (await get(`/api/v1/statuses/${reply.id}/context`)).json();
    expect(ids(context.ancestors)).toEqual([root.id]);
    expect(ids((await get(`/api/v1/statuses/${root.id}/context`)).json().descendants)).toEqual([reply.id]);
  });

  it('lists favourites, bookmarks and who favourited, newest first', async () => {
    const status = await insertStatus(server, friend, { text: 'likeable', favourites_count: 1 });
    await server.db
      .insertInto('favourites')
      .values({
        id: '000000000000000010',
        account_id: reader.account.id,
        status_id: status.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const favourites = (await get('/api/v1/favourites', reader)).json();
    expect(ids(favourites)).toEqual([status.id]);
    expect(favourites[0]).toMatchObject({ favourited: true, bookmarked: false });
    const by = (await get(`/api/v1/statuses/${status.id}/favourited_by`)).json();
    expect(by.map((a: { id: string }) => a.id)).toEqual([reader.account.id]);
    expect((await get(`/api/v1/statuses/${status.id}/reblogged_by`)).json()).toEqual([]);
  });

  it('groups private mentions into conversations and marks them read', async () => {
    const dm = await insertStatus(server, stranger, {
      text: '@reader psst',
      visibility: 'direct',
      mentions: [reader.account.id],
    });
    const conversations = (await get('/api/v1/conversations', reader)).json();
    expect(conversations).toEqual([
      expect.objectContaining({
        id: dm.conversation_id,
        unread: true,
        accounts: [expect.objectContaining({ id: stranger.account.id })],
        last_status: expect.objectContaining({ id: dm.id, visibility: 'direct' }),
      }),
    ]);
    const read = await server.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${dm.conversation_id}/read`,
      headers: bearer(reader),
    });
    expect(read.json()).toMatchObject({ unread: false });
    const friendConversations = (await get('/api/v1/conversations', friend)).json();
    expect(friendConversations.map((c: { id: string }) => c.id)).not.toContain(dm.conversation_id);
    expect(friendConversations).toHaveLength(1);
  });

  it('stores markers per timeline', async () => {
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: bearer(reader),
      payload: { home: { last_read_id: '123' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().home).toMatchObject({ last_read_id: '000000000000000123', version: 0 });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: bearer(reader),
      payload: { home: { last_read_id: '124' } },
    });
    expect(again.json().home).toMatchObject({ version: 1 });
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: bearer(reader),
      payload: {},
    });
    expect(bad.statusCode).toBe(422);
  });

  it('requires a signed-in user for personal timelines', async () => {
    for (const url of [
      '/api/v1/timelines/home',
      '/api/v1/timelines/list/1',
      '/api/v1/conversations',
      '/api/v1/favourites',
      '/api/v1/bookmarks',
      '/api/v1/notifications',
      '/api/v1/notifications/requests',
      '/api/v1/markers',
      '/api/v1/followed_tags',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
    }
    expect((await get('/api/v1/timelines/home?limit=abc', reader)).statusCode).toBe(422);
  });
});
