import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus } from '../src/streaming/redis-bus.js';
import { mastodonActivities } from './helpers/activitypub.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { call } from './helpers/messaging.js';
import { redisReachable } from './helpers/redis.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';
import { openStream, type StreamClient } from './helpers/stream-client.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server of this suite's own, that it can kill and start again on the same port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await waitUntil(async () => (await probe.ping().catch(() => '')) === 'PONG');
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Redis going away loses realtime events but never a write nor its federation, and clients are told to resync. */
describe.skipIf(!redisReachable)('a Redis outage', () => {
  let port: number;
  let redis: ChildProcess;
  let bus: RedisEventBus;
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let alice: TestAccount;
  let stream: StreamClient;
  const { activity } = mastodonActivities();

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    bus = new RedisEventBus(`redis://127.0.0.1:${port}`, 'palchat-outage:');
    await bus.ready();
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 }, {}, { bus });
    alice = await createAccount(server, { username: 'alice' });
    await remote.post(`${server.url}/inbox`, activity(bob, 'Update', bob.document));
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('accounts').select('id').where('uri', '=', bob.id).executeTakeFirst(),
      ),
    );
    const bobRow = await server.db
      .selectFrom('accounts')
      .selectAll()
      .where('uri', '=', bob.id)
      .executeTakeFirstOrThrow();
    await mutualFollow(server, alice, bobRow);
    stream = await openStream(server.url, alice);
    stream.subscribe('user');
  });
  afterAll(async () => {
    await stream?.close();
    await server.close();
    await remote.close();
    if (redis.exitCode === null) await stopRedis(redis);
  });

  it('answers 201 for a message and 200 for a post made while Redis is down, delivers both, and tells open streams to resync', async () => {
    const bobRow = await server.db
      .selectFrom('accounts')
      .select('id')
      .where('uri', '=', bob.id)
      .executeTakeFirstOrThrow();
    await stopRedis(redis);
    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bobRow.id,
      content: 'sent during the outage',
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const messageId = sent.body.id as string;
    await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Create' &&
        (received.activity.object as { id?: string }).id ===
          `${server.url}/users/alice/messages/${messageId}`,
    );

    const posted = await call(server, alice, 'POST', '/api/v1/statuses', { status: `also now @${bob.acct}` });
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
    const noteUri = `${server.url}/users/alice/statuses/${posted.body.id as string}`;
    await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Create' && (received.activity.object as { id?: string }).id === noteUri,
    );

    redis = await startRedis(port);
    expect(await stream.next('resync', undefined, 15_000)).toEqual({});
  });
});
