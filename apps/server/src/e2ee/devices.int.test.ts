import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, type Cast } from '../../test/helpers/messaging.js';
import { b64, MlsDevice } from '../../test/helpers/mls.js';

const E2EE = '/api/v1/e2ee';

describeEachDialect('encrypted chats: devices and the key package directory', (dialect) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  const keyPackageCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('e2ee_key_packages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("registers, lists and removes one's own devices; someone else's are out of reach", async () => {
    expect((await call(server, null, 'GET', `${E2EE}/devices`)).status).toBe(401);
    const device = await new MlsDevice(server, cast.alice).register(2);
    const listed = await call(server, cast.alice, 'GET', `${E2EE}/devices`);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: device.id, name: 'Test browser', key_packages_available: 2 }),
    ]);
    const [entry] = listed.json as { fingerprint: string; signature_public_key: string }[];
    expect(entry?.signature_public_key).toBe(b64(device.publicKey));
    expect(entry?.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    expect((await call(server, cast.bob, 'GET', `${E2EE}/devices`)).json).toEqual([]);

    // bob sees alice's public devices, but cannot touch them
    expect(
      (await call(server, cast.bob, 'GET', `${E2EE}/accounts/${cast.alice.account.id}/devices`)).json,
    ).toEqual([
      expect.objectContaining({
        id: device.id,
        account_id: cast.alice.account.id,
        fingerprint: entry?.fingerprint,
      }),
    ]);
    expect((await call(server, cast.bob, 'DELETE', `${E2EE}/devices/${device.id}`)).status).toBe(404);
    expect((await call(server, cast.bob, 'POST', `${E2EE}/devices/${device.id}/heartbeat`)).status).toBe(404);
    expect(
      (
        await call(server, cast.bob, 'POST', `${E2EE}/devices/${device.id}/key_packages`, {
          key_packages: ['AA=='],
        })
      ).status,
    ).toBe(404);

    const beat = await call(server, cast.alice, 'POST', `${E2EE}/devices/${device.id}/heartbeat`);
    expect(beat.status).toBe(200);
    expect(beat.body.id).toBe(device.id);

    // removed: gone from the lists, its key packages withdrawn, its calls answered 410
    expect((await call(server, cast.alice, 'DELETE', `${E2EE}/devices/${device.id}`)).json).toEqual({});
    expect((await call(server, cast.alice, 'GET', `${E2EE}/devices`)).json).toEqual([]);
    expect(
      (await call(server, cast.bob, 'GET', `${E2EE}/accounts/${cast.alice.account.id}/devices`)).json,
    ).toEqual([]);
    expect(await keyPackageCount()).toBe(0);
    const gone = await call(server, cast.alice, 'POST', `${E2EE}/devices/${device.id}/heartbeat`);
    expect(gone.status).toBe(410);
    expect(gone.json).toEqual({ error: 'This device was removed' });
    expect((await device.uploadKeyPackages(1)).status).toBe(410);
    expect((await call(server, cast.alice, 'GET', `${E2EE}/pending?device_id=${device.id}`)).status).toBe(
      410,
    );
  });

  it('refuses a bad signature key', async () => {
    const short = await call(server, cast.alice, 'POST', `${E2EE}/devices`, {
      name: 'x',
      signature_public_key: b64(new Uint8Array(5)),
    });
    expect(short.status).toBe(422);
    expect((await call(server, cast.alice, 'POST', `${E2EE}/devices`, { name: '' })).status).toBe(422);
  });

  it("checks every key package (identity, the device's key, MLS) and stores none when one is wrong", async () => {
    const device = await new MlsDevice(server, cast.carol).register(0);
    const other = await new MlsDevice(server, cast.carol).register(0);
    const good = MlsDevice.encodeKeyPackage((await device.newKeyPackage()).publicPackage);
    const wrongIdentity = MlsDevice.encodeKeyPackage(
      (await device.newKeyPackage(`${server.config.publicUrl}/users/alice`)).publicPackage,
    );
    const otherDevices = MlsDevice.encodeKeyPackage((await other.newKeyPackage()).publicPackage);
    const before = await keyPackageCount();
    for (const [bad, error] of [
      [wrongIdentity, "The key package's credential is not this account's"],
      [otherDevices, "The key package's signature key is not this device's"],
      [b64(new Uint8Array([0, 1, 0, 5])), 'Invalid key package: Not an MLS message'],
    ] as const) {
      const refused = await call(server, cast.carol, 'POST', `${E2EE}/devices/${device.id}/key_packages`, {
        key_packages: [good, bad],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe(error);
      expect(await keyPackageCount()).toBe(before);
    }
    const accepted = await call(server, cast.carol, 'POST', `${E2EE}/devices/${device.id}/key_packages`, {
      key_packages: [good],
    });
    expect(accepted.json).toEqual({ key_packages_available: 1 });
    const again = await call(server, cast.carol, 'POST', `${E2EE}/devices/${device.id}/key_packages`, {
      key_packages: [good],
    });
    expect(again.status).toBe(422);
    expect(await keyPackageCount()).toBe(before + 1);
  });

  it('hands each key package out once, even to concurrent claims, one per device', async () => {
    const bob1 = await new MlsDevice(server, cast.bob).register(3);
    const bob2 = await new MlsDevice(server, cast.bob).register(1);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(server, cast.alice, 'POST', `${E2EE}/key_packages/claim`, {
          account_ids: [cast.bob.account.id],
        }),
      ),
    );
    const handedOut = claims.flatMap(
      (claim) => claim.body.key_packages as { device_id: string; key_package: string }[],
    );
    expect(handedOut).toHaveLength(4);
    expect(new Set(handedOut.map((item) => item.key_package)).size).toBe(4);
    expect(handedOut.filter((item) => item.device_id === bob2.id)).toHaveLength(1);
    expect(handedOut.filter((item) => item.device_id === bob1.id)).toHaveLength(3);
    const empty = claims.filter((claim) => (claim.body.key_packages as unknown[]).length === 0);
    expect(empty.length).toBeGreaterThanOrEqual(2);
    for (const claim of empty)
      expect(claim.body.unavailable).toEqual([{ account_id: cast.bob.account.id, reason: 'no_devices' }]);
    const eligibility = await call(
      server,
      cast.alice,
      'GET',
      `${E2EE}/eligibility?account_ids[]=${cast.bob.account.id}&account_ids[]=${cast.carol.account.id}`,
    );
    expect(eligibility.json).toEqual(
      expect.arrayContaining([
        { account_id: cast.bob.account.id, supported: false, reason: 'no_devices' },
        { account_id: cast.carol.account.id, supported: true },
      ]),
    );
  });
});
