import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '@palchat/api';
import { forgetExpiredKeys, IDEMPOTENCY_KEY_LIFETIME_MS } from '../src/db/idempotency.js';
import { bearer, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createCast, type Cast } from './helpers/messaging.js';
import { uploadPng } from './helpers/social.js';

const FM = '/api/v1/friend_messages';

describeEachDialect('Idempotency-Key on POST /api/v1/friend_messages and /api/v1/statuses', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let conversationId: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    const first = await send(cast.alice, { recipient_id: cast.bob.account.id, content: 'hello' });
    conversationId = first.json<Message>().conversation_id;
  });
  afterAll(async () => server.close());

  function send(who: TestAccount, payload: Record<string, unknown>, key?: string) {
    return server.app.inject({
      method: 'POST',
      url: FM,
      headers: { ...bearer(who), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  }

  const messagesWith = async (content: string) =>
    server.db.selectFrom('messages').selectAll().where('content', '=', content).execute();

  it('answers a retried send with the message the key made, 200, storing and announcing nothing more', async () => {
    const payload = { conversation_id: conversationId, content: 'only once' };
    const first = await send(cast.alice, payload, 'key-retry');
    expect(first.statusCode).toBe(201);
    const unread = async () =>
      (
        await server.db
          .selectFrom('conversation_participants')
          .select('unread_count')
          .where('conversation_id', '=', conversationId)
          .where('account_id', '=', cast.bob.account.id)
          .executeTakeFirstOrThrow()
      ).unread_count;
    const unreadAfterFirst = await unread();
    const again = await send(cast.alice, payload, 'key-retry');
    expect(again.statusCode).toBe(200);
    expect(again.json<Message>()).toEqual(first.json<Message>());
    expect(await messagesWith('only once')).toHaveLength(1);
    expect(await unread()).toBe(unreadAfterFirst);
  });

  it('keeps keys per account: the same key from someone else sends their own message', async () => {
    const mine = await send(
      cast.alice,
      { conversation_id: conversationId, content: 'shared key' },
      'key-shared',
    );
    const theirs = await send(
      cast.bob,
      { conversation_id: conversationId, content: 'shared key' },
      'key-shared',
    );
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Message>().id).not.toBe(mine.json<Message>().id);
    expect(await messagesWith('shared key')).toHaveLength(2);
  });

  it('makes one message of concurrent sends with one key, media included', async () => {
    const media = await uploadPng(server, cast.alice);
    const payload = { conversation_id: conversationId, content: 'racing', media_ids: [media.id] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(cast.alice, payload, 'key-race')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((answer) => answer.json<Message>().id));
    expect(ids.size).toBe(1);
    expect(await messagesWith('racing')).toHaveLength(1);
    expect(answers[0]!.json<Message>().media_attachments).toHaveLength(1);
  });

  it('forgets a key after an hour: the same key then sends a new message', async () => {
    const payload = { conversation_id: conversationId, content: 'an hour later' };
    const first = await send(cast.alice, payload, 'key-old');
    await server.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS - 1000).toISOString() })
      .where('key', '=', 'key-old')
      .execute();
    const later = await send(cast.alice, payload, 'key-old');
    expect(later.statusCode).toBe(201);
    expect(later.json<Message>().id).not.toBe(first.json<Message>().id);
    const again = await send(cast.alice, payload, 'key-old');
    expect(again.json<Message>().id).toBe(later.json<Message>().id);
  });

  it('sends without a key as before, and refuses an overlong key without storing anything', async () => {
    const payload = { conversation_id: conversationId, content: 'no key' };
    expect((await send(cast.alice, payload)).statusCode).toBe(201);
    expect((await send(cast.alice, payload)).statusCode).toBe(201);
    expect(await messagesWith('no key')).toHaveLength(2);
    const long = await send(
      cast.alice,
      { conversation_id: conversationId, content: 'long key' },
      'k'.repeat(201),
    );
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ error: 'Idempotency-Key must be at most 200 characters' });
    expect(await messagesWith('long key')).toHaveLength(0);
  });

  it('makes one status of concurrent posts with one key', async () => {
    const post = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: { ...bearer(cast.carol), 'idempotency-key': 'status-race' },
        payload: { status: 'posted once' },
      });
    const answers = await Promise.all(Array.from({ length: 6 }, post));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
    const rows = await server.db
      .selectFrom('statuses')
      .select('id')
      .where('text', '=', 'posted once')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('sweeps keys past their hour and keeps the others', async () => {
    const before = await server.db.selectFrom('idempotency_keys').select('key').execute();
    expect(before.length).toBeGreaterThan(0);
    expect(await forgetExpiredKeys(server.db)).toBe(0);
    expect(await forgetExpiredKeys(server.db, Date.now() + IDEMPOTENCY_KEY_LIFETIME_MS + 1000)).toBe(
      before.length,
    );
    expect(await server.db.selectFrom('idempotency_keys').select('key').execute()).toHaveLength(0);
  });
});
