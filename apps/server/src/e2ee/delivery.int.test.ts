import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { createAccount, mutualFollow, type TestAccount } from '../../test/helpers/factories.js';
import { call, createCast, type Cast } from '../../test/helpers/messaging.js';
import { b64, encodeMessage, MlsDevice, type Envelope } from '../../test/helpers/mls.js';
import { chatPushPayload, pushQueueFor, type ChatPush } from '../push/delivery.js';
import { userChannel, type StreamMessage } from '../streaming/bus.js';
import { sweepRetention } from './delivery.js';

const FM = '/api/v1/friend_messages';

describeEachDialect('encrypted chats: ordering and delivery', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let erin: TestAccount;
  let pushes: { recipientId: string; chat?: ChatPush }[] = [];

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    erin = await createAccount(server, { username: 'erin', display_name: 'Erin' });
    for (const pal of [cast.alice, cast.bob, cast.carol]) await mutualFollow(server, pal, erin);
    const queue = pushQueueFor(server.ctx);
    queue.enqueue = (job) => void pushes.push(job);
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    pushes = [];
  });

  const envelopesOf = (conversationId: string) =>
    server.db
      .selectFrom('e2ee_envelopes')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute();
  const mlsOf = async (conversationId: string, column: 'mls_epoch' | 'mls_seq') =>
    Number(
      (
        await server.db
          .selectFrom('conversations')
          .select(column)
          .where('id', '=', conversationId)
          .executeTakeFirstOrThrow()
      )[column],
    );
  const epochOf = (conversationId: string) => mlsOf(conversationId, 'mls_epoch');
  const unread = async (who: TestAccount) =>
    (await call(server, who, 'GET', `${FM}/unread_count`)).body.unread_count;

  /** alice's group with bob and carol, every device in it. */
  async function group() {
    const alice = await new MlsDevice(server, cast.alice).register();
    const bob = await new MlsDevice(server, cast.bob).register();
    const carol = await new MlsDevice(server, cast.carol).register();
    const created = await alice.createChat([cast.bob.account.id, cast.carol.account.id], 'Pals');
    expect(created.status).toBe(201);
    await bob.sync();
    await carol.sync();
    return { alice, bob, carol, id: alice.conversationId };
  }

  it('delivers a one-to-one chat in order, counts unread messages but not signals, and pushes only the fixed text', async () => {
    const alice = await new MlsDevice(server, cast.alice).register();
    const bob = await new MlsDevice(server, cast.bob).register();
    const created = await alice.createChat([cast.bob.account.id]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ encrypted: true, mls_epoch: 1, is_group: false });
    // the pair has a chat now: a second one is refused with its id
    const again = await new MlsDevice(server, cast.bob).register();
    const duplicate = await again.createChat([cast.alice.account.id]);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.conversation_id).toBe(alice.conversationId);

    // plain text never enters it, by conversation or by recipient
    for (const target of [{ conversation_id: alice.conversationId }, { recipient_id: cast.bob.account.id }]) {
      const plain = await call(server, cast.alice, 'POST', FM, { ...target, content: 'in clear' });
      expect(plain.status).toBe(422);
    }
    expect((await alice.send('hello bob')).status).toBe(201);
    expect(await unread(cast.bob)).toBe(1);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push?.recipientId).toBe(cast.bob.account.id);
    const payload = chatPushPayload(push?.chat as ChatPush, 'en', null);
    expect(payload).toMatchObject({
      title: 'Alice',
      body: 'New encrypted message',
      notification_type: 'chat_message',
    });
    expect(JSON.stringify(payload)).not.toContain('hello');

    // a receipt is a signal: no unread count, no push
    expect((await alice.send('read receipt', { signal: true })).status).toBe(201);
    expect(await unread(cast.bob)).toBe(1);
    expect(pushes).toHaveLength(1);

    expect(await bob.sync()).toEqual(['hello bob', 'read receipt']);
    const reply = await bob.send('hello alice');
    expect(reply.body).toMatchObject({
      kind: 'application',
      epoch: 1,
      signal: false,
      sender_device_id: bob.id,
    });
    expect(await alice.sync()).toEqual(['hello alice']);
    // acknowledged by every device it was for: gone
    expect(await envelopesOf(alice.conversationId)).toEqual([]);

    const list = await call(server, cast.alice, 'GET', `${FM}/conversations`);
    const [row] = list.json as { id: string; last_message: Record<string, unknown> }[];
    expect(row?.id).toBe(alice.conversationId);
    expect(row?.last_message).toMatchObject({ content: '', encrypted: true, sender_id: cast.bob.account.id });

    // a block either way stops what is said, as in a plain chat, until it is lifted
    const chatPath = `${FM}/conversations/${alice.conversationId}`;
    expect((await call(server, cast.bob, 'POST', `${chatPath}/block_user`)).status).toBe(200);
    const blocked = await alice.send('are you there?');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('This user has blocked you. You cannot send messages.');
    expect((await bob.send('bye', { signal: true })).status).toBe(403);
    expect((await call(server, cast.bob, 'POST', `${chatPath}/unblock_user`)).status).toBe(200);
    expect((await alice.send('are you there?')).status).toBe(201);
    await mutualFollow(server, cast.alice, cast.bob); // a block ended their follows: the groups below need them
  });

  it('accepts the first commit of an epoch only, also when two race', async () => {
    const { alice, bob, carol, id } = await group();
    const pastEpoch = await carol.encrypt('said at epoch 1, posted at 2');
    const first = await alice.commitEmpty();
    const second = await bob.commitEmpty();
    const [a, b] = await Promise.all([
      alice.post({ message: encodeMessage(first.commit) }),
      bob.post({ message: encodeMessage(second.commit) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.json).toEqual({ error: 'Epoch mismatch', epoch: 2 });
    expect(await epochOf(id)).toBe(2);
    const commits = (await envelopesOf(id)).filter((row) => row.kind === 'commit' && Number(row.epoch) === 1);
    expect(commits).toHaveLength(1);

    // a message of the epoch before a commit is refused with nothing written: no seq, envelope or unread count
    const seqOf = () => mlsOf(id, 'mls_seq');
    const [seqBefore, envelopesBefore, unreadBefore] = [
      await seqOf(),
      await envelopesOf(id),
      await unread(cast.alice),
    ];
    const late = await carol.post({ message: pastEpoch });
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ error: 'Epoch mismatch', epoch: 2 });
    expect(await seqOf()).toBe(seqBefore);
    expect(await envelopesOf(id)).toEqual(envelopesBefore);
    expect(await unread(cast.alice)).toBe(unreadBefore);

    // the loser applies the winner and tries again at the new epoch
    const [winner, loser] = a.status === 201 ? [alice, bob] : [bob, alice];
    winner.state = (a.status === 201 ? first : second).newState;
    await loser.sync();
    await carol.sync();
    expect((await loser.send('after the race')).status).toBe(201);
    expect(await carol.sync()).toEqual(['after the race']);
    // messages sent at once each take their own place in the order
    await Promise.all([alice.sync(), bob.sync()]);
    const sends = await Promise.all([alice.send('one'), bob.send('two'), carol.send('three')]);
    expect(sends.map((sent) => sent.status)).toEqual([201, 201, 201]);
    const seqs = sends.map((sent) => Number(sent.body.seq)).sort((x, y) => x - y);
    expect(seqs).toEqual([seqs[0], (seqs[0] ?? 0) + 1, (seqs[0] ?? 0) + 2]);
    // a message of a past epoch is refused too
    const stale = await alice.post({ message: encodeMessage(first.commit) });
    expect(stale.status).toBe(409);
  });

  it("serves a device only from the Welcome that added it, applies the admin's rules to membership commits", async () => {
    const { alice, bob, carol, id } = await group();
    await alice.send('before erin');
    const erinDevice = await new MlsDevice(server, erin).register();

    // only the admin adds people: bob's commit is refused and nothing changes
    const epoch = await epochOf(id);
    bob.conversationId = id;
    const refused = await bob.addPeople([erin.account.id]);
    expect(refused.status).toBe(403);
    expect(await epochOf(id)).toBe(epoch);
    // a plain add without the commit is refused in an encrypted chat
    expect(
      (
        await call(server, cast.alice, 'POST', `${FM}/conversations/${id}/add_participants`, {
          participant_ids: [erin.account.id],
        })
      ).status,
    ).toBe(422);

    await erinDevice.uploadKeyPackages(1);
    const added = await alice.addPeople([erin.account.id]);
    expect(added.status).toBe(200);
    expect(await epochOf(id)).toBe(epoch + 1);
    await alice.send('welcome erin');
    expect(await erinDevice.sync()).toEqual(['welcome erin']);
    const seen = (await erinDevice.fetch(id)).json as Envelope[];
    expect(seen).toEqual([]);
    const welcome = (await envelopesOf(id)).find((row) => row.target_device_id === erinDevice.id);
    expect(welcome?.kind).toBe('welcome');
    // bob and carol never get erin's Welcome
    expect(await bob.sync()).toEqual(['before erin', 'welcome erin']);
    expect(await carol.sync()).toEqual(['before erin', 'welcome erin']);

    // the admin cannot remove themselves; removing carol with the commit takes her out at once
    const self = await alice.commitEmpty();
    const selfRemoval = await call(
      server,
      cast.alice,
      'POST',
      `${FM}/conversations/${id}/remove_participants`,
      {
        participant_ids: [cast.alice.account.id],
        mls: { device_id: alice.id, message: encodeMessage(self.commit) },
      },
    );
    expect(selfRemoval.status).toBe(422);
    const removal = await alice.removeLeavesOf([carol.identity], (message) => ({
      participant_ids: [cast.carol.account.id],
      mls: { device_id: alice.id, message },
    }));
    const removed = await call(
      server,
      cast.alice,
      'POST',
      `${FM}/conversations/${id}/remove_participants`,
      removal.request,
    );
    expect(removed.status).toBe(200);
    alice.state = removal.result.newState;
    await alice.send('carol is gone');
    expect((await carol.fetch(id)).status).toBe(403);
    expect(await bob.sync()).toEqual(['carol is gone']);
    expect(await erinDevice.sync()).toEqual(['carol is gone']);
  });

  it('makes leaves pending removals (left, removed without a commit, device removed) until a commit removes them', async () => {
    const { alice, bob, carol, id } = await group();
    expect(
      (
        await call(server, cast.alice, 'POST', `${FM}/conversations/${id}/remove_participants`, {
          participant_ids: [cast.carol.account.id],
        })
      ).status,
    ).toBe(200);
    const revoked = await call(server, cast.bob, 'DELETE', `/api/v1/e2ee/devices/${bob.id}`);
    expect(revoked.json).toEqual({});
    const pending = await call(
      server,
      cast.alice,
      'GET',
      `/api/v1/e2ee/conversations/${id}/pending_removals`,
    );
    expect(pending.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account_id: cast.carol.account.id,
          device_id: carol.id,
          reason: 'removed',
        }),
        {
          account_id: cast.bob.account.id,
          device_id: bob.id,
          reason: 'device_revoked',
          signature_public_key: b64(bob.publicKey),
        },
      ]),
    );
    expect((await bob.fetch(id)).status).toBe(410);
    expect((await carol.fetch(id)).status).toBe(403);
    // a removed device says nothing more (410), nor does anyone through another person's device (404)
    const envelopesBefore = await envelopesOf(id);
    expect((await bob.send('still here?')).status).toBe(410);
    const throughCarol = await alice.post({ message: await alice.encrypt('as carol'), device_id: carol.id });
    expect(throughCarol.status).toBe(404);
    expect(await envelopesOf(id)).toEqual(envelopesBefore);

    // any member commits the removals (no admin needed); the first commit of the epoch clears them
    const pendingIds = (pending.json as { device_id: string }[]).map((row) => row.device_id);
    const commit = await alice.removeLeavesOf([carol.identity, bob.identity], (message) => ({
      message,
      remove_device_ids: pendingIds,
    }));
    const posted = await alice.post(commit.request);
    expect(posted.status).toBe(201);
    expect(
      (await call(server, cast.alice, 'GET', `/api/v1/e2ee/conversations/${id}/pending_removals`)).json,
    ).toEqual([]);
  });

  it('relays typing without storing it, and sweeps what is past the retention limit', async () => {
    const { alice, bob, id } = await group();
    const before = (await envelopesOf(id)).length;
    const typing = await alice.send('typing', { ephemeral: true });
    expect(typing.status).toBe(202);
    expect(typing.json).toEqual({ status: 'relayed' });
    expect(await envelopesOf(id)).toHaveLength(before);

    await alice.send('kept a while');
    expect((await envelopesOf(id)).length).toBeGreaterThan(0);
    await sweepRetention(server.ctx);
    expect((await envelopesOf(id)).length).toBeGreaterThan(0);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/v1/e2ee/media?conversation_id=${id}`,
      headers: { authorization: `Bearer ${cast.alice.token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from([1, 2, 3, 4]),
    });
    expect(upload.statusCode).toBe(201);
    const later = Date.now() + (server.config.e2eeRetentionDays + 1) * 86_400_000;
    expect(await sweepRetention(server.ctx, later)).toMatchObject({ media: 1 });
    expect(await envelopesOf(id)).toEqual([]);
    expect(await bob.sync()).toEqual([]);
  });

  it('streams envelopes, Welcomes to their device, typing, devices and pending removals: ciphertext and ids only', async () => {
    const streamed: Record<string, StreamMessage[]> = {};
    const listen = (who: TestAccount) => {
      const list: StreamMessage[] = (streamed[who.account.id] = []);
      return server.ctx.bus.subscribe(userChannel(who.account.id), (message) => void list.push(message));
    };
    const stops = [listen(cast.alice), listen(cast.bob), listen(erin)];
    const eventsOf = (who: TestAccount, event: string) =>
      (streamed[who.account.id] ?? [])
        .filter((message) => message.event === event)
        .map((message) => JSON.parse(message.payload) as Record<string, unknown>);
    try {
      const { alice, bob, id } = await group();
      // a device is announced with its first key packages: before them nobody could add it
      const erinDevice = await new MlsDevice(server, erin).register(0);
      const erinsDevices = () =>
        eventsOf(erin, 'e2ee_devices_changed').filter((event) => event.account_id === erin.account.id);
      expect(erinsDevices()).toEqual([]);
      await erinDevice.uploadKeyPackages(3);
      expect(eventsOf(erin, 'e2ee_devices_changed')).toContainEqual({ account_id: erin.account.id });
      expect(eventsOf(cast.bob, 'e2ee_message').some((envelope) => envelope.kind === 'welcome')).toBe(true);
      expect(eventsOf(cast.alice, 'e2ee_message').some((envelope) => envelope.kind === 'welcome')).toBe(
        false,
      );

      const sent = await alice.send('a secret');
      expect(eventsOf(cast.bob, 'e2ee_message')).toContainEqual(sent.json);
      await alice.send('typing…', { ephemeral: true });
      expect(eventsOf(cast.bob, 'e2ee_ephemeral')).toEqual([
        expect.objectContaining({
          conversation_id: id,
          sender_id: cast.alice.account.id,
          sender_device_id: alice.id,
        }),
      ]);
      await call(server, cast.bob, 'DELETE', `/api/v1/e2ee/devices/${bob.id}`);
      expect(eventsOf(cast.alice, 'e2ee_pending_removals')).toContainEqual({ conversation_id: id });
      // everyone who shares an encrypted chat with bob hears of his devices
      expect(eventsOf(cast.alice, 'e2ee_devices_changed')).toContainEqual({
        account_id: cast.bob.account.id,
      });
      const everything = Object.values(streamed)
        .flat()
        .map((message) => message.payload)
        .join('');
      expect(everything).not.toContain('a secret');
      expect(everything).not.toContain('typing…');
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('takes the envelopes, cursors and encrypted files of a dissolved chat with it', async () => {
    const { alice, id } = await group();
    await alice.send('soon gone');
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/v1/e2ee/media?conversation_id=${id}`,
      headers: { authorization: `Bearer ${cast.alice.token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('ciphertext of a photo'),
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json<{ url: string }>();
    const file = path.join(server.config.mediaDir, url.slice(`${server.config.publicUrl}/system/`.length));
    expect(fs.existsSync(file)).toBe(true);
    const served = await server.app.inject({ url: url.slice(server.config.publicUrl.length) });
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.headers['content-type']).toBe('application/octet-stream');

    expect((await call(server, cast.alice, 'DELETE', `${FM}/conversations/${id}`)).status).toBe(200);
    expect(await envelopesOf(id)).toEqual([]);
    expect(
      await server.db.selectFrom('e2ee_cursors').selectAll().where('conversation_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await server.db.selectFrom('e2ee_media').selectAll().where('conversation_id', '=', id).execute(),
    ).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });
});
