import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusSchema, type Status } from '@palchat/api';
import { serializeStatuses, serializeStatusesJson } from '../src/statuses/serializer.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  type TestServer,
} from './helpers/harness.js';
import {
  bearer,
  createAccount,
  follow,
  insertStatus,
  insertStatusImage,
  type TestAccount,
} from './helpers/factories.js';
import { redisReachable, warnRedisSkipped } from './helpers/redis.js';
import { createScaledOut, type ScaledOut } from './helpers/scaled-out.js';
import { caller, uploadPng } from './helpers/social.js';

/**
 * Each status's viewer-independent rendering is kept between reads (statuses/rendered-statuses.ts): whatever
 * changes its row, its author's row or its parts, here or in another process, must still be seen at once.
 */
describeEachDialect('rendered statuses kept between reads', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice', display_name: 'Alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
    await follow(server, carol, bob);
  });
  afterAll(async () => server.close());

  const homeStatus = async (id: string): Promise<Status> => {
    const response = await call(carol, 'GET', '/api/v1/timelines/home');
    expect(response.status).toBe(200);
    const found = (response.json as unknown[])
      .map((entry) => statusSchema.parse(entry))
      .find((status) => status.id === id);
    expect(found).toBeDefined();
    return found!;
  };

  it('answers a page with exactly the JSON of its entities, boosts, polls, media and filters included', async () => {
    const picture = await uploadPng(server, alice, { description: 'a picture' });
    const withMedia = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'look @bob #sky',
      media_ids: [picture.id],
    });
    const withPoll = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'which one?',
      poll: { options: ['this', 'that'], expires_in: 3600 },
    });
    const warned = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'the eclipse tonight',
      spoiler_text: 'sky talk',
      sensitive: true,
    });
    for (const posted of [withMedia, withPoll, warned]) expect(posted.status, posted.raw.body).toBe(200);
    expect((await call(bob, 'POST', `/api/v1/statuses/${withPoll.id}/reblog`)).status).toBe(200);
    expect((await call(carol, 'POST', `/api/v1/statuses/${withMedia.id}/favourite`)).status).toBe(200);
    const filter = await call(carol, 'POST', '/api/v2/filters', {
      title: 'eclipse',
      context: ['home'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'eclipse', whole_word: true }],
    });
    expect(filter.status, filter.raw.body).toBe(200);

    const viewer = await server.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', carol.account.id)
      .executeTakeFirstOrThrow();
    for (let read = 0; read < 2; read += 1) {
      const page = await server.app.inject({ url: '/api/v1/timelines/home', headers: bearer(carol) });
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      const ids = page.json<Status[]>().map((status) => status.id);
      expect(ids.length).toBe(4);
      const rows = await server.db
        .selectFrom('statuses')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id', 'desc')
        .execute();
      const entities = await serializeStatuses(server.ctx, rows, viewer, 'home');
      expect(entities.some((status) => status.reblog?.poll)).toBe(true);
      expect(entities.some((status) => status.filtered?.length)).toBe(true);
      expect(page.body).toBe(JSON.stringify(entities));
      const json = await serializeStatusesJson(server.ctx, rows, viewer, 'home');
      expect(json.toString('utf8')).toBe(JSON.stringify(entities));
    }
  });

  it('shows a status’s new counters, marks and text to a reader who saw it before', async () => {
    const { id } = await call(alice, 'POST', '/api/v1/statuses', { status: 'first version' });
    expect((await homeStatus(id)).favourites_count).toBe(0);

    expect((await call(bob, 'POST', `/api/v1/statuses/${id}/favourite`)).status).toBe(200);
    expect((await homeStatus(id)).favourites_count).toBe(1);

    // as a moderator's tool or another process would, without this process knowing
    await server.db
      .updateTable('statuses')
      .set({ sensitive: 1, spoiler_text: 'marked' })
      .where('id', '=', id)
      .execute();
    expect(await homeStatus(id)).toMatchObject({ sensitive: true, spoiler_text: 'marked' });

    expect((await call(alice, 'PUT', `/api/v1/statuses/${id}`, { status: 'second version' })).status).toBe(
      200,
    );
    expect((await homeStatus(id)).content).toContain('second version');
  });

  it('shows its author’s new profile on statuses read before', async () => {
    const { id } = await call(alice, 'POST', '/api/v1/statuses', { status: 'about me' });
    expect((await homeStatus(id)).account.display_name).toBe('Alice');

    const updated = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: bearer(alice),
      payload: { display_name: 'Alice Renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await homeStatus(id)).account.display_name).toBe('Alice Renamed');

    await server.db
      .updateTable('accounts')
      .set((eb) => ({ followers_count: eb('followers_count', '+', 10) }))
      .where('id', '=', alice.account.id)
      .execute();
    const { followers_count: followers } = await server.db
      .selectFrom('accounts')
      .select('followers_count')
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect((await homeStatus(id)).account.followers_count).toBe(followers);
  });

  it('shows the local copy of remote media in timelines once it is made', async () => {
    const status = await insertStatus(server, bob, { text: 'with a remote picture' });
    const remoteUrl = 'https://remote.example/system/media/timeline.png';
    const mediaId = await insertStatusImage(server, status, { remote_url: remoteUrl });
    expect((await homeStatus(status.id)).media_attachments).toMatchObject([{ url: remoteUrl }]);

    await server.db
      .updateTable('media_attachments')
      .set({ file_path: `copies/${mediaId}.png` })
      .where('id', '=', mediaId)
      .execute();
    expect((await homeStatus(status.id)).media_attachments).toMatchObject([
      { url: expect.stringMatching(/copies\/\d+\.png$/), remote_url: remoteUrl },
    ]);
  });
});

const scaledOut = postgresReachable && redisReachable;
if (!scaledOut) warnRedisSkipped('rendered statuses across processes');

describe.skipIf(!scaledOut)('rendered statuses kept by two processes', () => {
  let cluster: ScaledOut;
  let alice: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    cluster = await createScaledOut(2);
    alice = await createAccount({ db: cluster.db }, { username: 'alice', display_name: 'Alice' });
    carol = await createAccount({ db: cluster.db }, { username: 'carol' });
    await follow({ db: cluster.db }, carol, alice);
  });
  afterAll(async () => cluster.close());

  const request = async (
    process: number,
    who: TestAccount,
    method: 'GET' | 'PUT' | 'PATCH' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const response = await cluster.instances[process]!.app.inject({
      method,
      url,
      headers: bearer(who),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows on one process the edits and profile changes made through the other', async () => {
    const { id } = (await request(0, alice, 'POST', '/api/v1/statuses', { status: 'before' })) as Status;
    const home = async () =>
      ((await request(0, carol, 'GET', '/api/v1/timelines/home')) as Status[]).find((s) => s.id === id)!;
    expect(await home()).toMatchObject({ content: '<p>before</p>', account: { display_name: 'Alice' } });

    await request(1, alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      display_name: 'Alice Elsewhere',
    });
    expect(await home()).toMatchObject({
      content: '<p>before</p>',
      account: { display_name: 'Alice Elsewhere' },
    });
    await request(1, alice, 'PUT', `/api/v1/statuses/${id}`, { status: 'after' });
    expect(await home()).toMatchObject({
      content: '<p>after</p>',
      account: { display_name: 'Alice Elsewhere' },
    });
  });
});
