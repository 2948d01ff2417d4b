import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MessagingErrorCode,
  MessagingText,
  type Conversation,
  type ConversationPage,
  type Message,
} from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { call, createCast, snapshotMessaging, type Cast } from './helpers/messaging.js';

const FM = '/api/v1/friend_messages';

describeEachDialect('friend_messages HTTP API', (dialect) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  async function directBetween(a: TestAccount, b: TestAccount, content = 'hello'): Promise<Message> {
    const sent = await call(server, a, 'POST', FM, { recipient_id: b.account.id, content });
    expect(sent.status).toBe(201);
    return sent.json as Message;
  }

  async function groupOf(owner: TestAccount, others: TestAccount[], name = 'Team'): Promise<Conversation> {
    const created = await call(server, owner, 'POST', `${FM}/conversations`, {
      name,
      participant_ids: others.map((o) => o.account.id),
    });
    expect(created.status).toBe(201);
    return created.json as Conversation;
  }

  it('requires authentication on every call', async () => {
    for (const [method, url] of [
      ['GET', `${FM}/conversations`],
      ['GET', `${FM}/preferences`],
      ['POST', FM],
      ['GET', `${FM}/search?q=hello`],
      ['GET', `${FM}/messageable_users`],
    ] as const) {
      const response = await call(server, null, method, url, method === 'POST' ? {} : undefined);
      expect(response.status, url).toBe(401);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('sends a first message by recipient_id, creating one direct conversation and reusing it', async () => {
    const first = await directBetween(cast.alice, cast.dave, 'Hi Dave');
    expect(first.conversation_id).toBeTruthy();
    expect(first.sender).toMatchObject({ id: cast.alice.account.id, username: 'alice' });
    expect(first.sender_username).toBe('alice');
    expect(first.can_delete).toBe(true);
    const second = await directBetween(cast.dave, cast.alice, 'Hi Alice');
    expect(second.conversation_id).toBe(first.conversation_id);
    const viaCreate = await call(server, cast.alice, 'POST', `${FM}/conversations`, {
      participant_ids: [cast.dave.account.id],
    });
    expect(viaCreate.status).toBe(201);
    expect(viaCreate.body.id).toBe(first.conversation_id);
    expect(viaCreate.body.is_group).toBe(false);
    const rows = await server.db
      .selectFrom('conversations')
      .select('id')
      .where('direct_key', 'is not', null)
      .execute();
    expect(rows.filter((row) => row.id === first.conversation_id)).toHaveLength(1);
  });

  it('lists conversations newest first with partner, last message and unread count', async () => {
    const a = await createAccount(server, { username: 'listA' });
    const b = await createAccount(server, { username: 'listB', display_name: 'List B' });
    const c = await createAccount(server, { username: 'listC' });
    await directBetween(b, a, 'x'.repeat(80));
    await directBetween(c, a, 'newer');
    const list = await call(server, a, 'GET', `${FM}/conversations`);
    expect(list.status).toBe(200);
    const conversations = list.json as Conversation[];
    expect(conversations.map((c2) => c2.partner?.username)).toEqual(['listC', 'listB']);
    const withB = conversations[1];
    expect(withB?.last_message?.content).toHaveLength(50);
    expect(withB?.last_message?.sender_username).toBe('listB');
    expect(withB?.unread_count).toBe(1);
    expect(withB?.isGroup).toBe(false);
    expect(withB?.partner).toMatchObject({
      display_name: 'List B',
      acct: 'listB',
      is_online: false,
      verified: false,
    });
    expect(withB?.participants).toHaveLength(2);
    const limited = await call(server, a, 'GET', `${FM}/conversations?limit=1`);
    expect((limited.json as Conversation[]).map((c2) => c2.partner?.username)).toEqual(['listC']);
  });

  it('pages a conversation oldest first with max_id and min_id', async () => {
    const a = await createAccount(server, { username: 'pageA' });
    const b = await createAccount(server, { username: 'pageB' });
    const sent: Message[] = [];
    for (let i = 0; i < 7; i += 1) sent.push(await directBetween(i % 2 ? a : b, i % 2 ? b : a, `m${i}`));
    const id = sent[0]?.conversation_id ?? '';
    const newest = await call(server, a, 'GET', `${FM}/conversations/${id}?limit=3`);
    expect(newest.status).toBe(200);
    const page = newest.json as ConversationPage;
    expect(page.messages.map((m) => m.content)).toEqual(['m4', 'm5', 'm6']);
    expect(page.has_more).toBe(true);
    expect(page.conversation.id).toBe(id);
    const older = (await call(server, a, 'GET', `${FM}/conversations/${id}?limit=3&max_id=${sent[4]?.id}`))
      .json as ConversationPage;
    expect(older.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    const oldest = (await call(server, a, 'GET', `${FM}/conversations/${id}?limit=3&max_id=${sent[1]?.id}`))
      .json as ConversationPage;
    expect(oldest.messages.map((m) => m.content)).toEqual(['m0']);
    expect(oldest.has_more).toBe(false);
    const newer = (await call(server, a, 'GET', `${FM}/conversations/${id}?limit=2&min_id=${sent[2]?.id}`))
      .json as ConversationPage;
    expect(newer.messages.map((m) => m.content)).toEqual(['m3', 'm4']);
    expect(newer.has_more).toBe(true);
  });

  it('validates messages with the texts of SPEC §5', async () => {
    const { alice, bob } = cast;
    const expectError = async (payload: Record<string, unknown>, status: number, error: string) => {
      const response = await call(server, alice, 'POST', FM, payload);
      expect(response.status).toBe(status);
      expect(response.body.error).toBe(error);
    };
    await expectError({ recipient_id: bob.account.id, content: '   ' }, 422, MessagingText.messageEmpty);
    await expectError(
      { recipient_id: bob.account.id, content: 'a'.repeat(1001) },
      422,
      MessagingText.messageTooLong,
    );
    await expectError(
      { recipient_id: bob.account.id, content: 'x', media_ids: ['1', '2', '3', '4', '5'] },
      422,
      MessagingText.tooManyFiles,
    );
    await expectError({ content: 'x' }, 422, MessagingText.recipientRequired);
    await expectError({ recipient_id: alice.account.id, content: 'x' }, 422, MessagingText.cannotMessageSelf);
    await expectError({ recipient_id: '999999999', content: 'x' }, 404, MessagingText.userNotFound);
    await expectError(
      { recipient_id: bob.account.id, content: 'x', media_ids: ['12345'] },
      422,
      MessagingText.mediaNotFound,
    );
    const ok = await call(server, alice, 'POST', FM, {
      recipient_id: bob.account.id,
      content: 'a'.repeat(1000),
    });
    expect(ok.status).toBe(201);
    const other = await groupOf(alice, [bob, cast.carol], 'Elsewhere');
    await expectError(
      { conversation_id: other.id, content: 'x', reply_to_message_id: (ok.json as Message).id },
      422,
      MessagingText.replyNotInConversation,
    );
    const reply = await call(server, bob, 'POST', FM, {
      conversation_id: (ok.json as Message).conversation_id,
      content: 'reply',
      reply_to_message_id: (ok.json as Message).id,
    });
    expect(reply.status).toBe(201);
    expect((reply.json as Message).reply_to).toMatchObject({
      id: (ok.json as Message).id,
      sender: { username: 'alice' },
    });
  });

  it('creates groups only with mutual follows, at least 3 people and a name', async () => {
    const { alice, bob, carol, dave } = cast;
    const noName = await call(server, alice, 'POST', `${FM}/conversations`, {
      name: '  ',
      participant_ids: [bob.account.id, carol.account.id],
    });
    expect(noName.status).toBe(422);
    expect(noName.body.error).toBe(MessagingText.groupNameRequired);
    const tooFew = await call(server, alice, 'POST', `${FM}/conversations`, {
      name: 'Pair',
      participant_ids: [bob.account.id],
    });
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.error).toBe(MessagingText.groupMinUsers);
    const notMutual = await call(server, alice, 'POST', `${FM}/conversations`, {
      name: 'With Dave',
      participant_ids: [bob.account.id, dave.account.id],
    });
    expect(notMutual.status).toBe(403);
    expect(notMutual.body).toMatchObject({ error: MessagingText.mutualFollow, code: 'mutual_follow' });
    const group = await groupOf(alice, [bob, carol], 'Pals');
    expect(group).toMatchObject({
      name: 'Pals',
      is_group: true,
      isGroup: true,
      partner: null,
      current_user_is_admin: true,
    });
    expect(group.creator_id).toBe(alice.account.id);
    expect(group.participants.map((p) => p.username).sort()).toEqual(['alice', 'bob', 'carol']);
    const asBob = (await call(server, bob, 'GET', `${FM}/conversations/${group.id}`))
      .json as ConversationPage;
    expect(asBob.conversation.current_user_is_admin).toBe(false);
    expect(asBob.messages[0]?.is_system_message).toBe(true);
  });

  it('lets only the admin rename, manage participants, transfer and dissolve', async () => {
    const { alice, bob, carol } = cast;
    const group = await groupOf(alice, [bob, carol]);
    const url = `${FM}/conversations/${group.id}`;
    const denied = [
      await call(server, bob, 'PUT', url, { name: 'Mine' }),
      await call(server, bob, 'POST', `${url}/add_participants`, { participant_ids: [cast.dave.account.id] }),
      await call(server, bob, 'POST', `${url}/remove_participants`, { participant_ids: [carol.account.id] }),
      await call(server, bob, 'POST', `${url}/transfer_ownership`, { new_owner_id: bob.account.id }),
      await call(server, bob, 'DELETE', url),
    ];
    for (const response of denied) expect(response.status).toBe(403);
    expect(denied[1]?.body.error).toBe(MessagingText.onlyAdminsManage);

    const blank = await call(server, alice, 'PUT', url, { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.error).toBe(MessagingText.groupNameRequired);
    const renamed = await call(server, alice, 'PUT', url, { name: '  Renamed  ' });
    expect(renamed.status).toBe(200);
    const after = (await call(server, bob, 'GET', url)).json as ConversationPage;
    expect(after.conversation.name).toBe('Renamed');
    expect(after.messages.at(-1)).toMatchObject({ is_system_message: true, can_delete: false });

    const self = await call(server, alice, 'POST', `${url}/remove_participants`, {
      participant_ids: [alice.account.id],
    });
    expect(self.status).toBe(422);
    expect(self.body.error).toBe(MessagingText.cannotRemoveSelf);
    const leave = await call(server, alice, 'POST', `${url}/leave_group`);
    expect(leave.status).toBe(422);
    expect(String(leave.body.error)).toMatch(/transfer ownership/);
    const toSelf = await call(server, alice, 'POST', `${url}/transfer_ownership`, {
      new_owner_id: alice.account.id,
    });
    expect(toSelf.status).toBe(422);
    expect(toSelf.body.error).toBe(MessagingText.cannotTransferToSelf);

    const removed = await call(server, alice, 'POST', `${url}/remove_participants`, {
      participant_ids: [carol.account.id],
    });
    expect(removed.status).toBe(200);
    expect((await call(server, carol, 'GET', url)).status).toBe(403);
    const added = await call(server, alice, 'POST', `${url}/add_participants`, {
      participant_ids: [carol.account.id],
    });
    expect(added.status).toBe(200);
    expect((await call(server, carol, 'GET', url)).status).toBe(200);

    const transferred = await call(server, alice, 'POST', `${url}/transfer_ownership`, {
      new_owner_id: bob.account.id,
    });
    expect(transferred.status).toBe(200);
    expect(
      ((await call(server, bob, 'GET', url)).json as ConversationPage).conversation.current_user_is_admin,
    ).toBe(true);
    const left = await call(server, alice, 'POST', `${url}/leave_group`);
    expect(left.status).toBe(200);
    expect((await call(server, alice, 'GET', url)).status).toBe(404);

    const dissolved = await call(server, bob, 'DELETE', url);
    expect(dissolved.status).toBe(200);
    expect((await call(server, bob, 'GET', url)).status).toBe(404);
    expect(
      await server.db.selectFrom('messages').select('id').where('conversation_id', '=', group.id).execute(),
    ).toEqual([]);
  });

  it('tells a member removed from a group so on every call about it, and lets them change nothing', async () => {
    const [owner, stays, removed, outsider] = await Promise.all(
      ['rmowner', 'rmstays', 'rmgone', 'rmoutsider'].map((username) => createAccount(server, { username })),
    );
    await mutualFollow(server, owner!, stays!);
    await mutualFollow(server, owner!, removed!);
    await mutualFollow(server, stays!, removed!);
    const group = await groupOf(owner!, [stays!, removed!]);
    const url = `${FM}/conversations/${group.id}`;
    expect(
      (
        await call(server, owner!, 'POST', `${url}/remove_participants`, {
          participant_ids: [removed!.account.id],
        })
      ).status,
    ).toBe(200);
    const messagesBefore = await snapshotMessaging(server);

    const answers = [
      await call(server, removed!, 'GET', url),
      await call(server, removed!, 'POST', FM, { conversation_id: group.id, content: 'still here?' }),
      await call(server, removed!, 'POST', `${url}/mark_read`),
      await call(server, removed!, 'GET', `${url}/settings`),
      await call(server, removed!, 'PATCH', `${url}/settings`, { typing_indicator_enabled: false }),
      await call(server, removed!, 'POST', `${url}/leave_group`),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body).toMatchObject({
        error: MessagingText.removedFromGroup,
        code: MessagingErrorCode.removedFromGroup,
      });
    }
    expect(await snapshotMessaging(server)).toEqual(messagesBefore);
    const listed = (await call(server, removed!, 'GET', `${FM}/conversations`)).json as Conversation[];
    expect(listed.map((conversation) => conversation.id)).not.toContain(group.id);
    // someone never in the group learns nothing of it; the members go on as before
    expect((await call(server, outsider!, 'GET', url)).status).toBe(404);
    expect((await call(server, stays!, 'GET', url)).status).toBe(200);

    // added again, they are a member like any other
    await call(server, owner!, 'POST', `${url}/add_participants`, { participant_ids: [removed!.account.id] });
    expect((await call(server, removed!, 'GET', url)).status).toBe(200);
  });

  it('deletes a direct chat for the caller only', async () => {
    const a = await createAccount(server, { username: 'delA' });
    const b = await createAccount(server, { username: 'delB' });
    const first = await directBetween(a, b, 'before');
    const url = `${FM}/conversations/${first.conversation_id}`;
    expect((await call(server, a, 'DELETE', url)).status).toBe(200);
    expect((await call(server, a, 'GET', `${FM}/conversations`)).json).toEqual([]);
    expect(((await call(server, b, 'GET', url)).json as ConversationPage).messages).toHaveLength(1);
    await directBetween(b, a, 'after');
    const again = (await call(server, a, 'GET', url)).json as ConversationPage;
    expect(again.messages.map((m) => m.content)).toEqual(['after']);
  });

  it('hides a message for the caller only, and toggles reactions', async () => {
    const { alice, bob } = cast;
    const message = await directBetween(alice, bob, 'react to me');
    const react = await call(server, bob, 'POST', `${FM}/${message.id}/react`, { emoji: '❤️' });
    expect(react.status).toBe(200);
    expect(react.body).toMatchObject({
      id: message.id,
      reactions: [{ emoji: '❤️', count: 1, userIds: [bob.account.id] }],
    });
    await call(server, alice, 'POST', `${FM}/${message.id}/react`, { emoji: '❤️' });
    const both = await call(server, alice, 'POST', `${FM}/${message.id}/react`, { emoji: '🔥' });
    expect(both.body.reactions).toMatchObject([
      { emoji: '❤️', count: 2 },
      { emoji: '🔥', count: 1 },
    ]);
    const toggled = await call(server, alice, 'POST', `${FM}/${message.id}/react`, { emoji: '🔥' });
    expect(toggled.body.reactions).toMatchObject([{ emoji: '❤️', count: 2 }]);
    const bad = await call(server, alice, 'POST', `${FM}/${message.id}/react`, { emoji: '🦄' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe(MessagingText.reactionUnsupported);

    expect((await call(server, bob, 'DELETE', `${FM}/${message.id}`)).status).toBe(200);
    const forBob = (
      await call(server, bob, 'GET', `${FM}/conversations/${message.conversation_id}?limit=200`)
    ).json as ConversationPage;
    expect(forBob.messages.some((m) => m.id === message.id)).toBe(false);
    const forAlice = (
      await call(server, alice, 'GET', `${FM}/conversations/${message.conversation_id}?limit=200`)
    ).json as ConversationPage;
    const seen = forAlice.messages.find((m) => m.id === message.id);
    expect(seen?.deleted_by_user_ids).toEqual([]);
  });

  it('marks read, recording receipts only when read receipts are on', async () => {
    const a = await createAccount(server, { username: 'readA' });
    const b = await createAccount(server, { username: 'readB' });
    const m1 = await directBetween(a, b, 'one');
    const marked = await call(server, b, 'POST', `${FM}/conversations/${m1.conversation_id}/mark_read`);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ success: true, conversation: { id: m1.conversation_id, unread_count: 0 } });
    const page = (await call(server, a, 'GET', `${FM}/conversations/${m1.conversation_id}`))
      .json as ConversationPage;
    expect(page.messages[0]?.read_by).toEqual([b.account.id]);

    const off = await call(server, b, 'PATCH', `${FM}/preferences`, { read_receipts_enabled: false });
    expect(off.status).toBe(200);
    const m2 = await directBetween(a, b, 'two');
    await call(server, b, 'POST', `${FM}/conversations/${m1.conversation_id}/mark_read`);
    const later = (await call(server, a, 'GET', `${FM}/conversations/${m1.conversation_id}`))
      .json as ConversationPage;
    expect(later.messages.find((m) => m.id === m2.id)?.read_by).toEqual([]);
    const list = (await call(server, b, 'GET', `${FM}/conversations`)).json as Conversation[];
    expect(list[0]?.unread_count).toBe(0);
  });

  it('reads and updates preferences and per-conversation settings (bearer)', async () => {
    const a = await createAccount(server, { username: 'prefA' });
    const b = await createAccount(server, { username: 'prefB' });
    expect((await call(server, a, 'GET', `${FM}/preferences`)).json).toEqual({
      typing_indicator_enabled: true,
      read_receipts_enabled: true,
      active_status_enabled: true,
    });
    const patched = await call(server, a, 'PATCH', `${FM}/preferences`, { typing_indicator_enabled: false });
    expect(patched.json).toEqual({
      typing_indicator_enabled: false,
      read_receipts_enabled: true,
      active_status_enabled: true,
    });
    const empty = await call(server, a, 'PATCH', `${FM}/preferences`, {});
    expect(empty.status).toBe(422);
    const bad = await call(server, a, 'PATCH', `${FM}/preferences`, { typing_indicator_enabled: 'yes' });
    expect(bad.status).toBe(422);

    const message = await directBetween(a, b);
    const url = `${FM}/conversations/${message.conversation_id}/settings`;
    const initial = await call(server, a, 'GET', url);
    expect(initial.json).toEqual({
      global_settings: {
        typing_indicator_enabled: false,
        read_receipts_enabled: true,
        active_status_enabled: true,
      },
      effective_settings: { typing_indicator_enabled: false, read_receipts_enabled: true },
      conversation_overrides: { typing_indicator_enabled: null, read_receipts_enabled: null },
      has_overrides: false,
    });
    const override = await call(server, a, 'PATCH', url, { typing_indicator_enabled: true });
    expect(override.body).toMatchObject({
      effective_settings: { typing_indicator_enabled: true, read_receipts_enabled: true },
      conversation_overrides: { typing_indicator_enabled: true, read_receipts_enabled: null },
      has_overrides: true,
    });
    const inherit = await call(server, a, 'PATCH', url, { typing_indicator_enabled: null });
    expect(inherit.body).toMatchObject({
      has_overrides: false,
      effective_settings: { typing_indicator_enabled: false },
    });

    // Settings are bearer-only: a cookie session is refused.
    const cookieOnly = await server.app.inject({ method: 'GET', url });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('blocks and unblocks from a direct chat, refusing messages both ways', async () => {
    const a = await createAccount(server, { username: 'blockA' });
    const b = await createAccount(server, { username: 'blockB' });
    const message = await directBetween(a, b);
    const base = `${FM}/conversations/${message.conversation_id}`;
    const blocked = await call(server, a, 'POST', `${base}/block_user`);
    expect(blocked.json).toEqual({ success: true, message: 'User blocked' });
    expect((await call(server, a, 'GET', `${base}/check_block_status`)).json).toEqual({
      is_blocked_by_me: true,
      is_blocked_by_them: false,
    });
    expect((await call(server, b, 'GET', `${base}/check_block_status`)).json).toEqual({
      is_blocked_by_me: false,
      is_blocked_by_them: true,
    });
    const fromA = await call(server, a, 'POST', FM, {
      conversation_id: message.conversation_id,
      content: 'x',
    });
    expect(fromA.status).toBe(403);
    expect(fromA.body.error).toBe(MessagingText.blockedByMe);
    const fromB = await call(server, b, 'POST', FM, { recipient_id: a.account.id, content: 'x' });
    expect(fromB.status).toBe(403);
    expect(fromB.body.error).toBe(MessagingText.blockedByThem);
    const unblocked = await call(server, a, 'POST', `${base}/unblock_user`);
    expect(unblocked.json).toEqual({ success: true, message: 'User unblocked' });
    expect((await call(server, b, 'POST', FM, { recipient_id: a.account.id, content: 'x' })).status).toBe(
      201,
    );
    const group = await groupOf(cast.alice, [cast.bob, cast.carol]);
    const groupBlock = await call(server, cast.alice, 'POST', `${FM}/conversations/${group.id}/block_user`);
    expect(groupBlock.status).toBe(422);
    expect(groupBlock.body.error).toBe(MessagingText.blockOnlyDirect);
  });

  it('stores reports with a valid reason', async () => {
    const a = await createAccount(server, { username: 'repA' });
    const b = await createAccount(server, { username: 'repB' });
    const message = await directBetween(b, a, 'spammy');
    const url = `${FM}/conversations/${message.conversation_id}/report`;
    const missing = await call(server, a, 'POST', url, { details: 'no reason' });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe(MessagingText.reportReasonRequired);
    const fraud = await call(server, a, 'POST', url, { reason: 'fraud' });
    expect(fraud.status).toBe(422);
    const ok = await call(server, a, 'POST', url, {
      reason: 'spam',
      details: 'buy now',
      message_ids: [message.id],
    });
    expect(ok.status).toBe(201);
    const row = await server.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', String(ok.body.report_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: a.account.id,
      target_account_id: b.account.id,
      conversation_id: message.conversation_id,
      category: 'spam',
      comment: 'buy now',
      message_ids: JSON.stringify([message.id]),
    });
  });

  it('searches only messages the caller may see', async () => {
    const a = await createAccount(server, { username: 'srchA' });
    const b = await createAccount(server, { username: 'srchB' });
    const c = await createAccount(server, { username: 'srchC' });
    const m1 = await directBetween(a, b, 'the pineapple pizza debate');
    await directBetween(b, a, 'pineapple forever');
    await directBetween(b, c, 'secret pineapple between b and c');
    const short = await call(server, a, 'GET', `${FM}/search?q=p`);
    expect(short.status).toBe(422);
    expect(short.body.error).toBe(MessagingText.searchTooShort);
    const found = await call(server, a, 'GET', `${FM}/search?q=pineapple`);
    expect(found.status).toBe(200);
    expect(found.body.total_count).toBe(2);
    expect(found.body.has_more).toBe(false);
    const results = found.body.results as Array<Message & { conversation_name: string }>;
    expect(results.map((r) => r.content)).toEqual(['pineapple forever', 'the pineapple pizza debate']);
    expect(results[0]?.conversation_name).toBe('srchB');
    const paged = await call(server, a, 'GET', `${FM}/search?q=pineapple&limit=1&offset=0`);
    expect(paged.body).toMatchObject({ total_count: 2, has_more: true });
    expect(await call(server, a, 'GET', `${FM}/search?q=pine`)).toMatchObject({ body: { total_count: 2 } });
    await call(server, a, 'DELETE', `${FM}/${m1.id}`);
    expect((await call(server, a, 'GET', `${FM}/search?q=pineapple`)).body.total_count).toBe(1);
    const scoped = await call(
      server,
      a,
      'GET',
      `${FM}/search?q=pineapple&conversation_id=${m1.conversation_id}`,
    );
    expect(scoped.body.total_count).toBe(1);
    const bc = await call(server, c, 'GET', `${FM}/search?q=pineapple&conversation_id=${m1.conversation_id}`);
    expect(bc.status).toBe(404);
  });

  it('lists messageable pals with ?search= and reports active status', async () => {
    const { alice, bob, dave } = cast;
    const all = (await call(server, alice, 'GET', `${FM}/messageable_users`)).json as Array<{
      username: string;
    }>;
    expect(all.map((u) => u.username)).toEqual(['bob', 'carol']);
    const filtered = (await call(server, alice, 'GET', `${FM}/messageable_users?search=CAR`)).json as Array<{
      username: string;
    }>;
    expect(filtered.map((u) => u.username)).toEqual(['carol']);
    const byName = (await call(server, alice, 'GET', `${FM}/messageable_users?search=Bo`)).json as Array<{
      username: string;
    }>;
    expect(byName.map((u) => u.username)).toEqual(['bob']);
    const status = await call(server, alice, 'GET', `${FM}/active_status/${bob.account.id}`);
    expect(status.json).toEqual({ user_id: bob.account.id, is_active: false });
    const stranger = await createAccount(server, { username: 'stranger' });
    expect((await call(server, stranger, 'GET', `${FM}/active_status/${dave.account.id}`)).status).toBe(404);
  });
});

describeEachDialect('friend_messages authorization matrix', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  it('gives a non-participant 404/403 on every conversation endpoint and changes nothing', async () => {
    const { alice, bob, dave } = cast;
    const first = await call(server, alice, 'POST', FM, { recipient_id: bob.account.id, content: 'private' });
    const message = first.json as Message;
    const id = message.conversation_id;
    const group = await call(server, alice, 'POST', `${FM}/conversations`, {
      name: 'Closed',
      participant_ids: [bob.account.id, cast.carol.account.id],
    });
    const groupId = String(group.body.id);
    const before = await snapshotMessaging(server);

    for (const target of [id, groupId]) {
      const base = `${FM}/conversations/${target}`;
      const attempts = [
        await call(server, dave, 'GET', base),
        await call(server, dave, 'PUT', base, { name: 'Hijacked' }),
        await call(server, dave, 'DELETE', base),
        await call(server, dave, 'POST', `${base}/leave_group`),
        await call(server, dave, 'POST', `${base}/transfer_ownership`, { new_owner_id: dave.account.id }),
        await call(server, dave, 'POST', `${base}/report`, { reason: 'spam' }),
        await call(server, dave, 'POST', `${base}/block_user`),
        await call(server, dave, 'POST', `${base}/unblock_user`),
        await call(server, dave, 'GET', `${base}/check_block_status`),
        await call(server, dave, 'POST', `${base}/remove_participants`, {
          participant_ids: [bob.account.id],
        }),
        await call(server, dave, 'POST', `${base}/add_participants`, { participant_ids: [dave.account.id] }),
        await call(server, dave, 'POST', `${base}/mark_read`),
        await call(server, dave, 'GET', `${base}/settings`),
        await call(server, dave, 'PATCH', `${base}/settings`, { typing_indicator_enabled: false }),
        await call(server, dave, 'GET', `${FM}/active_status/${bob.account.id}?conversation_id=${target}`),
        await call(server, dave, 'POST', FM, { conversation_id: target, content: 'intrusion' }),
        await call(server, dave, 'GET', `${FM}/search?q=private&conversation_id=${target}`),
      ];
      for (const attempt of attempts) {
        expect([403, 404]).toContain(attempt.status);
        expect(JSON.stringify(attempt.json)).not.toContain('private');
        expect(typeof attempt.body.error).toBe('string');
      }
    }
    expect((await call(server, dave, 'DELETE', `${FM}/${message.id}`)).status).toBe(404);
    expect((await call(server, dave, 'POST', `${FM}/${message.id}/react`, { emoji: '👍' })).status).toBe(404);
    const list = await call(server, dave, 'GET', `${FM}/conversations`);
    expect(list.json).toEqual([]);
    const search = await call(server, dave, 'GET', `${FM}/search?q=private`);
    expect(search.body.total_count).toBe(0);
    expect(await snapshotMessaging(server)).toEqual(before);
  });
});
