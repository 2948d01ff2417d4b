import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, type Cast } from '../../test/helpers/messaging.js';

const FM = '/api/v1/friend_messages';

describeEachDialect('the unread badge without the conversation list', (dialect) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  it('totals unread messages over listed conversations, zero after mark_read or delete', async () => {
    expect((await call(server, null, 'GET', `${FM}/unread_count`)).status).toBe(401);
    expect((await call(server, cast.bob, 'GET', `${FM}/unread_count`)).json).toEqual({
      unread_count: 0,
      conversations_with_unread: 0,
    });
    const first = await call(server, cast.alice, 'POST', FM, {
      recipient_id: cast.bob.account.id,
      content: 'a',
    });
    await call(server, cast.alice, 'POST', FM, { recipient_id: cast.bob.account.id, content: 'b' });
    const fromCarol = await call(server, cast.carol, 'POST', FM, {
      recipient_id: cast.bob.account.id,
      content: 'c',
    });
    expect((await call(server, cast.bob, 'GET', `${FM}/unread_count`)).json).toEqual({
      unread_count: 3,
      conversations_with_unread: 2,
    });
    expect((await call(server, cast.alice, 'GET', `${FM}/unread_count`)).body.unread_count).toBe(0);

    await call(
      server,
      cast.bob,
      'POST',
      `${FM}/conversations/${String(first.body.conversation_id)}/mark_read`,
    );
    await call(server, cast.bob, 'DELETE', `${FM}/conversations/${String(fromCarol.body.conversation_id)}`);
    expect((await call(server, cast.bob, 'GET', `${FM}/unread_count`)).json).toEqual({
      unread_count: 0,
      conversations_with_unread: 0,
    });
  });
});
