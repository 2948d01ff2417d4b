import { signRequest } from '@fedify/fedify';
import { Create, Note } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_KEYS_ID } from '../src/federation/keys.js';
import { newId } from '../src/lib/ids.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { runtimeOf } from '../src/federation/runtime.js';

const AP = 'application/activity+json';

type ListeningServer = TestServer & { url: string };

/** A request signed as Mastodon signs them (draft-cavage, rsa-sha256, Date/Host/Digest covered). */
async function signedAs(
  server: ListeningServer,
  accountId: string,
  keyId: string,
  url: string,
  init: RequestInit = {},
): Promise<Request> {
  const keys = await runtimeOf(server.ctx)!.keys.keyPairsOf(accountId);
  const request = new Request(url, { ...init, headers: { accept: AP, ...(init.headers ?? {}) } });
  return signRequest(request, keys.rsa.privateKey, new URL(keyId), {
    spec: 'draft-cavage-http-signatures-12',
  });
}

describe('signed fetches (draft-cavage) and inbox signatures', () => {
  let server: ListeningServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await listenFederatedServer();
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, bob, alice);
  });
  afterAll(() => server.close());

  it('shows a followers-only Note to a signed follower only', async () => {
    const status = await insertStatus(server, alice, { text: 'for my followers', visibility: 'private' });
    const url = `${server.url}/users/alice/statuses/${status.id}`;
    expect((await fetch(url, { headers: { accept: AP } })).status).toBe(404);

    const asBob = await fetch(
      await signedAs(server, bob.account.id, `${server.url}/users/bob#main-key`, url),
    );
    expect(asBob.status).toBe(200);
    const note = (await asBob.json()) as { to: string; content: string };
    expect(note.to).toBe(`${server.url}/users/alice/followers`);
    expect(note.content).toContain('for my followers');

    const asCarol = await fetch(
      await signedAs(server, carol.account.id, `${server.url}/users/carol#main-key`, url),
    );
    expect(asCarol.status).toBe(404);
  });

  it('shows a direct Note only to a signed fetch by an account it mentions (not to followers, nor /actor)', async () => {
    const status = await insertStatus(server, alice, {
      text: 'just for carol',
      visibility: 'direct',
      mentions: [carol.account.id],
    });
    const url = `${server.url}/users/alice/statuses/${status.id}`;
    expect((await fetch(url, { headers: { accept: AP } })).status).toBe(404);
    const asCarol = await fetch(
      await signedAs(server, carol.account.id, `${server.url}/users/carol#main-key`, url),
    );
    expect(asCarol.status).toBe(200);
    expect(((await asCarol.json()) as { to: string }).to).toBe(`${server.url}/users/carol`);
    // bob follows alice, which is not enough for a direct post
    const asBob = await fetch(
      await signedAs(server, bob.account.id, `${server.url}/users/bob#main-key`, url),
    );
    expect(asBob.status).toBe(404);
    const asInstance = await fetch(
      await signedAs(server, INSTANCE_KEYS_ID, `${server.url}/actor#main-key`, url),
    );
    expect(asInstance.status).toBe(404);
  });

  it('refuses a public Note to a signed fetch by an account its author blocks, as Mastodon does', async () => {
    const status = await insertStatus(server, alice, { text: 'for everyone', visibility: 'public' });
    const url = `${server.url}/users/alice/statuses/${status.id}`;
    await server.db
      .insertInto('blocks')
      .values({
        id: newId(),
        account_id: alice.account.id,
        target_account_id: carol.account.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await fetch(url, { headers: { accept: AP } })).status).toBe(200);
    const asBob = await fetch(
      await signedAs(server, bob.account.id, `${server.url}/users/bob#main-key`, url),
    );
    expect(asBob.status).toBe(200);
    const asCarol = await fetch(
      await signedAs(server, carol.account.id, `${server.url}/users/carol#main-key`, url),
    );
    expect(asCarol.status).toBe(404);
    await server.db.deleteFrom('blocks').where('account_id', '=', alice.account.id).execute();
  });

  it('verifies inbox POSTs: an unsigned one is refused, a signed activity+json body reaches Fedify intact', async () => {
    const activity = new Create({
      id: new URL(`${server.url}/users/bob/statuses/1/activity`),
      actor: new URL(`${server.url}/users/bob`),
      object: new Note({ id: new URL(`${server.url}/users/bob/statuses/1`), content: 'hello' }),
    });
    const body = JSON.stringify(await activity.toJsonLd());
    const inbox = `${server.url}/users/alice/inbox`;
    const unsigned = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body });
    expect(unsigned.status).toBe(401);
    for (const [url, contentType] of [
      [inbox, AP],
      [`${server.url}/inbox`, 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"'],
    ] as const) {
      const signed = await signedAs(server, bob.account.id, `${server.url}/users/bob#main-key`, url, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      const response = await fetch(signed);
      expect(response.status, `${url}: ${await response.text()}`).toBe(202);
    }
    // a body changed after signing no longer matches its digest
    const signed = await signedAs(server, bob.account.id, `${server.url}/users/bob#main-key`, inbox, {
      method: 'POST',
      headers: { 'content-type': AP },
      body,
    });
    const tampered = new Request(signed, { body: body.replace('hello', 'HELLO') });
    expect((await fetch(tampered)).status).toBe(401);
  });
});

describe('AUTHORIZED_FETCH', () => {
  let server: ListeningServer;
  beforeAll(async () => {
    server = await listenFederatedServer({ authorizedFetch: true });
    await createAccount(server, { username: 'alice' });
  });
  afterAll(() => server.close());

  it('refuses unsigned actor and collection GETs with 401 but serves the instance actor', async () => {
    for (const path of ['/users/alice', '/users/alice/outbox', '/users/alice/followers']) {
      expect((await fetch(`${server.url}${path}`, { headers: { accept: AP } })).status, path).toBe(401);
    }
    const instance = await fetch(`${server.url}/actor`, { headers: { accept: AP } });
    expect(instance.status).toBe(200);
    expect(((await instance.json()) as { type: string }).type).toBe('Application');
  });

  it('serves a request signed by a known key, Mastodon-style', async () => {
    const request = await signedAs(
      server,
      INSTANCE_KEYS_ID,
      `${server.url}/actor#main-key`,
      `${server.url}/users/alice`,
    );
    expect(request.headers.get('signature')).toMatch(
      /keyId=".*",algorithm="rsa-sha256",headers="\(request-target\) /,
    );
    const response = await fetch(request);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { preferredUsername: string }).preferredUsername).toBe('alice');
  });
});
