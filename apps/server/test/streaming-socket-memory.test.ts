import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { createTestServer, type TestServer } from './helpers/harness.js';
import { call } from './helpers/messaging.js';
import { openProbe, streamingUrl, type ProbeSocket } from './helpers/probe-socket.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What an open streaming socket keeps in memory: a process holding 10,000 of them walks all of it in every full
 * garbage collection, a pause every delivery of the moment waits for.
 */
describe('an open streaming socket', () => {
  let server: TestServer;
  let wsBase: string;
  let alice: TestAccount;
  let bob: TestAccount;
  let probe: ProbeSocket | undefined;
  const handshakes: WeakRef<IncomingMessage>[] = [];

  beforeAll(async () => {
    server = await createTestServer('sqlite');
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = address.replace(/^http/, 'ws');
    server.app.server.on('upgrade', (request: IncomingMessage) => handshakes.push(new WeakRef(request)));
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    await mutualFollow(server, alice, bob);
  });
  afterAll(async () => {
    await probe?.close();
    await server.close();
  });

  it('lets its handshake request go, and still delivers', async () => {
    probe = await openProbe(streamingUrl(wsBase, { stream: 'user', access_token: bob.token }));
    // subscribed: a first message arrives
    expect(
      (
        await call(server, alice, 'POST', '/api/v1/friend_messages', {
          recipient_id: bob.account.id,
          content: 'one',
        })
      ).status,
    ).toBe(201);
    expect(await probe.waitFor('friend_message')).toBe(true);
    expect(handshakes).toHaveLength(1);
    for (let round = 0; round < 3 && handshakes[0]?.deref(); round += 1) {
      await pause(10);
      collectGarbage();
    }
    expect(handshakes[0]?.deref()).toBeUndefined();
    const before = probe.received.length;
    expect(
      (
        await call(server, alice, 'POST', '/api/v1/friend_messages', {
          recipient_id: bob.account.id,
          content: 'two',
        })
      ).status,
    ).toBe(201);
    await expect.poll(() => probe?.received.length).toBeGreaterThan(before);
  });
});
