import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller, uploadPng } from './helpers/social.js';
import { openStream, settle, type StreamClient } from './helpers/stream-client.js';

interface StatusPayload {
  id: string;
  reblog?: { id: string } | null;
}
const withId = (id: string) => (payload: unknown) => (payload as StatusPayload).id === id;
const boostOf = (id: string) => (payload: unknown) => (payload as StatusPayload).reblog?.id === id;

describeEachDialect('streams follow the timelines rules', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let base: string;
  let reader: TestAccount;
  let friend: TestAccount;
  let member: TestAccount;
  let blocked: TestAccount;
  let muted: TestAccount;
  let blocksReader: TestAccount;
  let outsider: TestAccount;
  const lists: Record<'none' | 'list' | 'followed', string> = { none: '', list: '', followed: '' };
  let exclusiveList: string;
  const streams: StreamClient[] = [];
  let home: StreamClient;
  let listStreams: Record<'none' | 'list' | 'followed' | 'exclusive', StreamClient>;

  const post = async (who: TestAccount, body: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/statuses', body);
    expect(response.status, response.raw.body).toBe(200);
    return response.id;
  };
  const open = async (who: TestAccount, stream: string, extra: Record<string, string> = {}) => {
    const client = await openStream(base, who);
    client.subscribe(stream, extra);
    streams.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    reader = await createAccount(server, { username: 'reader' });
    friend = await createAccount(server, { username: 'friend' });
    member = await createAccount(server, { username: 'member' });
    blocked = await createAccount(server, { username: 'blocked' });
    muted = await createAccount(server, { username: 'muted' });
    blocksReader = await createAccount(server, { username: 'blocksreader' });
    outsider = await createAccount(server, { username: 'outsider' });
    for (const target of [friend, member]) await follow(server, reader, target);
    await call(reader, 'POST', `/api/v1/accounts/${blocked.account.id}/block`);
    await call(reader, 'POST', `/api/v1/accounts/${muted.account.id}/mute`);
    await call(blocksReader, 'POST', `/api/v1/accounts/${reader.account.id}/block`);
    for (const policy of ['none', 'list', 'followed'] as const) {
      lists[policy] = (
        await call(reader, 'POST', '/api/v1/lists', { title: policy, replies_policy: policy })
      ).id;
      await call(reader, 'POST', `/api/v1/lists/${lists[policy]}/accounts`, {
        account_ids: [member.account.id],
      });
    }
    exclusiveList = (await call(reader, 'POST', '/api/v1/lists', { title: 'apart', exclusive: true })).id;
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
    home = await open(reader, 'user');
    listStreams = {
      none: await open(reader, 'list', { list: lists.none }),
      list: await open(reader, 'list', { list: lists.list }),
      followed: await open(reader, 'list', { list: lists.followed }),
      exclusive: await open(reader, 'list', { list: exclusiveList }),
    };
    await settle();
  });
  afterAll(async () => {
    await Promise.all(streams.map((client) => client.close()));
    await server.close();
  });

  it('does not push boosts of blocked, muted or blocking authors home', async () => {
    const kept = await post(outsider, { status: 'fine to boost' });
    const hidden = await Promise.all(
      [blocked, muted, blocksReader].map((who) => post(who, { status: 'not for reader' })),
    );
    for (const id of [...hidden, kept]) await call(friend, 'POST', `/api/v1/statuses/${id}/reblog`);
    await home.next('update', boostOf(kept));
    for (const id of hidden) expect(await home.quiet('update', boostOf(id), 50)).toBe(true);
  });

  it('pushes posts in followed hashtags home, and stops after unfollowing the tag', async () => {
    expect((await call(reader, 'POST', '/api/v1/tags/Gardening/follow')).status).toBe(200);
    const tagged = await post(outsider, { status: 'tomatoes #gardening' });
    await home.next('update', withId(tagged));
    const unlisted = await post(outsider, { status: 'quiet #gardening', visibility: 'unlisted' });
    const byBlocked = await post(blocked, { status: 'mine #gardening' });
    await call(reader, 'POST', '/api/v1/tags/gardening/unfollow');
    const after = await post(outsider, { status: 'more #gardening' });
    for (const id of [unlisted, byBlocked, after])
      expect(await home.quiet('update', withId(id), 50)).toBe(true);
  });

  it('keeps members of an exclusive list out of home and in the list', async () => {
    await call(reader, 'POST', `/api/v1/lists/${exclusiveList}/accounts`, {
      account_ids: [friend.account.id],
    });
    const apart = await post(friend, { status: 'only on the list' });
    await listStreams.exclusive.next('update', withId(apart));
    expect(await home.quiet('update', withId(apart))).toBe(true);
    await call(reader, 'DELETE', `/api/v1/lists/${exclusiveList}/accounts`, {
      account_ids: [friend.account.id],
    });
    const back = await post(friend, { status: 'home again' });
    await home.next('update', withId(back));
  });

  it('honours each list replies policy', async () => {
    const topLevel = await post(member, { status: 'top level' });
    for (const client of Object.values(listStreams).slice(0, 3))
      await client.next('update', withId(topLevel));
    // member replies to the list owner, to a followed non-member and to a stranger
    const toOwner = await post(member, {
      status: '@reader hi',
      in_reply_to_id: await post(reader, { status: 'owner post' }),
    });
    const toFriend = await post(member, {
      status: '@friend hi',
      in_reply_to_id: await post(friend, { status: 'friend post' }),
    });
    const toOutsider = await post(member, {
      status: '@outsider hi',
      in_reply_to_id: await post(outsider, { status: 'outsider post' }),
    });
    await listStreams.followed.next('update', withId(toFriend));
    await listStreams.list.next('update', withId(toOwner));
    await listStreams.followed.next('update', withId(toOwner));
    expect(await listStreams.none.quiet('update', withId(toOwner), 50)).toBe(true);
    expect(await listStreams.none.quiet('update', withId(toFriend), 50)).toBe(true);
    expect(await listStreams.list.quiet('update', withId(toFriend), 50)).toBe(true);
    for (const client of [listStreams.none, listStreams.list, listStreams.followed])
      expect(await client.quiet('update', withId(toOutsider), 50)).toBe(true);
    // the REST list timelines agree
    const listed = async (policy: keyof typeof lists) =>
      ((await call(reader, 'GET', `/api/v1/timelines/list/${lists[policy]}`)).json as StatusPayload[]).map(
        (status) => status.id,
      );
    expect(await listed('none')).toEqual([topLevel]);
    expect(await listed('list')).toEqual([toOwner, topLevel]);
    expect(await listed('followed')).toEqual([toFriend, toOwner, topLevel]);
  });

  it('serves user:notification with notifications only', async () => {
    const notifications = await open(reader, 'user:notification');
    await settle();
    const mention = await post(outsider, { status: '@reader ping' });
    const note = (await notifications.next('notification')) as { type: string; status: { id: string } };
    expect(note).toMatchObject({ type: 'mention', status: { id: mention } });
    expect(notifications.received.every((entry) => entry.stream[0] === 'user:notification')).toBe(true);
    expect(notifications.received.some((entry) => entry.event === 'update')).toBe(false);
    // the home stream of the same person still carries it too
    await home.next(
      'notification',
      (payload) => (payload as { status?: { id: string } }).status?.id === mention,
    );
  });

  it('serves the media and local hashtag streams', async () => {
    const media = await open(outsider, 'public:media');
    const localMedia = await open(outsider, 'public:local:media');
    const remoteMedia = await open(outsider, 'public:remote:media');
    const localTag = await open(outsider, 'hashtag:local', { tag: 'cats' });
    await settle();
    const text = await post(friend, { status: 'words only #cats' });
    const picture = await post(friend, {
      status: 'a picture',
      media_ids: [(await uploadPng(server, friend)).id],
    });
    await media.next('update', withId(picture));
    await localMedia.next('update', withId(picture));
    await localTag.next('update', withId(text));
    expect(await media.quiet('update', withId(text), 50)).toBe(true);
    expect(await remoteMedia.quiet('update', withId(picture), 50)).toBe(true);
    expect(media.received[0]?.stream).toEqual(['public:media']);
    expect(localTag.received[0]?.stream).toEqual(['hashtag:local', 'cats']);
    await call(friend, 'DELETE', `/api/v1/statuses/${picture}`);
    expect(await media.next('delete', (payload) => payload === picture)).toBe(picture);
  });
});
