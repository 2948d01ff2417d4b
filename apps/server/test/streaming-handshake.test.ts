import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSession } from '../src/auth/sessions.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import {
  createTestServer,
  describeEachDialect,
  postgresReachable,
  type TestServer,
} from './helpers/harness.js';
import { openProbe, refusedHandshake, streamingUrl, type ProbeSocket } from './helpers/probe-socket.js';
import { redisReachable, warnRedisSkipped } from './helpers/redis.js';
import { createScaledOut, type ScaledOut } from './helpers/scaled-out.js';

/**
 * Issue 12, items 2, 5 and 8 (streaming): the session cookie opens a socket only from the server's own pages
 * (tokens from anywhere), a plain GET gets a JSON error, and one account holds a bounded number of sockets.
 */

const EVIL = 'http://evil.example';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDialect('the streaming handshake', (dialect) => {
  let server: TestServer;
  let wsBase: string;
  let ownOrigin: string;
  let alice: TestAccount;
  let bob: TestAccount;
  let aliceCookie: string;
  const probes: ProbeSocket[] = [];
  const open = async (...args: Parameters<typeof openProbe>) => {
    const probe = await openProbe(...args);
    probes.push(probe);
    return probe;
  };

  beforeAll(async () => {
    server = await createTestServer(dialect, {
      streaming: { ...loadConfig({}).streaming, maxSocketsPerUser: 3 },
    });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = address.replace(/^http/, 'ws');
    ownOrigin = new URL(server.config.publicUrl).origin;
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    await mutualFollow(server, alice, bob);
    aliceCookie = `_palchat_session=${(await createSession(server.db, alice.account.id, { userAgent: 't', ip: '::1' })).secret}`;
  });
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.close()));
    await server.close();
  });

  describe('cross-site WebSocket hijacking', () => {
    it('refuses the session cookie from another origin, or from none, with a JSON 403', async () => {
      const url = streamingUrl(wsBase, { stream: 'user' });
      const refusals: Array<Record<string, string>> = [
        { cookie: aliceCookie, origin: EVIL },
        { cookie: aliceCookie },
      ];
      for (const headers of refusals) {
        expect(await refusedHandshake(url, { headers })).toEqual({
          status: 403,
          body: { error: "Streaming with the session cookie is only allowed from this server's pages" },
        });
      }
    });

    it("accepts the session cookie from the server's own origin, and streams to it", async () => {
      const probe = await open(streamingUrl(wsBase, { stream: 'user' }), {
        headers: { cookie: aliceCookie, origin: ownOrigin },
      });
      await pause(50);
      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/v1/friend_messages',
        headers: { authorization: `Bearer ${bob.token}` },
        payload: { recipient_id: alice.account.id, content: 'hi' },
      });
      expect(sent.statusCode).toBe(201);
      expect(await probe.waitFor('friend_message')).toBe(true);
      await probe.close();
    });

    it('accepts a token from any origin: query string, bearer header or subprotocol', async () => {
      const evil = { origin: EVIL, cookie: aliceCookie };
      const byQuery = await open(streamingUrl(wsBase, { access_token: alice.token }), { headers: evil });
      const byHeader = await open(streamingUrl(wsBase), {
        headers: { ...evil, authorization: `Bearer ${alice.token}` },
      });
      const byProtocol = await open(streamingUrl(wsBase), { headers: evil, protocols: [alice.token] });
      for (const probe of [byQuery, byHeader, byProtocol]) {
        expect(probe.socket.readyState).toBe(probe.socket.OPEN);
        await probe.close();
      }
    });

    it('refuses a bad token whatever the cookie', async () => {
      const url = streamingUrl(wsBase, { access_token: 'nope' });
      const refused = await refusedHandshake(url, { headers: { cookie: aliceCookie, origin: ownOrigin } });
      expect(refused.status).toBe(401);
    });
  });

  describe('a plain GET', () => {
    it('answers a JSON error, never an empty page', async () => {
      for (const url of ['/api/v1/streaming', '/api/v1/streaming/', '/api/v1/streaming?stream=user']) {
        const withToken = await server.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${alice.token}` },
        });
        expect(withToken.statusCode).toBe(400);
        expect(withToken.json()).toEqual({ error: 'This endpoint only accepts WebSocket connections' });
        const anonymous = await server.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toHaveProperty('error');
      }
    });
  });

  describe('sockets per account', () => {
    it('refuses the socket over the cap with a JSON 429, and frees a slot when one closes', async () => {
      const url = streamingUrl(wsBase, { access_token: bob.token });
      const held = [await open(url), await open(url), await open(url)];
      expect(await refusedHandshake(url)).toEqual({
        status: 429,
        body: { error: 'Too many open streaming connections for this account' },
      });
      // another account is not affected
      const other = await open(streamingUrl(wsBase, { access_token: alice.token }));
      await other.close();
      await held[0]!.close();
      await pause(100);
      const again = await open(url);
      expect(again.socket.readyState).toBe(again.socket.OPEN);
      expect(await refusedHandshake(url)).toMatchObject({ status: 429 });
      await Promise.all([again, ...held].map((probe) => probe.close()));
    });

    it('frees the slots of refused and plain requests', async () => {
      const url = streamingUrl(wsBase, { access_token: bob.token });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/streaming',
          headers: { authorization: `Bearer ${bob.token}` },
        });
      }
      const held = [await open(url), await open(url), await open(url)];
      await Promise.all(held.map((probe) => probe.close()));
    });
  });
});

warnRedisSkipped('the cross-process socket cap test');
describe.skipIf(!(postgresReachable && redisReachable))(
  'sockets per account across processes (PostgreSQL + Redis)',
  () => {
    let cluster: ScaledOut;
    const probes: ProbeSocket[] = [];

    beforeAll(async () => {
      cluster = await createScaledOut(2, {
        streaming: { ...loadConfig({}).streaming, maxSocketsPerUser: 2 },
      });
    });
    afterAll(async () => {
      await Promise.all(probes.map((probe) => probe.close()));
      await cluster.close();
    });

    it('counts the sockets an account holds on every process', async () => {
      const carol = await createAccount({ db: cluster.db }, { username: 'carol' });
      const [one, two] = cluster.instances.map((instance) =>
        streamingUrl(instance.wsBase, { access_token: carol.token }),
      ) as [string, string];
      probes.push(await openProbe(one), await openProbe(two));
      expect((await refusedHandshake(one)).status).toBe(429);
      expect((await refusedHandshake(two)).status).toBe(429);
      await probes.pop()!.close();
      await pause(100);
      probes.push(await openProbe(one));
    });
  },
);
