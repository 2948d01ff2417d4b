import { defaultCapabilities, defaultLifetime, generateKeyPackage } from 'ts-mls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/factories.js';
import { mastodonActivities } from '../../../test/helpers/activitypub.js';
import { listenFederatedServer } from '../../../test/helpers/federation.js';
import type { TestServer } from '../../../test/helpers/harness.js';
import { MlsDevice, mlsSuite } from '../../../test/helpers/mls.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from '../../../test/helpers/remote-server.js';
import { claimRemoteKeyPackages } from './port.js';
import {
  AS_PUBLIC,
  collectionChangeOf,
  createOf,
  deleteOf,
  mlsObject,
  withMlsContext,
} from './vocabulary.js';

// The MLS draft's directory across servers: a local person's keyPackages served and announced (Create + Add to
// followers), and a remote person's KeyPackage life cycle taken into the directory's cache, checked on arrival.

const ACTIVITY_JSON = { accept: 'application/activity+json' };

/** A KeyPackage (MLSMessage, base64) whose credential names `identity`, as a remote person's client makes one. */
async function keyPackageOf(identity: string): Promise<string> {
  const made = await generateKeyPackage(
    { credentialType: 'basic', identity: new TextEncoder().encode(identity) },
    defaultCapabilities(),
    defaultLifetime,
    [],
    await mlsSuite(),
  );
  return MlsDevice.encodeKeyPackage(made.publicPackage);
}

describe('the MLS directory across servers', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let carol: RemoteActor;
  let mallory: RemoteActor;
  let alice: TestAccount;
  const { activity } = mastodonActivities();
  const inbox = () => `${server.url}/inbox`;
  const cachedKeyPackage = (uri: string) =>
    server.db.selectFrom('e2ee_key_packages').selectAll().where('remote_uri', '=', uri).executeTakeFirst();

  beforeAll(async () => {
    remote = await startRemoteServer();
    carol = await remote.addActor('carol');
    mallory = await remote.addActor('mallory');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    for (const actor of [carol, mallory])
      await remote.post(inbox(), activity(actor, 'Update', actor.document));
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('accounts').select('id').where('uri', '=', mallory.id).executeTakeFirst(),
      ),
    );
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it("serves a local person's keyPackages, announces new ones to followers, and each KeyPackage object", async () => {
    // carol follows alice: her server gets alice's key package life cycle
    await remote.post(inbox(), activity(carol, 'Follow', `${server.url}/users/alice`));
    await remote.waitForActivity((received) => received.activity.type === 'Accept');
    const device = await new MlsDevice(server, alice).register(2);

    const actor = (await (
      await fetch(`${server.url}/users/alice`, { headers: ACTIVITY_JSON })
    ).json()) as Record<string, unknown>;
    expect(actor['@context']).toContainEqual({
      mls: 'https://purl.archive.org/socialweb/mls#',
      keyPackages: 'mls:keyPackages',
    });
    const keyPackages = actor.keyPackages as { id: string; totalItems: number; items: string[] };
    expect(keyPackages).toMatchObject({
      type: 'Collection',
      id: `${server.url}/users/alice/keyPackages`,
      totalItems: 2,
    });
    const collection = await fetch(keyPackages.id, { headers: ACTIVITY_JSON });
    expect(await collection.json()).toMatchObject({ totalItems: 2, items: keyPackages.items });
    const object = (await (
      await fetch(keyPackages.items[0] ?? '', { headers: ACTIVITY_JSON })
    ).json()) as Record<string, unknown>;
    expect(object).toMatchObject({
      id: keyPackages.items[0],
      type: ['Object', 'KeyPackage'],
      attributedTo: `${server.url}/users/alice`,
      to: AS_PUBLIC,
      mediaType: 'message/mls',
      encoding: 'base64',
    });
    expect((await fetch(`${keyPackages.id}/1234`, { headers: ACTIVITY_JSON })).status).toBe(404);

    // Create then Add, to the follower's server, public
    const create = await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Create' &&
        (received.activity.object as { id?: string }).id === keyPackages.items[0],
    );
    expect(create.activity.to).toBe(AS_PUBLIC);
    expect(create.activity['@context']).toEqual(
      expect.arrayContaining([
        'https://www.w3.org/ns/activitystreams',
        'https://purl.archive.org/socialweb/mls',
      ]),
    );
    const add = await remote.waitForActivity(
      (received) => received.activity.type === 'Add' && received.activity.object === keyPackages.items[0],
    );
    expect(add.activity.target).toBe(keyPackages.id);
    expect(device.id).not.toBe('');
  });

  it("keeps a remote person's KeyPackage until its owner withdraws it, and only its owner's", async () => {
    const id = `${carol.id}/keyPackages/1`;
    const generator = { id: `${remote.url}/actor`, name: 'Elsewhere' };
    const object = (attributedTo: string, objectId = id) =>
      mlsObject({ id: objectId, type: 'KeyPackage', attributedTo, to: [AS_PUBLIC], content: '', generator });
    const content = await keyPackageOf(carol.id);
    const post = (json: Record<string, unknown>) => remote.post(inbox(), json);

    // mallory cannot put a key package in carol's name, nor carol one with someone else's credential
    await post(createOf({ id: `${id}#forged`, actor: mallory.id, object: { ...object(carol.id), content } }));
    const otherCredential = await keyPackageOf(mallory.id);
    const second = `${carol.id}/keyPackages/2`;
    await post(
      createOf({
        id: `${second}#create`,
        actor: carol.id,
        object: { ...object(carol.id, second), content: otherCredential },
      }),
    );
    // a valid one is taken
    await post(createOf({ id: `${id}#create`, actor: carol.id, object: { ...object(carol.id), content } }));
    await post(
      collectionChangeOf('Add', {
        id: `${id}#add`,
        actor: carol.id,
        object: id,
        target: `${carol.id}/keyPackages`,
      }),
    );
    await waitUntil(async () => Boolean(await cachedKeyPackage(id)));
    expect(await cachedKeyPackage(second)).toBeUndefined();
    expect((await cachedKeyPackage(id))?.claimed_at).toBeNull();

    // someone else's Delete changes nothing; the owner's withdraws it
    await post(deleteOf({ id: `${id}#mallory-delete`, actor: mallory.id, object: id }));
    // a sentinel after it (one queue worker takes the activities in order)
    const third = `${carol.id}/keyPackages/3`;
    const sentinel = await keyPackageOf(carol.id);
    await post(
      createOf({
        id: `${third}#create`,
        actor: carol.id,
        object: { ...object(carol.id, third), content: sentinel },
      }),
    );
    await waitUntil(async () => Boolean(await cachedKeyPackage(third)));
    expect(await cachedKeyPackage(id)).toBeDefined();
    await post(deleteOf({ id: `${id}#delete`, actor: carol.id, object: id }));
    await waitUntil(async () => (await cachedKeyPackage(id)) === undefined);

    // a claim reads carol's collection afresh: what it lists is cached, what it no longer lists is dropped
    const fourth = `${carol.id}/keyPackages/4`;
    remote.updateActor('carol', {
      '@context': [
        ...(carol.document['@context'] as unknown[]),
        { mls: 'https://purl.archive.org/socialweb/mls#', keyPackages: 'mls:keyPackages' },
      ],
      keyPackages: { type: 'Collection', id: `${carol.id}/keyPackages`, totalItems: 1, items: [fourth] },
    });
    remote.serve(
      new URL(fourth).pathname,
      withMlsContext({ ...object(carol.id, fourth), content: await keyPackageOf(carol.id) }),
    );
    const carolRow = await server.db
      .selectFrom('accounts')
      .select('id')
      .where('uri', '=', carol.id)
      .executeTakeFirstOrThrow();
    await claimRemoteKeyPackages(server.ctx, [carolRow.id]);
    expect(await cachedKeyPackage(fourth)).toBeDefined();
    expect(await cachedKeyPackage(third)).toBeUndefined();
  });
});
