import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSession } from '../src/auth/sessions.js';
import { runAdminCommand } from '../src/cli/commands.js';
import { newId } from '../src/lib/ids.js';
import { randomToken, sha256 } from '../src/lib/crypto.js';
import { nowIso } from '../src/lib/time.js';
import { RedisEventBus } from '../src/streaming/redis-bus.js';
import { CLOSE_CREDENTIALS_REVOKED } from '../src/streaming/revocations.js';
import { csrfHeaders } from './helpers/auth.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  type TestServer,
} from './helpers/harness.js';
import { openProbe, refusedHandshake, streamingUrl, type ProbeSocket } from './helpers/probe-socket.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from './helpers/redis.js';
import { createScaledOut, type ScaledOut } from './helpers/scaled-out.js';
import type { Db } from '../src/db/index.js';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 12, item 1: a streaming socket lives no longer than its credentials. Revoking its token, signing its
 * session out or disabling its account closes it within a second, on every process.
 */

const FM = '/api/v1/friend_messages';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let serial = 0;

interface AppToken {
  token: string;
  clientId: string;
  clientSecret: string;
}

/** A third-party app and a token it holds for `account`, as the authorization-code flow would leave them. */
async function appToken(app: FastifyInstance, db: Db, account: TestAccount): Promise<AppToken> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/apps',
    payload: { client_name: 'Probe', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write' },
  });
  const { client_id: clientId, client_secret: clientSecret } = created.json<{
    client_id: string;
    client_secret: string;
  }>();
  const row = await db
    .selectFrom('oauth_apps')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  const token = randomToken();
  await db
    .insertInto('oauth_tokens')
    .values({
      id: newId(),
      token_hash: sha256(token),
      app_id: row.id,
      account_id: account.account.id,
      session_id: null,
      scopes: 'read write',
      created_at: nowIso(),
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  return { token, clientId, clientSecret };
}

async function pals(db: Db): Promise<{ reader: TestAccount; writer: TestAccount }> {
  serial += 1;
  const reader = await createAccount({ db }, { username: `reader${serial}` });
  const writer = await createAccount({ db }, { username: `writer${serial}` });
  await mutualFollow({ db }, reader, writer);
  return { reader, writer };
}

async function sendMessage(app: FastifyInstance, from: TestAccount, to: TestAccount, content: string) {
  const response = await app.inject({
    method: 'POST',
    url: FM,
    headers: { authorization: `Bearer ${from.token}` },
    payload: { recipient_id: to.account.id, content },
  });
  expect(response.statusCode).toBe(201);
}

/** Asserts the socket closed as revoked within `withinMs` of `since`. */
async function expectRevokedClose(probe: ProbeSocket, since: number, withinMs = 1000): Promise<void> {
  const outcome = await Promise.race([probe.closed, pause(withinMs + 500).then(() => null)]);
  expect(outcome, 'the socket stayed open').not.toBeNull();
  expect(outcome?.code).toBe(CLOSE_CREDENTIALS_REVOKED);
  expect(outcome!.at - since).toBeLessThan(withinMs);
}

const userStream = (wsBase: string, token: string) =>
  streamingUrl(wsBase, { stream: 'user', access_token: token });

describeEachDialect('streaming sockets and revoked credentials', (dialect) => {
  let server: TestServer;
  let wsBase: string;
  const probes: ProbeSocket[] = [];
  const open = async (url: string, headers?: Record<string, string>) => {
    const probe = await openProbe(url, { headers });
    probes.push(probe);
    await pause(50); // subscribing is asynchronous
    return probe;
  };

  beforeAll(async () => {
    server = await createTestServer(dialect);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = address.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.close()));
    await server.close();
  });

  it("closes a socket within 1 s of its token's revocation, and only that socket", async () => {
    const { reader, writer } = await pals(server.db);
    const client = await appToken(server.app, server.db, reader);
    const revoked = await open(userStream(wsBase, client.token));
    const web = await open(userStream(wsBase, reader.token));
    await sendMessage(server.app, writer, reader, 'before');
    expect(await revoked.waitFor('friend_message')).toBe(true);

    const since = Date.now();
    const revoke = await server.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: client.clientId, client_secret: client.clientSecret, token: client.token },
    });
    expect(revoke.statusCode).toBe(200);
    await expectRevokedClose(revoked, since);

    await sendMessage(server.app, writer, reader, 'after');
    await pause(200);
    expect(revoked.received.filter((entry) => entry.event === 'friend_message')).toHaveLength(1);
    expect(web.received.filter((entry) => entry.event === 'friend_message')).toHaveLength(2);
    expect((await refusedHandshake(userStream(wsBase, client.token))).status).toBe(401);
  });

  it("closes the page's sockets on sign-out: the web token's and the session cookie's", async () => {
    const { reader, writer } = await pals(server.db);
    const page = await createSession(server.db, reader.account.id, { userAgent: 'test', ip: '127.0.0.1' });
    const byToken = await open(userStream(wsBase, page.accessToken));
    const byCookie = await open(streamingUrl(wsBase, { stream: 'user' }), {
      cookie: `_palchat_session=${page.secret}`,
      origin: new URL(server.config.publicUrl).origin,
    });
    const otherSession = await open(userStream(wsBase, reader.token));

    const since = Date.now();
    const { cookies, headers } = csrfHeaders({ _palchat_session: page.secret });
    const signOut = await server.app.inject({ method: 'DELETE', url: '/auth/sign_out', cookies, headers });
    expect(signOut.statusCode).toBe(200);
    await expectRevokedClose(byToken, since);
    await expectRevokedClose(byCookie, since);

    await sendMessage(server.app, writer, reader, 'still here');
    expect(await otherSession.waitFor('friend_message')).toBe(true);
  });

  it('closes every socket of an account disabled from the command line', async () => {
    const { reader } = await pals(server.db);
    const client = await appToken(server.app, server.db, reader);
    const sockets = [
      await open(userStream(wsBase, reader.token)),
      await open(userStream(wsBase, client.token)),
    ];

    const since = Date.now();
    const output = { out: () => undefined, err: () => undefined };
    const code = await runAdminCommand(
      server.db,
      ['disable', reader.account.username],
      output,
      server.ctx.bus,
    );
    expect(code).toBe(0);
    for (const socket of sockets) await expectRevokedClose(socket, since);
    expect((await refusedHandshake(userStream(wsBase, reader.token))).status).toBe(401);
  });
});

describe('streaming sockets whose revocation event went missing', () => {
  let server: TestServer;
  let wsBase: string;

  beforeAll(async () => {
    server = await createTestServer('sqlite', {
      streaming: { ...loadConfig({}).streaming, recheckMs: 300 },
    });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = address.replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await server.close();
  });

  it('are closed by the next credential check', async () => {
    const { reader } = await pals(server.db);
    const kept = await pals(server.db);
    const probe = await openProbe(userStream(wsBase, reader.token));
    const untouched = await openProbe(userStream(wsBase, kept.reader.token));
    // straight into the database, as another process without a shared bus would
    await server.db
      .updateTable('accounts')
      .set({ disabled: 1 })
      .where('id', '=', reader.account.id)
      .execute();
    await expectRevokedClose(probe, Date.now(), 1000);
    await pause(400);
    expect(untouched.socket.readyState).toBe(untouched.socket.OPEN);
    await untouched.close();
  });
});

warnRedisSkipped('the cross-process revocation tests');
const scaledOut = postgresReachable && redisReachable;
describe.skipIf(!scaledOut)(`revocations across processes (PostgreSQL + Redis)`, () => {
  let cluster: ScaledOut;
  const probes: ProbeSocket[] = [];

  beforeAll(async () => {
    cluster = await createScaledOut(2);
  });
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.close()));
    await cluster.close();
  });

  const [one, two] = [0, 1];
  const instance = (index: number) => cluster.instances[index]!;
  const open = async (url: string) => {
    const probe = await openProbe(url);
    probes.push(probe);
    await pause(100);
    return probe;
  };

  it('closes on process 2 the socket of a token revoked through process 1', async () => {
    const { reader, writer } = await pals(cluster.db);
    const client = await appToken(instance(one).app, cluster.db, reader);
    const probe = await open(userStream(instance(two).wsBase, client.token));
    await sendMessage(instance(one).app, writer, reader, 'hello');
    expect(await probe.waitFor('friend_message')).toBe(true);
    const since = Date.now();
    await instance(one).app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: client.clientId, client_secret: client.clientSecret, token: client.token },
    });
    await expectRevokedClose(probe, since);
  });

  it('closes on process 2 the sockets of a session signed out on process 1', async () => {
    const { reader } = await pals(cluster.db);
    const page = await createSession(cluster.db, reader.account.id, { userAgent: 'test', ip: '127.0.0.1' });
    const probe = await open(userStream(instance(two).wsBase, page.accessToken));
    const since = Date.now();
    const { cookies, headers } = csrfHeaders({ _palchat_session: page.secret });
    await instance(one).app.inject({ method: 'POST', url: '/auth/sign_out', cookies, headers });
    await expectRevokedClose(probe, since);
  });

  it('closes on both processes the sockets of an account the admin command disables', async () => {
    const { reader } = await pals(cluster.db);
    const sockets = [
      await open(userStream(instance(one).wsBase, reader.token)),
      await open(userStream(instance(two).wsBase, reader.token)),
    ];
    // the command runs as its own process would: its own connection to the deployment's Redis
    const bus = new RedisEventBus(TEST_REDIS_URL, cluster.config.redisPrefix);
    await bus.ready();
    const since = Date.now();
    const output = { out: () => undefined, err: () => undefined };
    expect(await runAdminCommand(cluster.db, ['disable', reader.account.username], output, bus)).toBe(0);
    await bus.close();
    for (const socket of sockets) await expectRevokedClose(socket, since);
  });
});
