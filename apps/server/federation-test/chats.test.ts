import type { Conversation, ConversationPage, Message } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { federationSkipReason, servers, waitFor, type TestAccount } from './support/federation.js';
import { apiAs, befriend } from './support/scenarios.js';

// Phase 2 of issue #15: the message box across servers. A one-to-one chat between pals on two servers, and a
// group chat that lives on its creator's server with members on both, with reactions and read receipts.

const { alpha, beta } = servers;

function sendMessage(
  sender: TestAccount,
  target: { conversation_id: string } | { recipient_id: string },
  content: string,
): Promise<Message> {
  return apiAs<Message>(sender, 'POST', '/api/v1/friend_messages', { ...target, content });
}

/** Waits until `reader` has a conversation matching `matches` whose messages include one containing `text`. */
async function conversationWith(
  reader: TestAccount,
  matches: (conversation: Conversation) => boolean,
  text: string,
): Promise<{ conversation: Conversation; message: Message }> {
  try {
    return await waitFor(`"${text}" in a conversation of ${reader.acct}`, async () => {
      const conversations = await apiAs<Conversation[]>(
        reader,
        'GET',
        '/api/v1/friend_messages/conversations',
      );
      for (const conversation of conversations.filter(matches)) {
        const message = (await messagesOf(reader, conversation.id)).find((m) => m.content.includes(text));
        if (message) return { conversation, message };
      }
      return null;
    });
  } catch (error) {
    // tell "never arrived" from "arrived as a private mention only" (stored as a status, not as a chat message)
    const mentions = await reader.client.v1.notifications.list({ types: ['mention'], limit: 40 });
    const asMention = mentions.find((notification) => notification.status?.content.includes(text));
    const detail = asMention
      ? `it arrived as a ${asMention.status?.visibility} mention (status ${asMention.status?.uri}) but not in a chat`
      : 'it did not arrive as a mention either';
    throw new Error(`${(error as Error).message}; ${detail}`, { cause: error });
  }
}

async function messagesOf(reader: TestAccount, conversationId: string): Promise<Message[]> {
  const page = await apiAs<ConversationPage>(
    reader,
    'GET',
    `/api/v1/friend_messages/conversations/${conversationId}`,
  );
  return page.messages;
}

/** Waits until the message `messageId` in `reader`'s conversation satisfies `check`. */
function messageBecomes(
  reader: TestAccount,
  conversationId: string,
  messageId: string,
  what: string,
  check: (message: Message) => boolean,
): Promise<Message> {
  return waitFor(`${what} (seen by ${reader.acct})`, async () =>
    (await messagesOf(reader, conversationId)).find((message) => message.id === messageId && check(message)),
  );
}

function hasReaction(message: Message, emoji: string, count: number): boolean {
  return message.reactions.some((reaction) => reaction.emoji === emoji && reaction.count === count);
}

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason ? `federation chats (skipped: ${federationSkipReason})` : 'federation chats',
  () => {
    it('chats one to one with a pal on the other server, with a reaction and a read receipt both ways', async () => {
      const alice = await alpha.signUp('alice', 'Alice on Alpha');
      const bob = await beta.signUp('bob', 'Bob on Beta');
      const { secondOnFirst: bobOnAlpha, firstOnSecond: aliceOnBeta } = await befriend(alice, bob);

      // the remote pal is messageable
      const messageable = await apiAs<{ id: string }[]>(
        alice,
        'GET',
        `/api/v1/friend_messages/messageable_users?search=${bob.username}`,
      );
      expect(messageable.map((user) => user.id)).toContain(bobOnAlpha.id);

      const sent = await sendMessage(alice, { recipient_id: bobOnAlpha.id }, 'Hi Bob, across servers');
      const received = await conversationWith(
        bob,
        (conversation) => !conversation.is_group && conversation.partner?.acct === alice.acct,
        'Hi Bob, across servers',
      );
      expect(received.conversation.partner).toMatchObject({
        id: aliceOnBeta.id,
        display_name: 'Alice on Alpha',
      });
      expect(received.message.sender_id).toBe(aliceOnBeta.id);
      expect(received.conversation.unread_count).toBe(1);

      // Bob answers in the same chat, reacts to Alice's message and reads it
      await sendMessage(bob, { conversation_id: received.conversation.id }, 'Hello Alice, from beta');
      await apiAs(bob, 'POST', `/api/v1/friend_messages/${received.message.id}/react`, { emoji: '❤️' });
      await apiAs(bob, 'POST', `/api/v1/friend_messages/conversations/${received.conversation.id}/mark_read`);

      const answer = await conversationWith(
        alice,
        (conversation) => conversation.id === sent.conversation_id,
        'Hello Alice, from beta',
      );
      expect(answer.message.sender_id).toBe(bobOnAlpha.id);
      const reacted = await messageBecomes(
        alice,
        sent.conversation_id,
        sent.id,
        "Bob's reaction and read receipt on Alice's message",
        (message) => hasReaction(message, '❤️', 1) && message.read_by.includes(bobOnAlpha.id),
      );
      expect(reacted.reactions[0]?.userIds).toEqual([bobOnAlpha.id]);

      // and back: Alice reacts to Bob's answer and reads it
      await apiAs(alice, 'POST', `/api/v1/friend_messages/${answer.message.id}/react`, { emoji: '👍' });
      await apiAs(alice, 'POST', `/api/v1/friend_messages/conversations/${sent.conversation_id}/mark_read`);
      const bobsAnswer = (await messagesOf(bob, received.conversation.id)).find((message) =>
        message.content.includes('Hello Alice, from beta'),
      );
      if (!bobsAnswer) throw new Error("Bob's answer is missing from his own chat");
      await messageBecomes(
        bob,
        received.conversation.id,
        bobsAnswer.id,
        "Alice's reaction and read receipt on Bob's answer",
        (message) => hasReaction(message, '👍', 1) && message.read_by.includes(aliceOnBeta.id),
      );
    });

    // The group lives on alpha as a Group actor that relays between its members' servers (docs/FEDERATION.md).
    it('runs a group chat on its creator server with members on both servers', async () => {
      const alice = await alpha.signUp('alice');
      const dora = await alpha.signUp('dora');
      const bob = await beta.signUp('bob');
      const erin = await beta.signUp('erin');
      const { secondOnFirst: bobOnAlpha } = await befriend(alice, bob);
      const { secondOnFirst: erinOnAlpha } = await befriend(alice, erin);
      await alice.client.v1.accounts.$select(dora.account.id).follow();
      await dora.client.v1.accounts.$select(alice.account.id).follow();

      const group = await apiAs<Conversation>(alice, 'POST', '/api/v1/friend_messages/conversations', {
        name: 'Across the servers',
        participant_ids: [bobOnAlpha.id, erinOnAlpha.id, dora.account.id],
      });
      expect(group.is_group).toBe(true);
      const opening = await sendMessage(alice, { conversation_id: group.id }, 'Welcome, both servers');

      const isTheGroup = (conversation: Conversation) =>
        conversation.is_group && conversation.name === 'Across the servers';
      const atBob = await conversationWith(bob, isTheGroup, 'Welcome, both servers');
      expect(atBob.conversation.participants.map((participant) => participant.acct).sort()).toEqual(
        [alice.acct, dora.acct, bob.username, erin.username].sort(),
      );

      // Bob's message goes to the group on alpha, which relays it to Dora (alpha) and Erin (beta)
      await sendMessage(bob, { conversation_id: atBob.conversation.id }, 'Bob says hi to the group');
      const atDora = await conversationWith(dora, (c) => c.id === group.id, 'Bob says hi to the group');
      expect(atDora.message.sender_id).toBe(bobOnAlpha.id);
      const atErin = await conversationWith(erin, isTheGroup, 'Bob says hi to the group');
      expect(atErin.message.sender_username).toBe(bob.username);

      // Erin reacts to Alice's opening message and reads the chat: Alice sees both
      const openingAtErin = await conversationWith(erin, isTheGroup, 'Welcome, both servers');
      await apiAs(erin, 'POST', `/api/v1/friend_messages/${openingAtErin.message.id}/react`, { emoji: '😂' });
      await apiAs(erin, 'POST', `/api/v1/friend_messages/conversations/${atErin.conversation.id}/mark_read`);
      await messageBecomes(
        alice,
        group.id,
        opening.id,
        "Erin's reaction and read receipt on the opening message",
        (message) => hasReaction(message, '😂', 1) && message.read_by.includes(erinOnAlpha.id),
      );
      // …and so does Bob on beta, through the group
      await messageBecomes(
        bob,
        atBob.conversation.id,
        atBob.message.id,
        "Erin's reaction on the opening message",
        (message) => hasReaction(message, '😂', 1),
      );

      // Alice removes Erin, then adds her again: beta's copy follows
      const erinIsIn = async (present: boolean) =>
        waitFor(`Erin ${present ? 'in' : 'out of'} the group on beta`, async () => {
          const conversations = await apiAs<Conversation[]>(
            erin,
            'GET',
            '/api/v1/friend_messages/conversations',
          );
          return conversations.some((conversation) => conversation.id === atErin.conversation.id) === present;
        });
      await apiAs(alice, 'POST', `/api/v1/friend_messages/conversations/${group.id}/remove_participants`, {
        participant_ids: [erinOnAlpha.id],
      });
      await erinIsIn(false);
      await apiAs(alice, 'POST', `/api/v1/friend_messages/conversations/${group.id}/add_participants`, {
        participant_ids: [erinOnAlpha.id],
      });
      await erinIsIn(true);

      // Alice dissolves the group: gone on beta too
      await apiAs(alice, 'DELETE', `/api/v1/friend_messages/conversations/${group.id}`);
      await waitFor('the group gone on beta', async () => {
        const conversations = await apiAs<Conversation[]>(
          bob,
          'GET',
          '/api/v1/friend_messages/conversations',
        );
        return !conversations.some((conversation) => conversation.id === atBob.conversation.id);
      });
    });
  },
);
