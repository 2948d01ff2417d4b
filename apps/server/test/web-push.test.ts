import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { sql } from 'kysely';
import { createRestAPIClient, MastoHttpError, type mastodon } from 'masto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { issueToken } from '../src/auth/oauth-service.js';
import { destroySession } from '../src/auth/sessions.js';
import { sha256 } from '../src/lib/crypto.js';
import { pushQueueFor } from '../src/push/delivery.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';

interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's push subscription keys: the P-256 pair that decrypts and the auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Web Push through the `masto` client: a subscription per token, encrypted pushes (RFC 8291) sent to a push
 * service served here on loopback, honouring alerts and the policy, and gone when the service says 410.
 */
describeEachDialect('web push', (dialect) => {
  let server: TestServer;
  let url: string;
  let pushService: http.Server;
  let pushBase: string;
  let received: ReceivedPush[] = [];
  let pia: TestAccount;
  let otto: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect, { allowedPrivateAddresses: ['127.0.0.1'] });
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    pushService = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(request.url?.startsWith('/gone') ? 410 : 201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    pia = await createAccount(server, { username: 'pia', display_name: 'Pia' });
    otto = await createAccount(server, { username: 'otto', display_name: 'Otto' });
  });
  afterAll(async () => {
    await new Promise((resolve) => pushService.close(resolve));
    await server.close();
  });
  beforeEach(() => {
    received = [];
  });

  async function clientFor(who: TestAccount): Promise<mastodon.rest.Client> {
    return (await tokenFor(who)).client;
  }

  async function tokenFor(who: TestAccount) {
    const registered = await createRestAPIClient({ url }).v1.apps.create({
      clientName: 'Push conformance',
      redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: 'read write follow push',
    });
    const app = await server.db
      .selectFrom('oauth_apps')
      .select('id')
      .where('client_id', '=', registered.clientId ?? '')
      .executeTakeFirstOrThrow();
    const issued = await issueToken(server.db, {
      appId: app.id,
      accountId: who.account.id,
      scopes: ['read', 'write', 'follow', 'push'],
    });
    return {
      client: createRestAPIClient({ url, accessToken: issued.token }),
      token: issued.token,
      tokenId: (
        await server.db
          .selectFrom('oauth_tokens')
          .select('id')
          .where('token_hash', '=', sha256(issued.token))
          .executeTakeFirstOrThrow()
      ).id,
      clientId: registered.clientId ?? '',
      clientSecret: registered.clientSecret ?? '',
    };
  }

  const delivered = () => pushQueueFor(server.ctx).idle();

  it('subscribes, pushes encrypted notifications by alert and policy, and unsubscribes', async () => {
    const piaClient = await clientFor(pia);
    const ottoClient = await clientFor(otto);
    const keys = browserKeys();
    const instance = await piaClient.v2.instance.fetch();
    const serverKey = (instance.configuration as { vapid?: { publicKey?: string } }).vapid?.publicKey;
    expect(serverKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    // standard: RFC 8291's aes128gcm (Mastodon 4.4); masto does not type the flag
    const standardSubscription = {
      endpoint: `${pushBase}/push/pia`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      standard: true,
    };
    const subscription = await piaClient.v1.push.subscription.create({
      subscription: standardSubscription,
      data: { alerts: { follow: true, mention: true, favourite: false } },
      policy: 'all',
    });
    expect(subscription).toMatchObject({ endpoint: `${pushBase}/push/pia`, serverKey, policy: 'all' });
    expect(subscription.alerts).toMatchObject({
      follow: true,
      mention: true,
      favourite: false,
      reblog: false,
    });

    // follow: an alert that is on
    await ottoClient.v1.accounts.$select(pia.account.id).follow();
    await delivered();
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push?.path).toBe('/push/pia');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    expect(push?.headers.authorization).toContain(`k=${serverKey}`);
    const payload = JSON.parse(
      decrypt(push?.body ?? Buffer.alloc(0), {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.auth,
      }).toString('utf8'),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      notification_type: 'follow',
      title: 'Otto followed you',
      path: '/@otto',
    });
    expect(typeof payload.notification_id).toBe('string');
    received = [];

    // favourite: an alert that is off
    const own = await piaClient.v1.statuses.create({ status: 'hello' });
    await ottoClient.v1.statuses.$select(own.id).favourite();
    await delivered();
    expect(received).toHaveLength(0);

    // policy "followed": pia does not follow otto, so his mention is not pushed; once she does, it is
    await piaClient.v1.push.subscription.update({
      data: { alerts: { favourite: true } },
      policy: 'followed',
    } as never);
    const updated = await piaClient.v1.push.subscription.fetch();
    expect(updated).toMatchObject({ policy: 'followed' });
    expect(updated.alerts).toMatchObject({ follow: true, favourite: true });
    await ottoClient.v1.statuses.create({ status: '@pia are you there?' });
    await delivered();
    expect(received).toHaveLength(0);
    await piaClient.v1.accounts.$select(otto.account.id).follow();
    const mention = await ottoClient.v1.statuses.create({ status: '@pia now?' });
    await delivered();
    expect(received).toHaveLength(1);
    const mentionPayload = JSON.parse(
      decrypt(received[0]?.body ?? Buffer.alloc(0), {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.auth,
      }).toString('utf8'),
    ) as Record<string, unknown>;
    expect(mentionPayload).toMatchObject({
      notification_type: 'mention',
      title: 'Otto mentioned you',
      body: '@pia now?',
      path: `/@otto/${mention.id}`,
    });
    received = [];

    await piaClient.v1.push.subscription.remove();
    try {
      await piaClient.v1.push.subscription.fetch();
      expect.unreachable('the subscription is gone');
    } catch (error) {
      expect(error instanceof MastoHttpError && error.statusCode).toBe(404);
    }
    await ottoClient.v1.statuses.$select(own.id).unfavourite();
    await ottoClient.v1.statuses.$select(own.id).favourite();
    await delivered();
    expect(received).toHaveLength(0);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const client = await clientFor(pia);
    const keys = browserKeys();
    await client.v1.push.subscription.create({
      subscription: { endpoint: `${pushBase}/gone/pia`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      data: { alerts: { mention: true } },
      policy: 'all',
    });
    await (await clientFor(otto)).v1.statuses.create({ status: '@pia ping' });
    await delivered();
    expect(received.map((push) => push.path)).toEqual(['/gone/pia']);
    // without `standard`, the legacy draft encoding older Mastodon apps expect
    expect(received[0]?.headers['content-encoding']).toBe('aesgcm');
    expect(received[0]?.headers['crypto-key']).toMatch(/dh=/);
    const left = await server.db.selectFrom('push_subscriptions').select('id').execute();
    expect(left).toEqual([]);
  });

  it('takes keys in standard base64 as some clients send them (Mastodon.py) and encrypts with them', async () => {
    const client = await clientFor(pia);
    const keys = browserKeys();
    const standardBase64 = (value: string) => Buffer.from(value, 'base64url').toString('base64');
    await client.v1.push.subscription.create({
      subscription: {
        endpoint: `${pushBase}/push/pia-b64`,
        keys: { p256dh: standardBase64(keys.p256dh), auth: standardBase64(keys.auth) },
      },
      data: { alerts: { mention: true } },
      policy: 'all',
    });
    await (await clientFor(otto)).v1.statuses.create({ status: '@pia in standard base64' });
    await delivered();
    expect(received.map((push) => push.path)).toEqual(['/push/pia-b64']);
    const payload = JSON.parse(
      decrypt(received[0]?.body ?? Buffer.alloc(0), {
        version: 'aesgcm',
        dh: /dh=([^;,]+)/.exec(String(received[0]?.headers['crypto-key']))?.[1],
        salt: /salt=([^;,]+)/.exec(String(received[0]?.headers.encryption))?.[1],
        privateKey: keys.ecdh,
        authSecret: keys.auth,
      }).toString('utf8'),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ notification_type: 'mention' });
    await client.v1.push.subscription.remove();
  });

  /** Every value of every table, as text: where a plaintext token would show if one were stored. */
  async function databaseDump(): Promise<string> {
    const tables =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(server.db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            server.db,
          );
    const dumps = await Promise.all(
      tables.rows.map(async ({ name }) =>
        JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(server.db)).rows),
      ),
    );
    return dumps.join('\n');
  }

  it("carries the subscription's own access token in Mastodon's payload, sealed at rest, gone with the token", async () => {
    const phone = await tokenFor(pia);
    const laptop = await tokenFor(pia);
    const phoneKeys = browserKeys();
    const laptopKeys = browserKeys();
    for (const [device, keys, path] of [
      [phone, phoneKeys, 'phone'],
      [laptop, laptopKeys, 'laptop'],
    ] as const) {
      await device.client.v1.push.subscription.create({
        subscription: {
          endpoint: `${pushBase}/push/${path}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
          standard: true,
        } as never,
        data: { alerts: { mention: true } },
        policy: 'all',
      });
    }
    const dump = await databaseDump();
    expect(dump).toContain('push/phone');
    expect(dump).not.toContain(phone.token);
    expect(dump).not.toContain(laptop.token);

    const otto2 = await clientFor(otto);
    await otto2.v1.statuses.create({ status: '@pia token check' });
    await delivered();
    const payloadAt = (path: string, keys: ReturnType<typeof browserKeys>) => {
      const push = received.find((each) => each.path === path);
      return JSON.parse(
        decrypt(push?.body ?? Buffer.alloc(0), {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth,
        }).toString('utf8'),
      ) as Record<string, unknown>;
    };
    const phonePayload = payloadAt('/push/phone', phoneKeys);
    expect(Object.keys(phonePayload)).toEqual([
      'access_token',
      'preferred_locale',
      'notification_id',
      'notification_type',
      'icon',
      'title',
      'body',
      'path',
    ]);
    expect(phonePayload).toMatchObject({
      access_token: phone.token,
      preferred_locale: 'en',
      notification_type: 'mention',
      title: 'Otto mentioned you',
    });
    expect(payloadAt('/push/laptop', laptopKeys).access_token).toBe(laptop.token);
    received = [];

    // a sealed token copied onto another subscription does not open there: the field is left out, as it is for
    // subscriptions made before tokens were kept
    const rows = await server.db
      .selectFrom('push_subscriptions')
      .select(['token_id', 'sealed_access_token'])
      .where('account_id', '=', pia.account.id)
      .execute();
    const phoneRow = rows.find((row) => row.token_id === phone.tokenId);
    await server.db
      .updateTable('push_subscriptions')
      .set({ sealed_access_token: phoneRow?.sealed_access_token ?? null })
      .where('token_id', '=', laptop.tokenId)
      .execute();
    await otto2.v1.statuses.create({ status: '@pia copied seal' });
    await delivered();
    expect(payloadAt('/push/laptop', laptopKeys)).not.toHaveProperty('access_token');
    expect(payloadAt('/push/phone', phoneKeys).access_token).toBe(phone.token);
    received = [];

    // updating the subscription seals its own token again
    await laptop.client.v1.push.subscription.update({ data: { alerts: { mention: true } } });
    await otto2.v1.statuses.create({ status: '@pia after the update' });
    await delivered();
    expect(payloadAt('/push/laptop', laptopKeys).access_token).toBe(laptop.token);
    received = [];

    // revoking a token deletes its subscription and the sealed copy with it
    const revoked = await server.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: phone.clientId, client_secret: phone.clientSecret, token: phone.token },
    });
    expect(revoked.statusCode).toBe(200);
    const left = await server.db
      .selectFrom('push_subscriptions')
      .select('token_id')
      .where('account_id', '=', pia.account.id)
      .execute();
    expect(left).toEqual([{ token_id: laptop.tokenId }]);
    await laptop.client.v1.push.subscription.remove();

    // the web client subscribes with its session's token: signing out deletes both
    const session = await server.db
      .selectFrom('oauth_tokens')
      .select(['id', 'session_id'])
      .where('token_hash', '=', sha256(pia.token))
      .executeTakeFirstOrThrow();
    const web = createRestAPIClient({ url, accessToken: pia.token });
    await web.v1.push.subscription.create({
      subscription: {
        endpoint: `${pushBase}/push/web`,
        keys: { p256dh: phoneKeys.p256dh, auth: phoneKeys.auth },
      },
      data: { alerts: { mention: true } },
      policy: 'all',
    });
    const sealed = await server.db
      .selectFrom('push_subscriptions')
      .select('sealed_access_token')
      .where('token_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(sealed.sealed_access_token).toBeTruthy();
    await destroySession(server.ctx, session.session_id ?? '');
    expect(
      await server.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('account_id', '=', pia.account.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses malformed subscriptions', async () => {
    const client = await clientFor(pia);
    try {
      await client.v1.push.subscription.create({
        subscription: { endpoint: 'not a url', keys: { p256dh: '', auth: '' } },
        policy: 'all',
      });
      expect.unreachable('a malformed subscription is refused');
    } catch (error) {
      expect(error instanceof MastoHttpError && error.statusCode).toBe(422);
    }
  });
});
