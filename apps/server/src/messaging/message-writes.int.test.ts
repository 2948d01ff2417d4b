import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessagingText, type Message } from '@palchat/api';
import type { KeyClaim } from '../db/idempotency.js';
import type { MessagesTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { writeMessage } from './message-writes.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, snapshotMessaging, type Cast } from '../../test/helpers/messaging.js';
import { uploadPng } from '../../test/helpers/social.js';

const FM = '/api/v1/friend_messages';

/** A claim for sends without an Idempotency-Key: nothing to record. */
const noClaim: KeyClaim = Object.assign(async () => undefined, {
  insert: () => null,
  refused: () => new Error('no key to refuse'),
});

/**
 * A send's writes are all or nothing, on SQLite a transaction of statements, on PostgreSQL one statement
 * (messaging/message-writes.ts): what a concurrent change took away between the send's checks and its writes
 * leaves nothing written.
 */
describeEachDialect("a send's writes", (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let groupId: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    const group = await call(server, cast.alice, 'POST', `${FM}/conversations`, {
      name: 'Team',
      participant_ids: [cast.bob.account.id, cast.carol.account.id],
    });
    groupId = (group.json as { id: string }).id;
  });
  afterAll(async () => server.close());

  const messageBy = (senderId: string, content: string): MessagesTable => ({
    id: newId(),
    conversation_id: groupId,
    sender_id: senderId,
    content,
    is_system_message: 0,
    reply_to_message_id: null,
    created_at: nowIso(),
  });

  it('counts the message as unread for the others, not the sender, and answers every participant', async () => {
    const message = messageBy(cast.alice.account.id, 'counted');
    const participants = await writeMessage(server.db, message, [], noClaim);
    expect([...participants].sort()).toEqual(
      [cast.alice.account.id, cast.bob.account.id, cast.carol.account.id].sort(),
    );
    const rows = await server.db
      .selectFrom('conversation_participants')
      .select(['account_id', 'unread_count', 'activity_id', 'last_read_message_id'])
      .where('conversation_id', '=', groupId)
      .execute();
    for (const row of rows) {
      expect(row.activity_id).toBe(message.id);
      const isSender = row.account_id === cast.alice.account.id;
      expect(Number(row.unread_count)).toBe(isSender ? 0 : 1);
      if (isSender) expect(row.last_read_message_id).toBe(message.id);
      else expect(row.last_read_message_id).not.toBe(message.id);
    }
  });

  it('writes nothing for a sender who left the group after the checks', async () => {
    const before = await snapshotMessaging(server);
    const fromOutside = messageBy(cast.dave.account.id, 'not a member');
    await expect(writeMessage(server.db, fromOutside, [], noClaim)).rejects.toMatchObject({
      statusCode: 404,
      message: MessagingText.conversationNotFound,
    });
    expect(await snapshotMessaging(server)).toEqual(before);
  });

  it('writes nothing when an upload was taken by another send after the checks', async () => {
    const upload = await uploadPng(server, cast.alice);
    const media = await server.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('id', '=', upload.id)
      .executeTakeFirstOrThrow();
    await writeMessage(server.db, messageBy(cast.alice.account.id, 'took it'), [{ ...media }], noClaim);
    const before = await snapshotMessaging(server);
    await expect(
      writeMessage(server.db, messageBy(cast.alice.account.id, 'too late'), [{ ...media }], noClaim),
    ).rejects.toMatchObject({ statusCode: 422, message: MessagingText.mediaAlreadyUsed });
    expect(await snapshotMessaging(server)).toEqual(before);
  });

  it('lets one of several concurrent sends of one upload take it', async () => {
    const upload = await uploadPng(server, cast.alice);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(server, cast.alice, 'POST', FM, {
          conversation_id: groupId,
          content: `race ${index}`,
          media_ids: [upload.id],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const sent = answers.find((answer) => answer.status === 201)?.json as Message;
    expect(sent.media_attachments.map((attachment) => attachment.id)).toEqual([upload.id]);
    const holder = await server.db
      .selectFrom('media_attachments')
      .select('message_id')
      .where('id', '=', upload.id)
      .executeTakeFirstOrThrow();
    expect(holder.message_id).toBe(sent.id);
  });

  it('writes many concurrent sends of every participant into one group, all counted', async () => {
    const senders = [cast.alice, cast.bob, cast.carol];
    const before = await server.db
      .selectFrom('conversation_participants')
      .select(['account_id', 'unread_count'])
      .where('conversation_id', '=', groupId)
      .execute();
    // each send updates every participant's row: they must not take those rows' locks in different orders
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        writeMessage(server.db, messageBy(senders[index % 3]!.account.id, `burst ${index}`), [], noClaim),
      ),
    );
    const messages = await server.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('conversation_id', '=', groupId)
      .where('content', 'like', 'burst %')
      .executeTakeFirstOrThrow();
    expect(Number(messages.count)).toBe(60);
    const after = await server.db
      .selectFrom('conversation_participants')
      .select(['account_id', 'unread_count'])
      .where('conversation_id', '=', groupId)
      .execute();
    expect(after).toHaveLength(3);
    // each participant sent 20 and received the other 40
    for (const row of after) {
      const previous = before.find((b) => b.account_id === row.account_id)?.unread_count ?? 0;
      expect(Number(row.unread_count)).toBe(Number(previous) + 40);
    }
  });
});
