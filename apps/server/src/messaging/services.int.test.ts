import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessagingText } from '@palchat/api';
import { ApiError } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { createConversation, deleteConversation, listConversations, markRead } from './conversations.js';
import { addParticipants, leaveGroup, removeParticipants, renameGroup, transferOwnership } from './groups.js';
import { hideMessage, sendMessage, toggleReaction } from './messages.js';
import { getPreferences, updatePreferences } from './preferences.js';
import { blockUser, checkBlockStatus, reportConversation, unblockUser } from './safety.js';
import { searchMessages } from './search.js';
import { relayTyping } from './typing.js';
import { messageableUsers } from './users.js';
import { userChannel, type StreamMessage } from '../streaming/bus.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { createAccount, mutualFollow, type TestAccount } from '../../test/helpers/factories.js';
import { createCast, snapshotMessaging, type Cast } from '../../test/helpers/messaging.js';

async function expectApiError(promise: Promise<unknown>, status: number, message: string, code?: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.message).toBe(message);
  expect(apiError.statusCode).toBe(status);
  if (code) expect(apiError.code).toBe(code);
}

describeEachDialect('messaging services', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let n = 0;
  const fresh = async (): Promise<TestAccount> => createAccount(server, { username: `svc${(n += 1)}` });

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  it('refuses sending both ways across a block, with the exact texts, writing nothing', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const first = await sendMessage(server.ctx, a.account, { recipient_id: b.account.id, content: 'hi' });
    await blockUser(server.ctx, b.account, first.conversation_id);
    const before = await snapshotMessaging(server);
    await expectApiError(
      sendMessage(server.ctx, b.account, { conversation_id: first.conversation_id, content: 'x' }),
      403,
      'You have blocked this user. Unblock them to send messages.',
      'blocked_by_me',
    );
    await expectApiError(
      sendMessage(server.ctx, a.account, { recipient_id: b.account.id, content: 'x' }),
      403,
      'This user has blocked you. You cannot send messages.',
      'blocked_by_them',
    );
    expect(await snapshotMessaging(server)).toEqual(before);
    expect(await checkBlockStatus(server.ctx, a.account, first.conversation_id)).toEqual({
      is_blocked_by_me: false,
      is_blocked_by_them: true,
    });
    await unblockUser(server.ctx, b.account, first.conversation_id);
    await sendMessage(server.ctx, a.account, { conversation_id: first.conversation_id, content: 'ok again' });
  });

  it('blocking also ends follows both ways, so the pair can no longer be grouped', async () => {
    const [a, b, c] = [await fresh(), await fresh(), await fresh()];
    await mutualFollow(server, a, b);
    await mutualFollow(server, a, c);
    const first = await sendMessage(server.ctx, a.account, { recipient_id: b.account.id, content: 'hi' });
    await blockUser(server.ctx, a.account, first.conversation_id);
    await expectApiError(
      createConversation(server.ctx, a.account, { name: 'G', participant_ids: [b.account.id, c.account.id] }),
      403,
      'You can only create groups with people you mutually follow. Please contact an administrator if you need assistance.',
      'mutual_follow',
    );
  });

  it('blocks from the box as from a profile: the partner leaves the blocker’s lists and endorsements', async () => {
    const [a, b] = [await fresh(), await fresh()];
    await mutualFollow(server, a, b);
    const listId = newId();
    await server.db
      .insertInto('lists')
      .values({
        id: listId,
        account_id: a.account.id,
        title: 'friends',
        replies_policy: 'list',
        exclusive: 0,
        created_at: nowIso(),
      })
      .execute();
    await server.db
      .insertInto('list_accounts')
      .values({ list_id: listId, account_id: b.account.id, created_at: nowIso() })
      .execute();
    await server.db
      .insertInto('endorsements')
      .values({
        id: newId(),
        account_id: a.account.id,
        target_account_id: b.account.id,
        created_at: nowIso(),
      })
      .execute();
    const first = await sendMessage(server.ctx, a.account, { recipient_id: b.account.id, content: 'hi' });
    await blockUser(server.ctx, a.account, first.conversation_id);
    const listed = await server.db
      .selectFrom('list_accounts')
      .selectAll()
      .where('list_id', '=', listId)
      .execute();
    const endorsed = await server.db
      .selectFrom('endorsements')
      .selectAll()
      .where('account_id', '=', a.account.id)
      .execute();
    expect({ listed, endorsed }).toEqual({ listed: [], endorsed: [] });
  });

  it('applies the group creation rules of SPEC §5 and §6', async () => {
    const { alice, bob, carol } = cast;
    await expectApiError(
      createConversation(server.ctx, alice.account, {
        name: '',
        participant_ids: [bob.account.id, carol.account.id],
      }),
      422,
      'Please enter a group chat name.',
    );
    await expectApiError(
      createConversation(server.ctx, alice.account, {
        name: 'Duo',
        participant_ids: [bob.account.id, alice.account.id],
      }),
      422,
      'Please select at least 2 users to create a group chat.',
    );
    await expectApiError(
      createConversation(server.ctx, alice.account, {
        name: 'X',
        participant_ids: [bob.account.id, '123456789'],
      }),
      404,
      MessagingText.userNotFound,
    );
    const group = await createConversation(server.ctx, alice.account, {
      name: ' Trio ',
      participant_ids: [bob.account.id, carol.account.id, bob.account.id],
    });
    expect(group).toMatchObject({
      name: 'Trio',
      is_group: true,
      current_user_is_admin: true,
      creator_id: alice.account.id,
    });
    expect(group.participants).toHaveLength(3);
  });

  it('keeps group management to the admin, with the admin rules', async () => {
    const { alice, bob, carol, dave } = cast;
    const group = await createConversation(server.ctx, alice.account, {
      name: 'Rules',
      participant_ids: [bob.account.id, carol.account.id],
    });
    await expectApiError(
      renameGroup(server.ctx, bob.account, group.id, 'x'),
      403,
      MessagingText.onlyAdminsRename,
      'not_group_admin',
    );
    await expectApiError(
      addParticipants(server.ctx, bob.account, group.id, [dave.account.id]),
      403,
      'Only group admins can manage participants.',
    );
    await expectApiError(
      removeParticipants(server.ctx, bob.account, group.id, [carol.account.id]),
      403,
      MessagingText.onlyAdminsManage,
    );
    await expectApiError(
      transferOwnership(server.ctx, bob.account, group.id, bob.account.id),
      403,
      MessagingText.onlyAdminsTransfer,
    );
    await expectApiError(
      deleteConversation(server.ctx, bob.account, group.id),
      403,
      MessagingText.onlyAdminsDissolve,
    );
    await expectApiError(
      renameGroup(server.ctx, alice.account, group.id, ' \t '),
      422,
      MessagingText.groupNameRequired,
    );
    await expectApiError(
      removeParticipants(server.ctx, alice.account, group.id, [alice.account.id]),
      422,
      MessagingText.cannotRemoveSelf,
    );
    await expectApiError(
      transferOwnership(server.ctx, alice.account, group.id, alice.account.id),
      422,
      MessagingText.cannotTransferToSelf,
    );
    await expectApiError(
      transferOwnership(server.ctx, alice.account, group.id, dave.account.id),
      422,
      MessagingText.newOwnerNotParticipant,
    );
    await expectApiError(
      leaveGroup(server.ctx, alice.account, group.id),
      422,
      'As group admin, you must transfer ownership before leaving or dissolve the group.',
      'transfer_ownership_required',
    );
    await expectApiError(
      addParticipants(server.ctx, alice.account, group.id, []),
      422,
      MessagingText.selectPeopleToAdd,
    );
    await expectApiError(
      addParticipants(server.ctx, alice.account, group.id, [bob.account.id]),
      422,
      MessagingText.alreadyParticipant,
    );
    await expectApiError(
      addParticipants(server.ctx, alice.account, group.id, [dave.account.id]),
      403,
      MessagingText.mutualFollow,
      'mutual_follow',
    );
    await expectApiError(
      removeParticipants(server.ctx, alice.account, group.id, [dave.account.id]),
      422,
      MessagingText.notAParticipant,
    );
    await expectApiError(leaveGroup(server.ctx, bob.account, '1'), 404, MessagingText.conversationNotFound);

    await transferOwnership(server.ctx, alice.account, group.id, bob.account.id);
    await leaveGroup(server.ctx, alice.account, group.id);
    const [asBob] = (await listConversations(server.ctx, bob.account.id, { limit: 40 })).conversations.filter(
      (c) => c.id === group.id,
    );
    expect(asBob?.current_user_is_admin).toBe(true);
    expect(asBob?.creator_id).toBe(alice.account.id);
    expect(asBob?.last_message).toMatchObject({ is_system_message: true, content: 'Alice left the group' });
  });

  it('counts unread messages per participant, not for system notices, and moves updated_at', async () => {
    const { alice, bob, carol } = cast;
    const group = await createConversation(server.ctx, alice.account, {
      name: 'Counts',
      participant_ids: [bob.account.id, carol.account.id],
    });
    await sendMessage(server.ctx, alice.account, { conversation_id: group.id, content: 'one' });
    await sendMessage(server.ctx, alice.account, { conversation_id: group.id, content: 'two' });
    await renameGroup(server.ctx, alice.account, group.id, 'Counted');
    const bobView = (await listConversations(server.ctx, bob.account.id, { limit: 40 })).conversations.find(
      (c) => c.id === group.id,
    );
    const aliceView = (
      await listConversations(server.ctx, alice.account.id, { limit: 40 })
    ).conversations.find((c) => c.id === group.id);
    expect(bobView?.unread_count).toBe(2);
    expect(aliceView?.unread_count).toBe(0);
    expect(bobView && bobView.updated_at > group.updated_at).toBe(true);
    expect(await markRead(server.ctx, bob.account, group.id)).toEqual({
      success: true,
      conversation: { id: group.id, unread_count: 0 },
    });
  });

  it('hides a message for the caller only and refuses to hide system notices', async () => {
    const { alice, bob, carol } = cast;
    const group = await createConversation(server.ctx, alice.account, {
      name: 'Hide',
      participant_ids: [bob.account.id, carol.account.id],
    });
    const message = await sendMessage(server.ctx, alice.account, {
      conversation_id: group.id,
      content: 'hide me',
    });
    await hideMessage(server.ctx, bob.account, message.id);
    const system = await server.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', group.id)
      .where('is_system_message', '=', 1)
      .executeTakeFirstOrThrow();
    await expectApiError(
      hideMessage(server.ctx, bob.account, system.id),
      403,
      MessagingText.systemMessageDelete,
    );
    await expectApiError(
      hideMessage(server.ctx, cast.dave.account, message.id),
      404,
      MessagingText.messageNotFound,
    );
    const rows = await server.db
      .selectFrom('message_deletions')
      .selectAll()
      .where('message_id', '=', message.id)
      .execute();
    expect(rows.map((row) => row.account_id)).toEqual([bob.account.id]);
  });

  it('toggles one reaction per user and emoji, publishing the new reactions to participants', async () => {
    const { alice, bob, dave } = cast;
    const message = await sendMessage(server.ctx, alice.account, {
      recipient_id: bob.account.id,
      content: 'emoji',
    });
    const seen: StreamMessage[] = [];
    const stop = server.ctx.bus.subscribe(userChannel(bob.account.id), (event) => seen.push(event));
    const stopDave = server.ctx.bus.subscribe(userChannel(dave.account.id), (event) => seen.push(event));
    for (const emoji of ['❤️', '👍', '😂', '😮', '😠'])
      await toggleReaction(server.ctx, bob.account, message.id, emoji);
    const again = await toggleReaction(server.ctx, bob.account, message.id, '❤️');
    expect(again.reactions.map((r) => r.emoji)).toEqual(['👍', '😂', '😮', '😠']);
    await expectApiError(
      toggleReaction(server.ctx, bob.account, message.id, 'x'),
      422,
      MessagingText.reactionUnsupported,
    );
    stop();
    stopDave();
    expect(seen.filter((event) => event.event === 'message_reaction_update')).toHaveLength(6);
    expect(JSON.parse(seen.at(-1)?.payload ?? '{}')).toMatchObject({
      id: message.id,
      conversation_id: message.conversation_id,
    });
  });

  it('skips typing relay when off for the typist, and for recipients who turned it off', async () => {
    const { alice, bob } = cast;
    const message = await sendMessage(server.ctx, alice.account, {
      recipient_id: bob.account.id,
      content: 'typing',
    });
    const toBob: StreamMessage[] = [];
    const stop = server.ctx.bus.subscribe(userChannel(bob.account.id), (event) => toBob.push(event));
    expect(await relayTyping(server.ctx, alice.account, message.conversation_id, 'typing_start')).toBe(true);
    expect(toBob).toHaveLength(1);
    await updatePreferences(server.db, alice.account.id, { typing_indicator_enabled: false });
    expect(await relayTyping(server.ctx, alice.account, message.conversation_id, 'typing_start')).toBe(false);
    await updatePreferences(server.db, alice.account.id, { typing_indicator_enabled: true });
    await updatePreferences(server.db, bob.account.id, { typing_indicator_enabled: false });
    await relayTyping(server.ctx, alice.account, message.conversation_id, 'typing_start');
    expect(toBob).toHaveLength(1);
    await updatePreferences(server.db, bob.account.id, { typing_indicator_enabled: true });
    expect(await relayTyping(server.ctx, cast.dave.account, message.conversation_id, 'typing_start')).toBe(
      false,
    );
    stop();
  });

  it('keeps preferences with defaults all on', async () => {
    const a = await fresh();
    expect(await getPreferences(server.db, a.account.id)).toEqual({
      typing_indicator_enabled: true,
      read_receipts_enabled: true,
      active_status_enabled: true,
    });
    await expectApiError(
      updatePreferences(server.db, a.account.id, {}),
      422,
      MessagingText.preferenceRequired,
    );
  });

  it('validates reports and search input with the exact texts', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const message = await sendMessage(server.ctx, a.account, {
      recipient_id: b.account.id,
      content: 'report me',
    });
    await expectApiError(
      reportConversation(server.ctx, b.account, message.conversation_id, {
        reason: 'bored',
        details: '',
        message_ids: [],
      }),
      422,
      'Please select a reason for the report.',
    );
    const { report_id } = await reportConversation(server.ctx, b.account, message.conversation_id, {
      reason: 'spam',
      details: '',
      message_ids: [],
    });
    // no message cited: the report keeps the chat's latest messages for the moderators
    const stored = await server.db
      .selectFrom('reports')
      .select('message_ids')
      .where('id', '=', report_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.message_ids)).toEqual([message.id]);
    for (const reason of [
      'spam',
      'harassment',
      'hate_speech',
      'inappropriate_content',
      'threats',
      'impersonation',
      'other',
    ]) {
      await reportConversation(server.ctx, b.account, message.conversation_id, {
        reason,
        details: '',
        message_ids: [],
      });
    }
    await expectApiError(
      searchMessages(server.ctx, a.account, { q: ' a ' }),
      422,
      MessagingText.searchTooShort,
    );
    expect(await searchMessages(server.ctx, a.account, { q: '!!' })).toEqual({
      results: [],
      total_count: 0,
      has_more: false,
    });
  });

  it('lists only pals without blocks as messageable', async () => {
    const { alice } = cast;
    const users = await messageableUsers(server.ctx, alice.account);
    expect(users.map((u) => u.username)).toEqual(['bob', 'carol']);
  });
});

describeEachDialect('messaging list scale', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
  });
  afterAll(async () => server.close());

  it('lists many conversations a page at a time, each with partner, last message and unread count', async () => {
    const me = await createAccount(server, { username: 'busy' });
    const partners = await Promise.all(
      Array.from({ length: 120 }, (_, i) => createAccount(server, { username: `p${i}` })),
    );
    for (const partner of partners) {
      await sendMessage(server.ctx, partner.account, {
        recipient_id: me.account.id,
        content: `hi ${partner.account.username}`,
      });
    }
    const started = Date.now();
    const list = (await listConversations(server.ctx, me.account.id, { limit: 40 })).conversations;
    const elapsed = Date.now() - started;
    expect(list).toHaveLength(40);
    expect(list.every((c) => c.unread_count === 1 && c.partner !== null && c.last_message !== null)).toBe(
      true,
    );
    expect(list[0]?.partner?.username).toBe('p119');
    expect(elapsed).toBeLessThan(2000);
  });
});
