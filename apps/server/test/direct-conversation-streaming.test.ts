import { afterAll, beforeAll, expect, it } from 'vitest';
import { directConversationSchema, type DirectConversation } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { openStream, settle, type StreamClient } from './helpers/stream-client.js';

describeEachDialect('conversation events on the direct stream', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let streams: Record<'alice' | 'bob' | 'carol', StreamClient>;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    const base = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    streams = {
      alice: await openStream(base, alice),
      bob: await openStream(base, bob),
      carol: await openStream(base, carol),
    };
    for (const stream of Object.values(streams)) {
      stream.subscribe('direct');
      stream.subscribe('user');
    }
    await settle();
  });
  afterAll(async () => {
    await Promise.all(Object.values(streams).map((stream) => stream.close()));
    await server.close();
  });

  /** The conversation events a client received, parsed and checked against the entity schema. */
  const conversationEvents = (stream: StreamClient): DirectConversation[] =>
    stream.received
      .filter((entry) => entry.event === 'conversation')
      .map((entry) => {
        expect(entry.stream).toEqual(['direct']);
        return directConversationSchema.parse(JSON.parse(entry.payload));
      });
  const listed = async (who: TestAccount) =>
    (await call(who, 'GET', '/api/v1/conversations')).json as DirectConversation[];
  const names = (conversation: DirectConversation | undefined) =>
    (conversation?.accounts ?? []).map((account) => account.username).sort();

  it('sends each participant their own conversation when a private mention is posted', async () => {
    const posted = await call(alice, 'POST', '/api/v1/statuses', {
      status: '@bob @carol dinner on friday?',
      visibility: 'direct',
    });
    const byStatus = (payload: unknown) => (payload as DirectConversation).last_status?.id === posted.id;
    await Promise.all(Object.values(streams).map((stream) => stream.next('conversation', byStatus)));

    const [forBob] = conversationEvents(streams.bob);
    expect(forBob).toEqual((await listed(bob))[0]);
    expect(forBob).toMatchObject({ unread: true, last_status: { id: posted.id } });
    expect(names(forBob)).toEqual(['alice', 'carol']);
    const [forCarol] = conversationEvents(streams.carol);
    expect(forCarol).toEqual((await listed(carol))[0]);
    expect(names(forCarol)).toEqual(['alice', 'bob']);
    // the author's own message leaves the conversation read for them
    const [forAlice] = conversationEvents(streams.alice);
    expect(forAlice).toEqual((await listed(alice))[0]);
    expect(forAlice).toMatchObject({ unread: false });
    expect(names(forAlice)).toEqual(['bob', 'carol']);
  });

  it('sends the edited last status, and the read state to the reader only', async () => {
    const [conversation] = await listed(bob);
    const statusId = conversation?.last_status?.id ?? '';
    const counts = () => Object.values(streams).map((stream) => conversationEvents(stream).length);
    const before = counts();
    await call(alice, 'PUT', `/api/v1/statuses/${statusId}`, { status: '@bob @carol dinner on saturday?' });
    await streams.carol.next('conversation', (payload) =>
      ((payload as DirectConversation).last_status?.content ?? '').includes('saturday'),
    );
    await settle();
    expect(counts()).toEqual(before.map((count) => count + 1));
    expect(conversationEvents(streams.bob).at(-1)?.last_status?.content).toContain('saturday');

    const read = await call(bob, 'POST', `/api/v1/conversations/${conversation?.id}/read`);
    expect(read.body.unread).toBe(false);
    await streams.bob.next('conversation', (payload) => (payload as DirectConversation).unread === false);
    await settle();
    expect(conversationEvents(streams.bob).at(-1)).toEqual((await listed(bob))[0]);
    expect(counts()).toEqual([before[0]! + 1, before[1]! + 2, before[2]! + 1]);
    // conversations never go out on the home stream
    expect(
      streams.bob.received.some((entry) => entry.event === 'conversation' && entry.stream[0] === 'user'),
    ).toBe(false);
  });

  it('brings a removed conversation back with the next private mention', async () => {
    const [conversation] = await listed(carol);
    const before = conversationEvents(streams.carol).length;
    expect((await call(carol, 'DELETE', `/api/v1/conversations/${conversation?.id}`)).status).toBe(200);
    await settle();
    expect(conversationEvents(streams.carol)).toHaveLength(before);
    expect(await listed(carol)).toEqual([]);

    const reply = await call(bob, 'POST', '/api/v1/statuses', {
      status: '@alice @carol saturday works',
      visibility: 'direct',
      in_reply_to_id: conversation?.last_status?.id,
    });
    const back = (await streams.carol.next(
      'conversation',
      (payload) => (payload as DirectConversation).last_status?.id === reply.id,
    )) as DirectConversation;
    expect(back).toMatchObject({ id: conversation?.id, unread: true });
    expect(back).toEqual((await listed(carol))[0]);
  });
});
