import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Create, Note } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in remote inbox on loopback that records what it receives. */
async function stubInbox(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
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
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
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
  let remote: Awaited<ReturnType<typeof stubInbox>>;

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
    const runtime = server.ctx.federation!;
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
