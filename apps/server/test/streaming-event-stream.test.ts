import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { openEventStream, type EventStreamClient } from './helpers/event-stream-client.js';
import { announceRevocation } from '../src/streaming/revocations.js';

/** the WebSocket ping interval (STREAMING_HEARTBEAT_MS); event streams thump at half of it */
const HEARTBEAT_MS = 1000;

/** Mastodon's server-sent event streams, read with fetch as a plain HTTP client would. */
describeEachDialect('streaming over server-sent events', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let base: string;
  let alice: TestAccount;
  let bob: TestAccount;
  const open: EventStreamClient[] = [];
  const heartbeatBefore = process.env.STREAMING_HEARTBEAT_MS;

  beforeAll(async () => {
    process.env.STREAMING_HEARTBEAT_MS = String(HEARTBEAT_MS);
    server = await createTestServer(dialect);
    call = caller(server);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    await follow(server, alice, bob);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server.close();
    if (heartbeatBefore === undefined) delete process.env.STREAMING_HEARTBEAT_MS;
    else process.env.STREAMING_HEARTBEAT_MS = heartbeatBefore;
  });

  const stream = async (path: string, who: TestAccount | null, via: 'header' | 'query' = 'header') => {
    const url = new URL(`/api/v1/streaming/${path}`, base);
    const headers: Record<string, string> = {};
    if (who && via === 'query') url.searchParams.set('access_token', who.token);
    if (who && via === 'header') headers.authorization = `Bearer ${who.token}`;
    const client = await openEventStream(url.toString(), headers);
    open.push(client);
    return client;
  };
  const post = async (who: TestAccount, status: string, extra: Record<string, unknown> = {}) => {
    const posted = await call(who, 'POST', '/api/v1/statuses', { status, ...extra });
    expect(posted.status).toBe(200);
    return posted.id;
  };
  const hasId = (id: string) => (data: string) => (JSON.parse(data) as { id?: string }).id === id;

  it('answers the health check with OK', async () => {
    const response = await fetch(`${base}/api/v1/streaming/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('OK');
  });

  it('refuses a missing token, a tag-less hashtag stream, a list not owned and an unknown stream', async () => {
    const anonymous = await fetch(`${base}/api/v1/streaming/public`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBeTruthy();
    const auth = { authorization: `Bearer ${alice.token}` };
    const noTag = await fetch(`${base}/api/v1/streaming/hashtag`, { headers: auth });
    expect(noTag.status).toBe(400);
    const list = await call(bob, 'POST', '/api/v1/lists', { title: 'bob only' });
    const notOwned = await fetch(`${base}/api/v1/streaming/list?list=${list.id}`, { headers: auth });
    expect(notOwned.status).toBe(404);
    expect(await notOwned.json()).toEqual({ error: 'Unknown stream type' });
    expect((await fetch(`${base}/api/v1/streaming/nothing`, { headers: auth })).status).toBe(404);
    const head = await fetch(`${base}/api/v1/streaming/public`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('streams the home timeline as event and data lines, with heartbeats', async () => {
    const home = await stream('user', alice);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(home.headers.get('cache-control')).toContain('no-store');
    await home.comment(')');
    const id = await post(bob, 'hello from bob');
    const update = await home.next('update', hasId(id));
    expect(JSON.parse(update.data)).toMatchObject({ id, account: { id: bob.account.id } });
    await home.comment('thump', HEARTBEAT_MS * 2);

    await call(bob, 'DELETE', `/api/v1/statuses/${id}`);
    expect((await home.next('delete', (data) => data === id)).data).toBe(id);
  });

  it("thumps at half the ping interval, as Mastodon's 15 s to its 30 s pings", async () => {
    const idle = await stream('user/notification', alice);
    // opened before the first thump is due; at the ping interval it would be too late
    await idle.comment(')');
    await idle.comment('thump', HEARTBEAT_MS * 0.8);
  });

  it('takes the token from the query string and streams public statuses, media only when asked', async () => {
    const everything = await stream('public/local', alice, 'query');
    const media = await stream('public/local?only_media=true', alice, 'query');
    await everything.comment(')');
    await media.comment(')');
    const id = await post(bob, 'text only, in public');
    await everything.next('update', hasId(id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(media.events.filter((event) => event.event === 'update')).toEqual([]);
  });

  it('streams a hashtag', async () => {
    const tagged = await stream('hashtag?tag=Cats', alice);
    await tagged.comment(')');
    const other = await post(bob, 'about #dogs');
    const id = await post(bob, 'about #cats');
    await tagged.next('update', hasId(id));
    expect(tagged.events.some((event) => event.event === 'update' && hasId(other)(event.data))).toBe(false);
  });

  it('sends only notifications on user/notification', async () => {
    const notifications = await stream('user/notification', bob);
    await notifications.comment(')');
    const own = await post(bob, 'favourite this');
    expect((await call(alice, 'POST', `/api/v1/statuses/${own}/favourite`)).status).toBe(200);
    const notification = await notifications.next('notification');
    expect(JSON.parse(notification.data)).toMatchObject({ type: 'favourite', status: { id: own } });
    expect(notifications.events.map((event) => event.event)).toEqual(['notification']);
  });

  it('sends a conversation, not the status, on the direct stream when a private mention arrives', async () => {
    const direct = await stream('direct', alice);
    await direct.comment(')');
    const id = await post(bob, '@alice just between us', { visibility: 'direct' });
    const conversation = await direct.next('conversation');
    expect(JSON.parse(conversation.data)).toMatchObject({ unread: true, last_status: { id } });
    expect(direct.events.map((event) => event.event)).toEqual(['conversation']);
  });

  it('ends the stream when its credentials are revoked', async () => {
    const carol = await createAccount(server, { username: 'carol' });
    const home = await stream('user', carol);
    await home.comment(')');
    await announceRevocation(server.ctx, { accountId: carol.account.id });
    await home.ended;
  });
  it("counts event streams against the account's connection slots, freed when a stream or a refusal ends", async () => {
    // slots are counted apart from the database: one dialect is enough
    const limited = await createTestServer('sqlite', {
      streaming: { ...server.config.streaming, maxSocketsPerUser: 1 },
    });
    try {
      const limitedBase = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const dana = await createAccount(limited, { username: 'dana' });
      const headers = { authorization: `Bearer ${dana.token}` };
      // refusals answered on a kept-alive connection hold no slot
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await fetch(`${limitedBase}/api/v1/streaming/list?list=1`, { headers })).status).toBe(404);
      }
      const first = await openEventStream(`${limitedBase}/api/v1/streaming/user`, headers);
      open.push(first);
      expect(first.status).toBe(200);
      const second = await fetch(`${limitedBase}/api/v1/streaming/public`, { headers });
      expect(second.status).toBe(429);
      first.close();
      const deadline = Date.now() + 3000;
      let again: EventStreamClient | undefined;
      while (Date.now() < deadline) {
        again = await openEventStream(`${limitedBase}/api/v1/streaming/public`, headers);
        open.push(again);
        if (again.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(again?.status).toBe(200);
      again?.close();
    } finally {
      await limited.close();
    }
  });
});
