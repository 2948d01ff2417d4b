import { describe, expect, it } from 'vitest';
import { createNote, deleteNote, like, read, typing, undo } from './app-data.js';
import { toBase64, toHex, utf8 } from './bytes.js';
import { decodeState, encodeState, encryptApplication } from './group.js';
import { EncryptedChatClient, NotEligibleError } from './client.js';
import { MemoryStore } from './store.js';
import { FakeDeliveryService } from './test-support/fake-delivery-service.js';
import { newDevice, texts } from './test-support/harness.js';

async function syncAll(
  conversationId: string,
  ...devices: { client: { sync(id: string): Promise<void> } }[]
) {
  for (const d of devices) await d.client.sync(conversationId);
}

describe('EncryptedChatClient', () => {
  it('one-to-one: text, reply, reaction, undo, delete, read, typing', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    expect(bob.events).toContainEqual({ type: 'joined', conversationId: id });

    const hello = await alice.client.send(id, createNote('Hello <Bob> & co'));
    await bob.client.sync(id);
    expect(await texts(bob, id)).toEqual(['Hello <Bob> & co']);
    expect((await bob.client.search('bob>')).map((m) => m.id)).toEqual([hello!.id]);
    expect(await bob.client.search('nothing like it')).toEqual([]);
    const received = (await bob.client.history(id))[0]!;
    expect(received.senderActorUri).toBe(alice.actorUri);
    expect(received.seq).toBe(hello!.seq);

    await bob.client.send(id, createNote('Hi!', { inReplyTo: hello!.id }));
    const liked = like(hello!.id, '❤️');
    await bob.client.send(id, liked);
    await bob.client.send(id, read(hello!.id));
    await alice.client.sync(id);
    const atAlice = await alice.client.history(id);
    expect(atAlice.map((m) => m.note?.text)).toEqual(['Hello <Bob> & co', 'Hi!']);
    expect(atAlice[1]!.note!.inReplyTo).toBe(hello!.id);
    expect(atAlice[0]!.reactions).toEqual([{ likeId: liked.id, actorUri: bob.actorUri, emoji: '❤️' }]);
    expect(alice.events).toContainEqual({
      type: 'read',
      conversationId: id,
      actorUri: bob.actorUri,
      messageId: hello!.id,
    });

    await bob.client.send(id, undo(liked.id));
    await alice.client.send(id, deleteNote(hello!.id));
    await syncAll(id, alice, bob);
    for (const d of [alice, bob]) {
      const first = (await d.client.history(id))[0]!;
      expect(first.deleted).toBe(true);
      expect(first.note).toBeUndefined();
      expect(first.reactions).toEqual([]);
    }

    // only the author deletes for everyone
    const hi = (await bob.client.history(id))[1]!;
    await alice.client.send(id, deleteNote(hi.id));
    await bob.client.sync(id);
    expect((await bob.client.history(id))[1]!.deleted).toBe(false);

    await alice.client.sendEphemeral(id, typing('start'));
    await bob.client.handleEphemeral(ds.ephemeral.at(-1)!);
    expect(bob.events.at(-1)).toEqual({
      type: 'typing',
      conversationId: id,
      actorUri: alice.actorUri,
      state: 'start',
    });
    expect(bob.events.filter((e) => e.type === 'undecryptable')).toEqual([]);
  });

  it('refuses to create an encrypted chat when a participant has no device', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    await expect(alice.client.createConversation(['nobody'])).rejects.toBeInstanceOf(NotEligibleError);
  });

  it('a group of three; a member added later reads from then on only; a removed member reads nothing after', async () => {
    const ds = new FakeDeliveryService();
    const [alice, bob, carol, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map((n) => newDevice(ds, n)),
    );
    const { id } = await alice!.client.createConversation([bob!.accountId, carol!.accountId], 'Group');
    await bob!.client.start();
    await carol!.client.start();
    await alice!.client.send(id, createNote('before dave'));
    expect(await alice!.client.addMembers(id, [dave!.accountId])).toBe('ordered');
    await dave!.client.start();
    await alice!.client.send(id, createNote('with dave'));
    await syncAll(id, bob!, carol!, dave!);
    expect(await texts(bob!, id)).toEqual(['before dave', 'with dave']);
    expect(await texts(dave!, id)).toEqual(['with dave']);
    expect((await bob!.client.history(id)).find((m) => m.kind === 'system')?.system).toEqual({
      type: 'member_added',
      actorUri: dave!.actorUri,
    });

    expect(await alice!.client.removeMembers(id, [carol!.accountId])).toBe('ordered');
    await alice!.client.send(id, createNote('without carol'));
    await syncAll(id, bob!, carol!, dave!);
    expect(await texts(bob!, id)).toEqual(['before dave', 'with dave', 'without carol']);
    expect(await texts(carol!, id)).toEqual(['before dave', 'with dave']);
    expect(carol!.events).toContainEqual({ type: 'removed', conversationId: id });
    await expect(carol!.client.send(id, createNote('still here?'))).rejects.toThrow();
  });

  it('concurrent commits: the loser gets 409, applies the winner, retries, and everyone converges', async () => {
    const ds = new FakeDeliveryService();
    const [alice, bob, carol, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map((n) => newDevice(ds, n)),
    );
    const { id } = await alice!.client.createConversation([bob!.accountId, carol!.accountId], 'Group');
    await bob!.client.start();
    await carol!.client.start();
    const carolDevice = carol!.client.deviceId;
    ds.revokeDevice(carolDevice);

    // bob commits the pending removal first; alice's add was made on the same epoch
    const addKeyPackagesClaimed = alice!.client.addMembers(id, [dave!.accountId]);
    expect(await bob!.client.commitPendingRemovals(id)).toBe('ordered');
    expect(await addKeyPackagesClaimed).toBe('ordered');
    // nothing left to remove for alice
    expect(await alice!.client.commitPendingRemovals(id)).toBe('nothing');

    await dave!.client.start();
    await syncAll(id, alice!, bob!, dave!);
    const numbers = await Promise.all([alice, bob, dave].map((d) => d!.client.safetyNumber(id)));
    expect(new Set(numbers).size).toBe(1);
    await dave!.client.send(id, createNote('hi all'));
    await syncAll(id, alice!, bob!);
    expect(await texts(alice!, id)).toEqual(['hi all']);
    expect(await texts(bob!, id)).toEqual(['hi all']);
    expect((await alice!.client.members(id)).map((m) => m.actorUri).sort()).toEqual(
      [alice!.actorUri, bob!.actorUri, dave!.actorUri].sort(),
    );
  });

  it('202 forwarded: a commit stays pending until it comes back; a lost one is made again', async () => {
    const ds = new FakeDeliveryService();
    const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => newDevice(ds, n)));
    const { id } = await alice!.client.createConversation([bob!.accountId, carol!.accountId], 'Group');
    await bob!.client.start();
    await carol!.client.start();
    const alice2 = await newDevice(ds, 'alice');
    ds.revokeDevice(carol!.client.deviceId);
    ds.forwarding = true;

    expect(await alice!.client.addDevices(id, [alice!.accountId])).toBe('forwarded');
    expect(await bob!.client.commitPendingRemovals(id)).toBe('forwarded');
    const before = await alice!.client.safetyNumber(id);
    // the home server receives bob's first: alice's commit of the same epoch is dropped
    ds.deliverForwarded((queue) => queue.reverse());
    await alice!.client.sync(id); // applies bob's commit, makes the add again (forwarded again)
    expect(await alice!.client.safetyNumber(id)).not.toBe(before);
    ds.deliverForwarded();
    await syncAll(id, alice!, bob!);
    await alice2.client.start();
    expect(alice2.events).toContainEqual({ type: 'joined', conversationId: id });

    const numbers = await Promise.all([alice!, bob!, alice2].map((d) => d.client.safetyNumber(id)));
    expect(new Set(numbers).size).toBe(1);
    expect((await bob!.client.members(id)).length).toBe(3);
    // carol's only device went: she has no leaf left; alice's second device joined
    expect((await bob!.client.history(id)).map((m) => m.system?.type)).toEqual([
      'member_removed',
      'device_added',
    ]);

    // a forwarded application message takes its place when it comes back
    const sent = await bob!.client.send(id, createNote('forwarded'));
    expect(sent!.seq).toBeNull();
    ds.deliverForwarded();
    await syncAll(id, bob!, alice2);
    expect((await bob!.client.history(id)).at(-1)!.seq).toEqual(expect.any(Number));
    expect(await texts(alice2, id)).toEqual(['forwarded']);
  });

  it('a second device of a participant joins and reads new messages; its arrival is a system message', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    await alice.client.send(id, createNote('old'));
    const bobPhone = await newDevice(ds, 'bob');
    expect(await alice.client.addDevices(id, [alice.accountId, bob.accountId])).toBe('ordered');
    await bobPhone.client.start();
    await alice.client.send(id, createNote('new'));
    await syncAll(id, bob, bobPhone);
    expect(await texts(bobPhone, id)).toEqual(['new']);
    const system = (await bob.client.history(id)).find((m) => m.kind === 'system')!.system!;
    expect(system).toMatchObject({ type: 'device_added', actorUri: bob.actorUri });
    const phoneFingerprint = (await bobPhone.client.members(id)).find((m) => m.self)!.fingerprint;
    expect(system).toMatchObject({ fingerprint: phoneFingerprint });
  });

  it("does not add a person's new device that carries another identity", async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    // the server lists, under bob's account, a device whose credential names someone else
    const impostor = new EncryptedChatClient({
      store: new MemoryStore(),
      transport: ds.transport(bob.accountId),
      accountId: bob.accountId,
      actorUri: 'https://evil.example/users/mallory',
    });
    await impostor.ensureDevice('impostor');
    expect(await alice.client.addDevices(id, [bob.accountId])).toBe('nothing');
    expect(await alice.client.members(id)).toHaveLength(2);
  });

  it('state survives a store round trip (a new client object on the same store)', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    await alice.client.send(id, createNote('one'));
    const bobAgain = await newDevice(ds, 'bob', bob.store);
    expect(bobAgain.client.deviceId).toBe(bob.client.deviceId);
    await bobAgain.client.sync(id);
    await bobAgain.client.send(id, createNote('two'));
    const aliceAgain = await newDevice(ds, 'alice', alice.store);
    await aliceAgain.client.sync(id);
    expect(await texts(aliceAgain, id)).toEqual(['one', 'two']);
  });

  it('safety numbers are equal across members, change with membership, and verification is remembered', async () => {
    const ds = new FakeDeliveryService();
    const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => newDevice(ds, n)));
    const { id } = await alice!.client.createConversation([bob!.accountId]);
    await bob!.client.start();
    const number = await alice!.client.safetyNumber(id);
    expect(number).toMatch(/^(\d{5} ){11}\d{5}$/);
    expect(await bob!.client.safetyNumber(id)).toBe(number);
    expect(await alice!.client.allVerified(id)).toBe(false);
    await alice!.client.markVerified(id);
    expect(await alice!.client.allVerified(id)).toBe(true);

    await alice!.client.addMembers(id, [carol!.accountId]);
    await bob!.client.sync(id);
    expect(await alice!.client.safetyNumber(id)).not.toBe(number);
    expect(await bob!.client.safetyNumber(id)).toBe(await alice!.client.safetyNumber(id));
    expect(await alice!.client.allVerified(id)).toBe(false);
  });

  it('media: uploads only ciphertext and opens it again', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    const picture = new Uint8Array(1000).map((_, i) => i % 251);
    const attachment = await alice.client.uploadAttachment(picture, 'image/png', { width: 10, height: 20 });
    const stored = [...ds.media.values()][0]!;
    expect(stored.length).toBeGreaterThan(picture.length);
    expect(toHex(stored)).not.toContain(toHex(picture.subarray(0, 32)));
    await alice.client.send(id, createNote('', { attachments: [attachment] }));
    await bob.client.sync(id);
    const note = (await bob.client.history(id))[0]!.note!;
    expect(await bob.client.openAttachment(note.attachments[0]!)).toEqual(picture);
  });

  it('a message that does not decrypt is reported and the sync goes on', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    const sent = await alice.client.send(id, createNote('fine'));
    const log = ds.conversations.get(id)!.log;
    const envelope = log.find((e) => e.seq === sent!.seq)!;
    log.splice(log.indexOf(envelope), 0, { ...envelope, seq: envelope.seq, id: 'garbled', message: 'AAAA' });
    envelope.seq += 0.5;
    await bob.client.sync(id);
    expect(bob.events).toContainEqual(
      expect.objectContaining({ type: 'undecryptable', envelopeId: 'garbled' }),
    );
    expect(await texts(bob, id)).toEqual(['fine']);
  });

  it('stream events and sends interleave safely: everyone ends with the same history in seq order', async () => {
    const ds = new FakeDeliveryService();
    const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => newDevice(ds, n)));
    const byAccount = new Map([alice!, bob!, carol!].map((d) => [d.accountId, d]));
    const inFlight: Promise<void>[] = [];
    ds.onEnvelope = (accountId, envelope) => {
      const device = byAccount.get(accountId);
      if (device && device.client.deviceId) inFlight.push(device.client.handleEnvelope(envelope));
    };
    const { id } = await alice!.client.createConversation([bob!.accountId, carol!.accountId], 'Group');
    const sends = [alice!, bob!, carol!].flatMap((d) =>
      Array.from({ length: 6 }, (_, i) => d.client.send(id, createNote(`${d.accountId} ${i}`))),
    );
    // bob and carol join from the stream while alice already sends
    await Promise.all(sends.slice(0, 6));
    await Promise.all(sends);
    await Promise.all(inFlight);
    await syncAll(id, alice!, bob!, carol!);
    const histories = await Promise.all([alice!, bob!, carol!].map((d) => d.client.history(id)));
    expect(histories[0]).toHaveLength(18);
    for (const history of histories) {
      expect(history.map((m) => m.note!.text)).toEqual(histories[0]!.map((m) => m.note!.text));
      expect(history.map((m) => m.seq)).toEqual([...history.map((m) => m.seq)].sort((a, b) => a! - b!));
    }
    expect([alice!, bob!, carol!].flatMap((d) => d.events).filter((e) => e.type === 'undecryptable')).toEqual(
      [],
    );
  });

  it('a revoked device is removed by any member, also when the server names it without its key', async () => {
    for (const withKey of [true, false]) {
      const ds = new FakeDeliveryService();
      const alice = await newDevice(ds, 'alice');
      const alicePhone = await newDevice(ds, 'alice');
      const bob = await newDevice(ds, 'bob');
      const { id } = await alice.client.createConversation([bob.accountId]);
      await Promise.all([alicePhone.client.start(), bob.client.start()]);
      expect(await bob.client.members(id)).toHaveLength(3);
      ds.revokeDevice(alicePhone.client.deviceId, { withKey });
      expect(await bob.client.commitPendingRemovals(id)).toBe('ordered');
      expect(ds.conversations.get(id)!.pendingRemovals).toEqual([]);
      await alice.client.sync(id);
      for (const d of [alice, bob]) {
        expect((await d.client.members(id)).map((m) => m.actorUri).sort()).toEqual([
          alice.actorUri,
          bob.actorUri,
        ]);
      }
      const history = await alice.client.history(id);
      expect(history.map((m) => m.system?.type)).toEqual(['device_removed']);
    }
  });

  it('keeps 10 key packages on the server, refills below 5, and forgets private parts unused for long', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const device = ds.devices.get(alice.client.deviceId)!;
    expect(device.keyPackages).toHaveLength(10);
    expect(await alice.client.refillKeyPackages()).toBe(10);
    const [stale] = await alice.store.listKeyPackageRefs();
    const old = (await alice.store.getKeyPackage(stale!))!;
    await alice.store.putKeyPackage({ ...old, createdAt: '2020-01-01T00:00:00.000Z' });
    device.keyPackages.splice(0, 6);
    expect(await alice.client.refillKeyPackages()).toBe(10);
    expect(await alice.store.getKeyPackage(stale!)).toBeUndefined();
    expect(await alice.store.listKeyPackageRefs()).toHaveLength(15);
  });

  it("application data a member's client should not have sent is reported, and the sync goes on", async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    // a well-encrypted message whose application data is no activity Palchat knows
    const state = decodeState((await alice.store.getGroupState(id))!);
    const { newState, message } = await encryptApplication(state, utf8('{"type":"Announce","id":"x"}'));
    await alice.store.putGroupState(id, encodeState(newState));
    await ds
      .transport(alice.accountId)
      .postEnvelope(id, { device_id: alice.client.deviceId, message: toBase64(message) });
    await alice.client.send(id, createNote('after the odd one'));
    await bob.client.sync(id);
    expect(bob.events).toContainEqual(
      expect.objectContaining({ type: 'undecryptable', reason: 'Invalid id' }),
    );
    expect(await texts(bob, id)).toEqual(['after the odd one']);
  });

  it('a forwarded commit survives a reload and is adopted when it comes back, whatever sender device it names', async () => {
    const ds = new FakeDeliveryService();
    const alice = await newDevice(ds, 'alice');
    const bob = await newDevice(ds, 'bob');
    const carol = await newDevice(ds, 'carol');
    const { id } = await alice.client.createConversation([bob.accountId]);
    await bob.client.start();
    ds.forwarding = true;
    expect(await alice.client.addMembers(id, [carol.accountId])).toBe('forwarded');
    expect(await alice.client.members(id)).toHaveLength(2);
    const reloaded = await newDevice(ds, 'alice', alice.store);
    ds.deliverForwarded();
    for (const envelope of ds.conversations.get(id)!.log) envelope.sender_device_id = null;
    await reloaded.client.start();
    await reloaded.client.sync(id);
    expect(await reloaded.client.members(id)).toHaveLength(3);
    expect(await alice.store.getPendingCommit(id)).toBeUndefined();
    await Promise.all([bob.client.sync(id), carol.client.start()]);
    ds.forwarding = false;
    await reloaded.client.send(id, createNote('all three'));
    await Promise.all([bob.client.sync(id), carol.client.sync(id)]);
    expect(await texts(carol, id)).toEqual(['all three']);
    expect(await texts(bob, id)).toEqual(['all three']);
    expect(reloaded.events.filter((e) => e.type === 'undecryptable')).toEqual([]);
  });
});
