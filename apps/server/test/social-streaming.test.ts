import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, type TestAccount } from './helpers/factories.js';
import { openStream, settle, type StreamClient } from './helpers/stream-client.js';

interface StatusPayload {
  id: string;
  content: string;
  account: { id: string };
  card: { title: string } | null;
}
const withId = (id: string) => (payload: unknown) => (payload as StatusPayload).id === id || payload === id;

describeEachDialect('streaming of statuses', (dialect) => {
  let server: TestServer;
  let base: string;
  let author: TestAccount;
  let follower: TestAccount;
  let stranger: TestAccount;
  let blocker: TestAccount;
  let followerStream: StreamClient;
  let strangerStream: StreamClient;
  let blockerStream: StreamClient;

  beforeAll(async () => {
    // the link page of the card test below is served on loopback
    server = await createTestServer(dialect, { allowedPrivateAddresses: ['127.0.0.1'] });
    author = await createAccount(server, { username: 'author' });
    follower = await createAccount(server, { username: 'follower' });
    stranger = await createAccount(server, { username: 'stranger' });
    blocker = await createAccount(server, { username: 'blocker' });
    await follow(server, follower, author);
    const blocked = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${author.account.id}/block`,
      headers: bearer(blocker),
    });
    expect(blocked.json()).toMatchObject({ blocking: true });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
    followerStream = await openStream(base, follower);
    followerStream.subscribe('user');
    followerStream.subscribe('public:local');
    strangerStream = await openStream(base, stranger);
    strangerStream.subscribe('user');
    strangerStream.subscribe('public');
    strangerStream.subscribe('hashtag', { tag: 'news' });
    blockerStream = await openStream(base, blocker);
    blockerStream.subscribe('public');
    await settle();
  });
  afterAll(async () => {
    await Promise.all([followerStream, strangerStream, blockerStream].map((client) => client.close()));
    await server.close();
  });

  const post = async (body: Record<string, unknown>) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(author),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StatusPayload>();
  };

  it("delivers a followed account's post to the home stream, and public posts to public and hashtag streams", async () => {
    const status = await post({ status: 'Breaking #News today' });
    const home = (await followerStream.next('update', withId(status.id))) as StatusPayload;
    expect(home.content).toContain('Breaking');
    const entry = followerStream.received.find((item) => item.event === 'update');
    expect(entry?.stream).toEqual(['user']);
    await followerStream.next('update', withId(status.id));
    expect(await strangerStream.next('update', withId(status.id))).toMatchObject({
      account: { id: author.account.id },
    });
    await settle();
    const labels = strangerStream.received
      .filter((item) => item.event === 'update' && item.payload.includes(status.id))
      .map((item) => item.stream.join(':'));
    expect(labels.sort()).toEqual(['hashtag:news', 'public']);
    expect(await blockerStream.quiet('update', withId(status.id))).toBe(true);
  });

  it('never streams a private post to a non-follower', async () => {
    const status = await post({ status: 'followers only #news', visibility: 'private' });
    await followerStream.next('update', withId(status.id));
    expect(await strangerStream.quiet('update', withId(status.id))).toBe(true);
    expect(
      followerStream.received
        .filter((item) => item.payload.includes(status.id))
        .map((item) => item.stream[0]),
    ).toEqual(['user']);
  });

  it('streams status.update on edit and delete on removal', async () => {
    const status = await post({ status: 'first draft' });
    await followerStream.next('update', withId(status.id));
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(author),
      payload: { status: 'second draft' },
    });
    expect(edited.statusCode).toBe(200);
    const update = (await followerStream.next('status.update', withId(status.id))) as StatusPayload;
    expect(update.content).toContain('second draft');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(author),
    });
    expect(removed.statusCode).toBe(200);
    expect(await followerStream.next('delete', (payload) => payload === status.id)).toBe(status.id);
    expect(await strangerStream.next('delete', (payload) => payload === status.id)).toBe(status.id);
  });

  it("streams a post, then again as status.update once its link's preview card is read", async () => {
    const page = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><head><meta property="og:title" content="Linked story"></head></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/story`;
      const status = await post({ status: `have a look ${url}` });
      await followerStream.next('update', withId(status.id));
      const updated = (await followerStream.next('status.update', withId(status.id))) as StatusPayload;
      expect(updated.card).toMatchObject({ title: 'Linked story' });
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
  });

  it('sends notifications to the user stream', async () => {
    const status = await post({ status: 'hello @stranger' });
    const notification = (await strangerStream.next(
      'notification',
      (payload) => (payload as { status?: { id: string } }).status?.id === status.id,
    )) as { type: string };
    expect(notification.type).toBe('mention');
  });
});
