import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { MASTODON_CONTEXT, mastodonActivities } from './helpers/activitypub.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { call } from './helpers/messaging.js';
import {
  startRemoteServer,
  waitUntil,
  type ReceivedActivity,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';
import { openStream } from './helpers/stream-client.js';

const PALCHAT_NS = 'https://palchat.org/ns#';

/** A stub Palchat peer announces the chat vocabulary (version 2: group chats) in its NodeInfo. */
function servePalchatNodeInfo(remote: RemoteServer, chatVersion = 2): void {
  remote.serve('/.well-known/nodeinfo', {
    links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${remote.url}/nodeinfo/2.1` }],
  });
  remote.serve('/nodeinfo/2.1', {
    version: '2.1',
    software: { name: 'palchat', version: '0.1.0' },
    protocols: ['activitypub'],
    metadata: { palchat: { chat: true, chatVocabulary: PALCHAT_NS, chatVersion } },
  });
}

const ofType = (type: string) => (received: ReceivedActivity) => received.activity.type === type;

describe('group chats across servers', () => {
  let server: TestServer & { url: string };
  /** two Palchat peers (carol and erin share one server) and a Mastodon-like server */
  let peerOne: RemoteServer;
  let peerTwo: RemoteServer;
  let mastodon: RemoteServer;
  let carol: RemoteActor;
  let erin: RemoteActor;
  let frank: RemoteActor;
  let bob: RemoteActor;
  let stranger: RemoteActor;
  let alice: TestAccount;
  let dora: TestAccount;
  let groupId: string;

  const inbox = () => `${server.url}/inbox`;
  const groupUri = () => `${server.url}/users/group.${groupId}`;
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
  const chatContext = [...MASTODON_CONTEXT, { palchat: PALCHAT_NS, chatMessage: 'palchat:chatMessage' }];
  const groupNote = (actor: RemoteActor, id: string, text: string, extra: Record<string, unknown> = {}) => ({
    id: `${actor.id}/messages/${id}`,
    type: 'Note',
    attributedTo: actor.id,
    to: [groupUri()],
    content: `<p>${text}</p>`,
    chatMessage: true,
    ...extra,
  });
  const createIn = (actor: RemoteActor, note: Record<string, unknown>) =>
    activity(actor, 'Create', note, { '@context': chatContext, to: [groupUri()] });
  const participants = async () =>
    (
      await server.db
        .selectFrom('conversation_participants')
        .select('account_id')
        .where('conversation_id', '=', groupId)
        .execute()
    ).map((row) => row.account_id);

  beforeAll(async () => {
    peerOne = await startRemoteServer();
    peerTwo = await startRemoteServer();
    mastodon = await startRemoteServer();
    servePalchatNodeInfo(peerOne);
    servePalchatNodeInfo(peerTwo);
    carol = await peerOne.addActor('carol');
    erin = await peerOne.addActor('erin');
    stranger = await peerOne.addActor('stranger');
    frank = await peerTwo.addActor('frank');
    bob = await mastodon.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    dora = await createAccount(server, { username: 'dora' });
    for (const [remote, actor] of [
      [peerOne, carol],
      [peerOne, erin],
      [peerOne, stranger],
      [peerTwo, frank],
      [mastodon, bob],
    ] as const) {
      await remote.post(inbox(), activity(actor, 'Update', actor.document));
    }
    for (const actor of [carol, erin, frank, bob]) await mutualFollow(server, alice, await accountOf(actor));
    await mutualFollow(server, alice, dora);
    await accountOf(stranger);
  });
  afterAll(async () => {
    await server.close();
    await peerOne.close();
    await peerTwo.close();
    await mastodon.close();
  });

  it('refuses someone whose server does not speak group chats, with a clear error, and creates nothing', async () => {
    const before = await server.db.selectFrom('conversations').select('id').execute();
    const response = await call(server, alice, 'POST', '/api/v1/friend_messages/conversations', {
      name: 'With Mastodon',
      participant_ids: [(await accountOf(bob)).id, dora.account.id],
    });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({
      error: `@bob@${mastodon.host} is on a server that does not support group chats. You can message them one to one.`,
    });
    expect(await server.db.selectFrom('conversations').select('id').execute()).toHaveLength(before.length);
  });

  it('makes the group a Group actor whose Update reaches each member server once, signed by the group', async () => {
    const response = await call(server, alice, 'POST', '/api/v1/friend_messages/conversations', {
      name: 'Across the servers',
      participant_ids: [
        (await accountOf(carol)).id,
        (await accountOf(erin)).id,
        (await accountOf(frank)).id,
        dora.account.id,
      ],
    });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    groupId = response.body.id as string;

    const actorDocument = await fetch(groupUri(), { headers: { accept: 'application/activity+json' } });
    expect(actorDocument.status).toBe(200);
    const group = (await actorDocument.json()) as Record<string, unknown>;
    expect(group).toMatchObject({
      id: groupUri(),
      type: 'Group',
      inbox: `${groupUri()}/inbox`,
      chatGroup: true,
    });
    // the group's name and members are for its members' servers only
    expect(JSON.stringify(group)).not.toContain('Across the servers');

    const update = await peerOne.waitForActivity(ofType('Update'));
    await peerTwo.waitForActivity(ofType('Update'));
    expect(update.verifiedKeyId).toBe(`${groupUri()}#main-key`);
    expect(update.activity).toMatchObject({
      actor: groupUri(),
      object: {
        type: 'Group',
        id: groupUri(),
        name: 'Across the servers',
        attributedTo: `${server.url}/users/alice`,
      },
      admin: `${server.url}/users/alice`,
      noticeActor: `${server.url}/users/alice`,
      notices: ['alice created the group "Across the servers"'],
    });
    expect([...(update.activity.members as string[])].sort()).toEqual(
      [carol.id, erin.id, frank.id, `${server.url}/users/alice`, `${server.url}/users/dora`].sort(),
    );
    // carol and erin share peerOne's inbox: one delivery there
    expect(peerOne.received.filter(ofType('Update'))).toHaveLength(1);
  });

  it("relays a local member's message to each member server as the group's Announce", async () => {
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      conversation_id: groupId,
      content: 'Welcome, all servers',
    });
    expect(sent.status).toBe(201);
    const isRelay = (received: ReceivedActivity) =>
      received.activity.type === 'Announce' &&
      JSON.stringify(received.activity.object).includes('Welcome, all servers');
    const relayed = await peerTwo.waitForActivity(isRelay);
    expect(relayed.verifiedKeyId).toBe(`${groupUri()}#main-key`);
    expect(relayed.activity.object).toMatchObject({
      type: 'Create',
      actor: `${server.url}/users/alice`,
      object: {
        id: `${server.url}/users/alice/messages/${sent.body.id as string}`,
        attributedTo: `${server.url}/users/alice`,
        to: groupUri(),
      },
    });
    await peerOne.waitForActivity(isRelay);
    expect(peerOne.received.filter(isRelay)).toHaveLength(1);
  });

  it("takes a member's message to the group, streams it and relays it to the other servers only, once", async () => {
    const stream = await openStream(server.url, dora);
    stream.subscribe('user');
    const note = groupNote(carol, 'c1', 'Carol says hi');
    await peerOne.post(inbox(), createIn(carol, note));
    const live = (await stream.next('friend_message', (payload) =>
      JSON.stringify(payload).includes('Carol says hi'),
    )) as { conversation_id: string };
    await stream.close();
    expect(live.conversation_id).toBe(groupId);
    const isRelay = (received: ReceivedActivity) =>
      received.activity.type === 'Announce' && JSON.stringify(received.activity).includes(note.id);
    const relayed = await peerTwo.waitForActivity(isRelay);
    expect(relayed.activity.object).toMatchObject({ actor: carol.id, object: { id: note.id } });

    // the same activity again changes nothing and is relayed no more
    await peerOne.post(inbox(), createIn(carol, note));
    const marker = groupNote(carol, 'c2', 'marker');
    await peerOne.post(inbox(), createIn(carol, marker));
    await waitUntil(async () => Boolean(await messageByUri(marker.id)));
    await peerTwo.waitForActivity(
      (received) =>
        received.activity.type === 'Announce' && JSON.stringify(received.activity).includes(marker.id),
    );
    const stored = await server.db.selectFrom('messages').select('id').where('uri', '=', note.id).execute();
    expect(stored).toHaveLength(1);
    expect(peerTwo.received.filter(isRelay)).toHaveLength(1);
    // carol's own server has it already
    expect(peerOne.received.filter(isRelay)).toHaveLength(0);
  });

  it("refuses a non-member's message to the group and reactions naming another chat", async () => {
    const intruder = groupNote(stranger, 's1', 'Let me in');
    await peerOne.post(inbox(), createIn(stranger, intruder));
    // a note claiming carol as its author, sent by erin, is not carol's
    const forged = groupNote(erin, 'e-forged', 'Forged', { attributedTo: carol.id });
    await peerOne.post(inbox(), createIn(erin, forged));
    const marker = groupNote(erin, 'e1', 'after the intruders');
    await peerOne.post(inbox(), createIn(erin, marker));
    await waitUntil(async () => Boolean(await messageByUri(marker.id)));
    expect(await messageByUri(intruder.id)).toBeUndefined();
    expect(await messageByUri(forged.id)).toBeUndefined();
  });

  it("applies a member's reaction and read receipt and relays them", async () => {
    const carolRow = await accountOf(carol);
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      conversation_id: groupId,
      content: 'React to this',
    });
    const messageUri = `${server.url}/users/alice/messages/${sent.body.id as string}`;
    const reactContext = [
      ...MASTODON_CONTEXT,
      { litepub: 'http://litepub.social/ns#', EmojiReact: 'litepub:EmojiReact' },
    ];
    await peerOne.post(
      inbox(),
      activity(carol, 'EmojiReact', messageUri, {
        '@context': reactContext,
        content: '😂',
        to: [groupUri()],
      }),
    );
    await waitUntil(async () =>
      Boolean(
        await server.db
          .selectFrom('message_reactions')
          .select('id')
          .where('message_id', '=', sent.body.id as string)
          .where('account_id', '=', carolRow.id)
          .executeTakeFirst(),
      ),
    );
    await peerTwo.waitForActivity(
      (received) =>
        received.activity.type === 'Announce' &&
        // Fedify compacts the embedded LitePub type as its full IRI
        String((received.activity.object as { type?: string }).type).endsWith('EmojiReact'),
    );
    await peerOne.post(inbox(), activity(carol, 'Read', messageUri, { to: [groupUri()] }));
    await waitUntil(async () => {
      const row = await server.db
        .selectFrom('conversation_participants')
        .select('receipt_message_id')
        .where('conversation_id', '=', groupId)
        .where('account_id', '=', carolRow.id)
        .executeTakeFirst();
      return row?.receipt_message_id === sent.body.id;
    });
    await peerTwo.waitForActivity(
      (received) =>
        received.activity.type === 'Announce' &&
        (received.activity.object as { type?: string }).type === 'Read',
    );
  });

  it("shows a member's typing to the people here and relays it, with its state, to the other servers", async () => {
    const stream = await openStream(server.url, dora);
    stream.subscribe('user');
    await peerOne.post(inbox(), {
      '@context': [
        ...MASTODON_CONTEXT,
        { palchat: PALCHAT_NS, Typing: 'palchat:Typing', typingState: 'palchat:typingState' },
      ],
      id: nextId(carol.id, 'typing'),
      type: ['Activity', 'Typing'],
      actor: carol.id,
      to: groupUri(),
      typingState: 'start',
    });
    const live = (await stream.next('typing_start')) as { conversation_id: string; user_id: string };
    await stream.close();
    expect(live).toMatchObject({ conversation_id: groupId, user_id: (await accountOf(carol)).id });
    const relayed = await peerTwo.waitForActivity(
      (received) =>
        received.activity.type === 'Announce' && JSON.stringify(received.activity.object).includes('Typing'),
    );
    expect(relayed.activity.object).toMatchObject({ actor: carol.id, [`${PALCHAT_NS}typingState`]: 'start' });
  });

  it('tells member servers of a removal and a remote leave, and of the group dissolved', async () => {
    const erinRow = await accountOf(erin);
    const carolRow = await accountOf(carol);
    const removed = await call(
      server,
      alice,
      'POST',
      `/api/v1/friend_messages/conversations/${groupId}/remove_participants`,
      {
        participant_ids: [erinRow.id],
      },
    );
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    const afterRemoval = await peerOne.waitForActivity(
      (received) =>
        received.activity.type === 'Update' &&
        JSON.stringify(received.activity.notices ?? '').includes('removed'),
    );
    expect(afterRemoval.activity.members).not.toContain(erin.id);

    // transferring ownership to a member of another server is refused: the group's admin is one of its people
    const transfer = await call(
      server,
      alice,
      'POST',
      `/api/v1/friend_messages/conversations/${groupId}/transfer_ownership`,
      {
        new_owner_id: carolRow.id,
      },
    );
    expect(transfer.status).toBe(422);

    await peerOne.post(inbox(), activity(carol, 'Leave', groupUri(), { to: [groupUri()] }));
    await waitUntil(async () => !(await participants()).includes(carolRow.id));
    await peerOne.waitForActivity(
      (received) =>
        received.activity.type === 'Update' &&
        JSON.stringify(received.activity.notices ?? '').includes('left'),
    );

    const dissolved = await call(server, alice, 'DELETE', `/api/v1/friend_messages/conversations/${groupId}`);
    expect(dissolved.status).toBe(200);
    const deletion = await peerTwo.waitForActivity(ofType('Delete'));
    expect(deletion.activity).toMatchObject({ actor: groupUri(), object: groupUri() });
    expect(deletion.verifiedKeyId).toBe(`${groupUri()}#main-key`);
  });

  it('keeps a copy of a group homed elsewhere: its Update, its relays, and nobody else’s', async () => {
    const frankRow = await accountOf(frank);
    const remoteGroup = await peerTwo.addActor('group.77', { type: 'Group' });
    const members = [frank.id, `${server.url}/users/alice`];
    const groupContext = [
      ...MASTODON_CONTEXT,
      {
        palchat: PALCHAT_NS,
        members: { '@id': 'palchat:members', '@type': '@id', '@container': '@set' },
        admin: { '@id': 'palchat:admin', '@type': '@id' },
        noticeActor: { '@id': 'palchat:noticeActor', '@type': '@id' },
        notices: { '@id': 'palchat:notices', '@container': '@list' },
      },
    ];
    const update = activity(
      remoteGroup,
      'Update',
      { type: 'Group', id: remoteGroup.id, name: 'Frank’s group' },
      {
        '@context': groupContext,
        members,
        admin: frank.id,
        noticeActor: frank.id,
        notices: ['frank created the group "Frank’s group"'],
      },
    );
    // a relay that overtakes the Update introducing the group is tried again once the group is known
    const early = { ...groupNote(frank, 'f0', 'Frank was quick'), to: [remoteGroup.id] };
    await peerTwo.post(
      inbox(),
      activity(
        remoteGroup,
        'Announce',
        { type: 'Create', id: `${early.id}/activity`, actor: frank.id, to: [remoteGroup.id], object: early },
        { '@context': chatContext },
      ),
    );
    await peerTwo.post(inbox(), update);
    const copyOf = () =>
      server.db
        .selectFrom('conversations')
        .selectAll()
        .where('group_uri', '=', remoteGroup.id)
        .executeTakeFirst();
    await waitUntil(async () => Boolean(await copyOf()));
    const copy = (await copyOf())!;
    expect(copy).toMatchObject({
      name: 'Frank’s group',
      admin_id: frankRow.id,
      group_inbox_url: remoteGroup.inbox,
    });
    const listed = await call(server, alice, 'GET', `/api/v1/friend_messages/conversations/${copy.id}`);
    expect(listed.status).toBe(200);
    // the same Update again: no second notice
    await peerTwo.post(inbox(), { ...update, id: nextId(remoteGroup.id) });
    const note = { ...groupNote(frank, 'f1', 'Frank writes'), to: [remoteGroup.id] };
    const relay = (signer: RemoteActor) =>
      activity(
        signer,
        'Announce',
        { type: 'Create', id: `${note.id}/activity`, actor: frank.id, object: note },
        { '@context': chatContext },
      );
    // an Announce of the same shape by someone who is not the group is no relay
    await peerOne.post(inbox(), relay(stranger));
    await peerTwo.post(inbox(), relay(remoteGroup));
    await waitUntil(async () => Boolean(await messageByUri(note.id)));
    await waitUntil(async () => Boolean(await messageByUri(early.id)), 60_000);
    expect(await messageByUri(note.id)).toMatchObject({ conversation_id: copy.id, sender_id: frankRow.id });
    const notices = await server.db
      .selectFrom('messages')
      .select('content')
      .where('conversation_id', '=', copy.id)
      .where('is_system_message', '=', 1)
      .execute();
    expect(notices).toHaveLength(1);

    // alice writes in it: to the group's inbox only; she cannot rename it (frank is its admin)
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      conversation_id: copy.id,
      content: 'Hi Frank',
    });
    expect(sent.status).toBe(201);
    const toGroup = await peerTwo.waitForActivity(
      (received) => received.path === '/users/group.77/inbox' && received.activity.type === 'Create',
    );
    expect(toGroup.activity).toMatchObject({ actor: `${server.url}/users/alice`, to: remoteGroup.id });
    const rename = await call(server, alice, 'PUT', `/api/v1/friend_messages/conversations/${copy.id}`, {
      name: 'Mine',
    });
    expect(rename.status).toBe(403);

    await peerTwo.post(inbox(), activity(remoteGroup, 'Delete', remoteGroup.id));
    await waitUntil(async () => !(await copyOf()));
  });
});
