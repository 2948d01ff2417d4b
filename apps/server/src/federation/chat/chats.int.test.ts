import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { relayTyping } from '../../messaging/typing.js';
import { createAccount, mutualFollow, type TestAccount } from '../../../test/helpers/factories.js';
import { MASTODON_CONTEXT, mastodonActivities, mastodonNote } from '../../../test/helpers/activitypub.js';
import { listenFederatedServer } from '../../../test/helpers/federation.js';
import type { TestServer } from '../../../test/helpers/harness.js';
import { call } from '../../../test/helpers/messaging.js';
import {
  startRemoteServer,
  waitUntil,
  type ReceivedActivity,
  type RemoteActor,
  type RemoteServer,
} from '../../../test/helpers/remote-server.js';
import { openStream } from '../../../test/helpers/stream-client.js';

const PALCHAT_NS = 'https://palchat.org/ns#';

/** What a Palchat server's NodeInfo says about chats (the stub of a Palchat peer serves it). */
async function servePalchatNodeInfo(remote: RemoteServer): Promise<void> {
  remote.serve('/.well-known/nodeinfo', {
    links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${remote.url}/nodeinfo/2.1` }],
  });
  remote.serve('/nodeinfo/2.1', {
    version: '2.1',
    software: { name: 'palchat', version: '0.1.0' },
    protocols: ['activitypub'],
    metadata: { palchat: { chat: true, chatVocabulary: PALCHAT_NS, chatVersion: 1 } },
  });
}

describe('chats across servers', () => {
  let server: TestServer & { url: string };
  /** a Mastodon-like server (no Palchat NodeInfo) and a Palchat peer */
  let mastodon: RemoteServer;
  let palchat: RemoteServer;
  let bob: RemoteActor;
  let carol: RemoteActor;
  let stranger: RemoteActor;
  let alice: TestAccount;

  const inbox = () => `${server.url}/inbox`;
  const { activity, nextId } = mastodonActivities();
  const accountOf = async (actor: RemoteActor) => {
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('accounts').select('id').where('uri', '=', actor.id).executeTakeFirst(),
      ),
    );
    return server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirstOrThrow();
  };
  const messageByUri = (uri: string) =>
    server.db.selectFrom('messages').selectAll().where('uri', '=', uri).executeTakeFirst();
  const createOf = (actor: RemoteActor, messageId: string) => (received: ReceivedActivity) =>
    received.activity.type === 'Create' &&
    (received.activity.object as { id?: string }).id === `${server.url}/users/alice/messages/${messageId}` &&
    (received.activity.object as { to?: unknown }).to === actor.id;
  const directNote = (actor: RemoteActor, id: string, extra: Record<string, unknown> = {}) =>
    mastodonNote(actor.id, `${actor.id}/statuses/${id}`, {
      to: [`${server.url}/users/alice`],
      cc: [],
      content: `<p><span class="h-card"><a href="${server.url}/@alice" class="u-url mention">@<span>alice</span></a></span> ${id} text</p>`,
      tag: [
        { type: 'Mention', href: `${server.url}/users/alice`, name: `@alice@${new URL(server.url).host}` },
      ],
      ...extra,
    });

  beforeAll(async () => {
    mastodon = await startRemoteServer();
    palchat = await startRemoteServer();
    await servePalchatNodeInfo(palchat);
    bob = await mastodon.addActor('bob');
    stranger = await mastodon.addActor('stranger');
    carol = await palchat.addActor('carol');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    // each remote actor becomes known here by sending its profile
    for (const [remote, actor] of [
      [mastodon, bob],
      [mastodon, stranger],
      [palchat, carol],
    ] as const) {
      await remote.post(inbox(), activity(actor, 'Update', actor.document));
    }
    await mutualFollow(server, alice, await accountOf(bob));
    await mutualFollow(server, alice, await accountOf(carol));
    await accountOf(stranger);
  });
  afterAll(async () => {
    await server.close();
    await mastodon.close();
    await palchat.close();
  });

  it('lists remote people one mutually follows among the messageable users', async () => {
    const response = await call(server, alice, 'GET', '/api/v1/friend_messages/messageable_users');
    expect(response.status).toBe(200);
    const ids = (response.json as { id: string }[]).map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([(await accountOf(bob)).id, (await accountOf(carol)).id]));
    expect(ids).not.toContain((await accountOf(stranger)).id);
  });

  it('sends a message to a non-Palchat person as a signed direct Note mentioning only them, with its media', async () => {
    const bobRow = await accountOf(bob);
    const mediaId = newId();
    await server.db
      .insertInto('media_attachments')
      .values({
        id: mediaId,
        account_id: alice.account.id,
        type: 'image',
        file_path: 'media/chat.png',
        thumbnail_path: null,
        content_type: 'image/png',
        file_size: 10,
        width: 4,
        height: 3,
        blurhash: null,
        description: 'a cat',
        focus_x: null,
        focus_y: null,
        status_id: null,
        message_id: null,
        created_at: nowIso(),
      })
      .execute();
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bobRow.id,
      content: 'Hello Bob',
      media_ids: [mediaId],
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const messageId = sent.body.id as string;
    const delivered = await mastodon.waitForActivity(createOf(bob, messageId));
    expect(delivered.verifiedKeyId).toBe(`${server.url}/users/alice#main-key`);
    const note = delivered.activity.object as Record<string, unknown>;
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: `${server.url}/users/alice`,
      to: bob.id,
      tag: { type: 'Mention', href: bob.id, name: `@bob@${mastodon.host}` },
      attachment: [
        expect.objectContaining({
          type: 'Document',
          mediaType: 'image/png',
          url: `${server.url}/system/media/chat.png`,
          name: 'a cat',
        }),
      ],
    });
    expect(note.cc).toBeUndefined();
    expect(note.content).toContain('class="u-url mention"');
    expect(note.content).toContain('Hello Bob');
    // no Palchat vocabulary for software that does not announce it
    expect(JSON.stringify(delivered.activity)).not.toContain(PALCHAT_NS);
  });

  it('takes a direct Note replying to a chat message into that chat, live', async () => {
    const bobRow = await accountOf(bob);
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bobRow.id,
      content: 'Question?',
    });
    const messageUri = `${server.url}/users/alice/messages/${sent.body.id as string}`;
    const stream = await openStream(server.url, alice);
    stream.subscribe('user');
    const reply = directNote(bob, 'reply-1', { inReplyTo: messageUri });
    await mastodon.post(inbox(), activity(bob, 'Create', reply));
    const live = (await stream.next('friend_message', (payload) =>
      JSON.stringify(payload).includes('reply-1 text'),
    )) as { content: string; conversation_id: string; reply_to?: { id: string } | null };
    await stream.close();
    expect(live.content).toBe('reply-1 text');
    expect(live.conversation_id).toBe(sent.body.conversation_id);
    const stored = (await messageByUri(reply.id))!;
    expect(stored).toMatchObject({ sender_id: bobRow.id, reply_to_message_id: sent.body.id });
    // the same Note again changes nothing
    await mastodon.post(inbox(), activity(bob, 'Create', reply));
    const again = directNote(bob, 'after-duplicate');
    await mastodon.post(inbox(), activity(bob, 'Create', again));
    await waitUntil(async () => Boolean(await messageByUri(again.id)));
    const count = await server.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uri', '=', reply.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('takes a direct Note addressed only to someone who chats with the author into their chat, not a stranger’s', async () => {
    const picture = `${mastodon.url}/system/media/photo.jpg`;
    const note = directNote(bob, 'plain-direct', {
      attachment: [
        { type: 'Document', mediaType: 'image/jpeg', url: picture, name: 'a photo', width: 8, height: 6 },
        { type: 'Document', mediaType: 'audio/mpeg', url: `${mastodon.url}/system/media/song.mp3` },
      ],
    });
    await mastodon.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await messageByUri(note.id)));
    // images and videos come along; audio is not a message box medium
    const media = await server.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('message_id', '=', (await messageByUri(note.id))!.id)
      .execute();
    expect(media).toEqual([
      expect.objectContaining({ remote_url: picture, description: 'a photo', type: 'image' }),
    ]);
    const fromStranger = directNote(stranger, 'stranger-direct');
    await mastodon.post(inbox(), activity(stranger, 'Create', fromStranger));
    // it is still a private mention…
    await waitUntil(async () =>
      Boolean(
        await server.db
          .selectFrom('statuses')
          .select('id')
          .where('uri', '=', fromStranger.id)
          .executeTakeFirst(),
      ),
    );
    // …but no chat message
    expect(await messageByUri(fromStranger.id)).toBeUndefined();
  });

  it('speaks the Palchat vocabulary with a Palchat peer: chatMessage, EmojiReact/Undo and Read', async () => {
    const carolRow = await accountOf(carol);
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: carolRow.id,
      content: 'Hi Carol',
    });
    const messageId = sent.body.id as string;
    const messageUri = `${server.url}/users/alice/messages/${messageId}`;
    const create = await palchat.waitForActivity(createOf(carol, messageId));
    // Fedify compacts the embedded Note with its own context: the term arrives as its full IRI
    expect((create.activity.object as Record<string, unknown>)[`${PALCHAT_NS}chatMessage`]).toBe(true);

    // carol's reaction and its Undo
    const react = activity(carol, 'EmojiReact', messageUri, {
      '@context': [
        ...MASTODON_CONTEXT,
        { litepub: 'http://litepub.social/ns#', EmojiReact: 'litepub:EmojiReact' },
      ],
      content: '❤️',
    });
    await palchat.post(inbox(), react);
    const reactions = () =>
      server.db.selectFrom('message_reactions').selectAll().where('message_id', '=', messageId).execute();
    await waitUntil(async () => (await reactions()).length === 1);
    expect((await reactions())[0]).toMatchObject({ account_id: carolRow.id, emoji: '❤️' });
    await palchat.post(inbox(), activity(carol, 'Undo', react));
    await waitUntil(async () => (await reactions()).length === 0);

    // carol writes first in a new chat thread of hers: a chat message, even without an existing reply
    const reply = directNote(carol, 'palchat-1', {
      '@context': [...MASTODON_CONTEXT, { palchat: PALCHAT_NS, chatMessage: 'palchat:chatMessage' }],
      chatMessage: true,
    });
    await palchat.post(inbox(), activity(carol, 'Create', reply));
    await waitUntil(async () => Boolean(await messageByUri(reply.id)));
    const carolsMessage = (await messageByUri(reply.id))!;

    // alice reacts to it: an EmojiReact naming carol's Note
    const reacted = await call(server, alice, 'POST', `/api/v1/friend_messages/${carolsMessage.id}/react`, {
      emoji: '👍',
    });
    expect(reacted.status, JSON.stringify(reacted.json)).toBe(200);
    const emojiReact = await palchat.waitForActivity((received) => received.activity.type === 'EmojiReact');
    expect(emojiReact.activity).toMatchObject({
      actor: `${server.url}/users/alice`,
      object: reply.id,
      content: '👍',
    });
    await call(server, alice, 'POST', `/api/v1/friend_messages/${carolsMessage.id}/react`, { emoji: '👍' });
    const undo = await palchat.waitForActivity((received) => received.activity.type === 'Undo');
    expect(undo.activity.object).toMatchObject({ type: 'EmojiReact', id: emojiReact.activity.id });

    // alice reads it: a Read of carol's message
    const read = await call(
      server,
      alice,
      'POST',
      `/api/v1/friend_messages/conversations/${carolsMessage.conversation_id}/mark_read`,
    );
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    const readActivity = await palchat.waitForActivity((received) => received.activity.type === 'Read');
    expect(readActivity.activity).toMatchObject({ actor: `${server.url}/users/alice`, object: reply.id });

    // carol reads alice's message: her receipt moves up
    await palchat.post(inbox(), activity(carol, 'Read', messageUri));
    await waitUntil(async () => {
      const row = await server.db
        .selectFrom('conversation_participants')
        .select('receipt_message_id')
        .where('conversation_id', '=', carolsMessage.conversation_id)
        .where('account_id', '=', carolRow.id)
        .executeTakeFirst();
      return row?.receipt_message_id === messageId;
    });

    // carol deletes her message for everyone
    await palchat.post(inbox(), activity(carol, 'Delete', { type: 'Tombstone', id: reply.id }));
    await waitUntil(async () => !(await messageByUri(reply.id)));
  });

  it('relays typing both ways with a Palchat peer as an ephemeral palchat:Typing, as the settings allow', async () => {
    const carolRow = await accountOf(carol);
    const chat = await call(server, alice, 'POST', '/api/v1/friend_messages/conversations', {
      participant_ids: [carolRow.id],
    });
    const conversationId = chat.body.id as string;
    expect(await relayTyping(server.ctx, alice.account, conversationId, 'typing_start')).toBe(true);
    const typing = await palchat.waitForActivity((received) =>
      JSON.stringify(received.activity.type).includes('Typing'),
    );
    expect(typing.activity).toMatchObject({
      type: ['Activity', 'Typing'],
      actor: `${server.url}/users/alice`,
      to: carol.id,
      typingState: 'start',
    });
    expect(typing.activity['@context']).toEqual(
      expect.arrayContaining([expect.objectContaining({ palchat: PALCHAT_NS, Typing: 'palchat:Typing' })]),
    );

    const stream = await openStream(server.url, alice);
    stream.subscribe('user');
    const typingContext = [
      ...MASTODON_CONTEXT,
      { palchat: PALCHAT_NS, Typing: 'palchat:Typing', typingState: 'palchat:typingState' },
    ];
    const start = (state: string) => ({
      '@context': typingContext,
      id: nextId(carol.id, 'typing'),
      type: ['Activity', 'Typing'],
      actor: carol.id,
      to: `${server.url}/users/alice`,
      typingState: state,
    });
    await palchat.post(inbox(), start('start'));
    const live = (await stream.next('typing_start')) as { conversation_id: string; user_id: string };
    expect(live).toMatchObject({ conversation_id: conversationId, user_id: carolRow.id });
    // alice turns typing indicators off: carol's typing is no longer shown to her
    await call(server, alice, 'PATCH', '/api/v1/friend_messages/preferences', {
      typing_indicator_enabled: false,
    });
    await palchat.post(inbox(), start('stop'));
    expect(await stream.quiet('typing_stop', () => true, 1500)).toBe(true);
    await stream.close();
    await call(server, alice, 'PATCH', '/api/v1/friend_messages/preferences', {
      typing_indicator_enabled: true,
    });
  });

  it('sends no reactions or read receipts to software that does not speak the vocabulary', async () => {
    const bobRow = await accountOf(bob);
    const note = directNote(bob, 'to-react');
    await mastodon.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () => Boolean(await messageByUri(note.id)));
    const message = (await messageByUri(note.id))!;
    expect(message.sender_id).toBe(bobRow.id);
    await call(server, alice, 'POST', `/api/v1/friend_messages/${message.id}/react`, { emoji: '👍' });
    await call(
      server,
      alice,
      'POST',
      `/api/v1/friend_messages/conversations/${message.conversation_id}/mark_read`,
    );
    // a later message proves the queue has run past them
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bobRow.id,
      content: 'marker',
    });
    await mastodon.waitForActivity(createOf(bob, sent.body.id as string));
    const types = mastodon.received.map((received) => received.activity.type);
    expect(types).not.toContain('EmojiReact');
    expect(types).not.toContain('Read');
  });
});
