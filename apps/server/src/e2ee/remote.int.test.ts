import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountRow } from '../auth/viewer.js';
import type { FederationPort } from '../federation-port.js';
import { accountRow } from '../../test/helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, type Cast } from '../../test/helpers/messaging.js';
import { encodeMessage, MlsDevice } from '../../test/helpers/mls.js';
import { acceptRemoteEnvelope, storeRemoteKeyPackages, withdrawRemoteKeyPackage } from './remote.js';

describeEachDialect('encrypted chats: the domain commands of the inbox', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  let rita: AccountRow;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    rita = accountRow('rita', { domain: 'remote.example', uri: 'https://remote.example/users/rita' });
    await server.db.insertInto('accounts').values(rita).execute();
    // the federation port's answers: rita's server speaks the draft (its collection is cached by the test)
    server.ctx.federation = {
      encryptionSupport: async (ids: readonly string[]) =>
        new Map(ids.map((id) => [id, 'supported' as const])),
      claimRemoteKeyPackages: async () => undefined,
    } as unknown as FederationPort;
  });
  afterAll(async () => server.close());

  it("caches a remote actor's valid key packages, hands each out once, withdraws them, and orders her messages", async () => {
    // rita's device: its keys live on her server; here only its key packages arrive
    const ritaDevice = await new MlsDevice(server, cast.dave).register(0);
    const [one, two, wrong] = [
      await ritaDevice.newKeyPackage(rita.uri ?? ''),
      await ritaDevice.newKeyPackage(rita.uri ?? ''),
      await ritaDevice.newKeyPackage(`${server.config.publicUrl}/users/alice`),
    ];
    const stored = await storeRemoteKeyPackages(server.ctx, rita, [
      { uri: 'https://remote.example/kp/1', keyPackage: MlsDevice.encodeKeyPackage(one.publicPackage) },
      { uri: 'https://remote.example/kp/2', keyPackage: MlsDevice.encodeKeyPackage(two.publicPackage) },
      { uri: 'https://remote.example/kp/3', keyPackage: MlsDevice.encodeKeyPackage(wrong.publicPackage) },
      { uri: 'https://remote.example/kp/4', keyPackage: 'AAAA' },
    ]);
    expect(stored).toEqual({ stored: 2, skipped: 2 });
    expect(await withdrawRemoteKeyPackage(server.ctx, 'https://remote.example/kp/2')).toBe(true);
    expect(await withdrawRemoteKeyPackage(server.ctx, 'https://remote.example/kp/2')).toBe(false);

    const alice = await new MlsDevice(server, cast.alice).register();
    const created = await alice.createChat([rita.id]);
    expect(created.status).toBe(201);
    const none = await call(server, cast.bob, 'POST', '/api/v1/e2ee/key_packages/claim', {
      account_ids: [rita.id],
    });
    expect(none.body.unavailable).toEqual([{ account_id: rita.id, reason: 'no_devices' }]);

    await ritaDevice.join({ message: alice.lastWelcome });
    const message = await ritaDevice.encrypt('hello from afar');
    const input = {
      conversationId: alice.conversationId,
      sender: rita,
      message,
      signal: false,
      remoteId: 'https://remote.example/objects/1',
    };
    const ordered = await acceptRemoteEnvelope(server.ctx, input);
    expect(ordered).toMatchObject({
      status: 'ordered',
      envelope: { sender_id: rita.id, sender_device_id: null },
    });
    expect((await acceptRemoteEnvelope(server.ctx, input)).status).toBe('duplicate');
    expect(await alice.sync()).toEqual(['hello from afar']);

    // a commit of an epoch the chat has left is dropped
    const commit = await alice.commitEmpty();
    expect((await alice.post({ message: encodeMessage(commit.commit) })).status).toBe(201);
    const stale = await acceptRemoteEnvelope(server.ctx, {
      ...input,
      message: await ritaDevice.encrypt('too late'),
      remoteId: 'https://remote.example/objects/2',
    });
    expect(stale).toEqual({ status: 'stale', epoch: 2 });
    // someone outside the chat is refused
    await expect(
      acceptRemoteEnvelope(server.ctx, { ...input, sender: cast.bob.account, remoteId: 'x' }),
    ).rejects.toThrow();
  });

  it('keeps what the reporter of an encrypted chat reveals, shown to moderators as revealed', async () => {
    const alice = await new MlsDevice(server, cast.alice).register();
    await new MlsDevice(server, cast.carol).register();
    const created = await alice.createChat([cast.carol.account.id]);
    const id = String(created.body.id);
    const revealed = {
      message_id: 'urn:uuid:1',
      sender_id: cast.carol.account.id,
      content: 'rude words',
      created_at: '2026-11-29T10:00:00Z',
    };
    const refused = await call(
      server,
      cast.alice,
      'POST',
      `/api/v1/friend_messages/conversations/${id}/report`,
      {
        reason: 'harassment',
        revealed_messages: [{ ...revealed, sender_id: cast.dave.account.id }],
      },
    );
    expect(refused.status).toBe(422);
    const report = await call(
      server,
      cast.alice,
      'POST',
      `/api/v1/friend_messages/conversations/${id}/report`,
      {
        reason: 'harassment',
        revealed_messages: [revealed],
      },
    );
    expect(report.status).toBe(201);
    const row = await server.db
      .selectFrom('reports')
      .select('revealed_messages')
      .where('id', '=', String(report.body.report_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.revealed_messages ?? '[]')).toEqual([revealed]);
  });
});
