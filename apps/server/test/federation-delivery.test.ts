import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Create, Note } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { runtimeOf } from '../src/federation/runtime.js';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface StubInbox {
  url: string;
  /** what it accepted */
  received: Received[];
  /** while set, it answers this status (a server in an outage) and records nothing */
  failWith: number | null;
  /** requests answered with `failWith` */
  failures: number;
  close(): Promise<void>;
}

/** A stand-in remote inbox on loopback that records what it receives. */
async function stubInbox(): Promise<StubInbox> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    if (stub.failWith !== null) {
      stub.failures += 1;
      request.resume();
      response.writeHead(stub.failWith).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stub: StubInbox = {
    url: `http://127.0.0.1:${port}`,
    received,
    failWith: null,
    failures: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return stub;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('outgoing delivery through the database queue', () => {
  let server: TestServer & { url: string };
  let remote: StubInbox;

  beforeAll(async () => {
    remote = await stubInbox();
    server = await listenFederatedServer({ workers: 1 });
    await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('enqueues in federation_queue and a worker delivers a signed activity to the shared inbox', async () => {
    const runtime = runtimeOf(server.ctx)!;
    const enqueued = vi.spyOn(runtime.queue, 'enqueueMany');
    const context = runtime.federation.createContext(new URL(server.url), server.ctx);
    const actor = context.getActorUri('alice');
    const activity = new Create({
      id: new URL(`${actor.href}/statuses/1/activity`),
      actor,
      object: new Note({ id: new URL(`${actor.href}/statuses/1`), attribution: actor, content: 'hi' }),
    });
    await context.sendActivity(
      { identifier: 'alice' },
      {
        id: new URL(`${remote.url}/users/bob`),
        inboxId: new URL(`${remote.url}/users/bob/inbox`),
        endpoints: { sharedInbox: new URL(`${remote.url}/inbox`) },
      },
      activity,
      { preferSharedInbox: true },
    );
    // enqueue() goes through enqueueMany(): the activity waited in federation_queue, not in memory
    expect(enqueued).toHaveBeenCalled();
    await waitFor(() => remote.received.length > 0);
    const [delivery] = remote.received;
    expect(delivery!.url).toBe('/inbox');
    expect(delivery!.headers.signature).toContain(`keyId="${actor.href}#main-key"`);
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'Create', actor: actor.href });
    await waitFor(
      async () => (await server.db.selectFrom('federation_queue').selectAll().execute()).length === 0,
    );
  });
});

describe('a server back from a short outage', () => {
  let server: TestServer & { url: string };
  let remote: StubInbox;

  beforeAll(async () => {
    remote = await stubInbox();
    server = await listenFederatedServer({ workers: 1, firstRetrySeconds: 1, circuitRecoverySeconds: 1 });
    await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('gets the deliveries its open circuit held once a probe finds it answering (FEDERATION_CIRCUIT_RECOVERY_SECONDS)', async () => {
    const runtime = runtimeOf(server.ctx)!;
    const context = runtime.federation.createContext(new URL(server.url), server.ctx);
    const actor = context.getActorUri('alice');
    const host = new URL(remote.url).host;
    remote.failWith = 503;
    for (let n = 1; n <= 12; n++) {
      await context.sendActivity(
        { identifier: 'alice' },
        { id: new URL(`${remote.url}/users/bob`), inboxId: new URL(`${remote.url}/users/bob/inbox`) },
        new Create({
          id: new URL(`${actor.href}/statuses/${n}/activity`),
          actor,
          object: new Note({
            id: new URL(`${actor.href}/statuses/${n}`),
            attribution: actor,
            content: `${n}`,
          }),
        }),
      );
    }
    // ten failures within the hour open the server's circuit
    const opened = () =>
      server.db
        .selectFrom('unavailable_domains')
        .select('domain')
        .where('domain', '=', host)
        .executeTakeFirst();
    await waitFor(async () => (await opened()) !== undefined);
    remote.failWith = null;
    await waitFor(() => remote.received.length === 12, 20_000);
    expect(new Set(remote.received.map((delivery) => JSON.parse(delivery.body).id)).size).toBe(12);
    await waitFor(async () => (await opened()) === undefined);
  });
});
