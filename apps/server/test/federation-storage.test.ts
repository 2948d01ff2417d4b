import { afterEach, beforeEach, expect, it } from 'vitest';
import { KyselyKvStore } from '../src/federation/kv-store.js';
import { KyselyMessageQueue } from '../src/federation/message-queue.js';
import { ActorKeyStore } from '../src/federation/keys.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';

const seconds = (value: number) => Temporal.Duration.from({ seconds: value });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Consumes with `queue` until `count` messages were handled (or the timeout), then stops listening. */
async function consume(queues: KyselyMessageQueue[], count: number, timeoutMs = 10_000) {
  const handled: { consumer: number; message: unknown }[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const listeners = queues.map((queue, consumer) =>
    queue.listen(
      async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        handled.push({ consumer, message });
        if (handled.length >= count) controller.abort();
      },
      { signal: controller.signal },
    ),
  );
  await Promise.all(listeners);
  clearTimeout(timer);
  return handled;
}

describeEachDialect('federation key–value store', (dialect) => {
  let server: TestServer;
  let clock: number;
  let kv: KyselyKvStore;
  beforeEach(async () => {
    server = await createTestServer(dialect);
    clock = Date.parse('2026-01-01T00:00:00Z');
    kv = new KyselyKvStore(server.db, () => clock);
  });
  afterEach(() => server.close());

  it('gets, overwrites and deletes JSON values', async () => {
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    await kv.set(['a', 'b'], { n: 1, list: ['x'] });
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, list: ['x'] });
    await kv.set(['a', 'b'], 'second');
    expect(await kv.get(['a', 'b'])).toBe('second');
    expect(await kv.get(['a'])).toBeUndefined();
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('forgets values after their ttl and sweeps them', async () => {
    await kv.set(['ttl'], 1, { ttl: seconds(10) });
    await kv.set(['forever'], 2);
    clock += 9_000;
    expect(await kv.get(['ttl'])).toBe(1);
    clock += 2_000;
    expect(await kv.get(['ttl'])).toBeUndefined();
    expect(await collect(kv.list())).toEqual([{ key: ['forever'], value: 2 }]);
    expect(await kv.sweepExpired()).toBe(1);
    expect(await kv.get(['forever'])).toBe(2);
  });

  it('lists by prefix: the prefix itself and longer keys, not siblings sharing its text', async () => {
    await kv.set(['_fedify', 'doc'], 0);
    await kv.set(['_fedify', 'doc', 'https://a.example/1'], 1);
    await kv.set(['_fedify', 'doc', 'https://a.example/2'], 2);
    await kv.set(['_fedify', 'docs', 'x'], 3);
    await kv.set(['_fedify', 'do'], 4);
    await kv.set(['other', 'doc'], 5);
    const listed = await collect(kv.list(['_fedify', 'doc']));
    expect(listed.map((entry) => entry.value).sort()).toEqual([0, 1, 2]);
    expect(await collect(kv.list(['_fedify']))).toHaveLength(5);
    expect(await collect(kv.list())).toHaveLength(6);
  });

  it('compares and swaps', async () => {
    expect(await kv.cas(['c'], undefined, 'first')).toBe(true);
    expect(await kv.cas(['c'], undefined, 'again')).toBe(false);
    expect(await kv.cas(['c'], 'wrong', 'x')).toBe(false);
    expect(await kv.cas(['c'], 'first', 'second')).toBe(true);
    expect(await kv.get(['c'])).toBe('second');
    await kv.set(['expiring'], 'old', { ttl: seconds(1) });
    clock += 2_000;
    expect(await kv.cas(['expiring'], 'old', 'new')).toBe(false);
    expect(await kv.cas(['expiring'], undefined, 'new')).toBe(true);
    expect(await kv.get(['expiring'])).toBe('new');
  });

  it('compares values, not their JSON text, and removes an entry swapped for undefined (as Fedify’s circuit breaker does)', async () => {
    // Fedify stores a state with one key order and expects it back rebuilt in another
    await kv.set(['circuit'], { state: 'half-open', failures: [], version: 1, halfOpened: 't' });
    expect(
      await kv.cas(
        ['circuit'],
        { state: 'half-open', failures: [], halfOpened: 't', version: 1 },
        { state: 'open' },
      ),
    ).toBe(true);
    expect(await kv.get(['circuit'])).toEqual({ state: 'open' });
    expect(await kv.cas(['circuit'], { state: 'closed' }, undefined)).toBe(false);
    expect(await kv.cas(['circuit'], { state: 'open' }, undefined)).toBe(true);
    expect(await kv.get(['circuit'])).toBeUndefined();
    expect(await kv.cas(['circuit'], undefined, undefined)).toBe(true);
    expect(await kv.cas(['circuit'], undefined, { state: 'closed' })).toBe(true);
  });
});

describeEachDialect('federation message queue', (dialect) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(dialect);
  });
  afterEach(() => server.close());

  it('hands every message to exactly one of two consumers', async () => {
    const first = new KyselyMessageQueue(server.db, { pollIntervalMs: 20 });
    const second = new KyselyMessageQueue(server.db, { pollIntervalMs: 20 });
    const messages = Array.from({ length: 40 }, (_, index) => ({ index }));
    await first.enqueueMany(messages);
    const handled = await consume([first, second], messages.length);
    const indexes = handled.map((entry) => (entry.message as { index: number }).index).sort((a, b) => a - b);
    expect(indexes).toEqual(messages.map((message) => message.index));
    expect(new Set(handled.map((entry) => entry.consumer)).size).toBe(2);
    expect(await server.db.selectFrom('federation_queue').selectAll().execute()).toEqual([]);
  });

  it('keeps delayed messages until their time', async () => {
    let clock = Date.now();
    const queue = new KyselyMessageQueue(server.db, { leaseMs: 3_600_000, now: () => clock });
    await queue.enqueue({ late: true }, { delay: seconds(60) });
    await queue.enqueue({ late: false });
    expect(await queue.getDepth()).toEqual({ queued: 2, ready: 1, delayed: 1 });
    const now = await queue.claim('c1');
    expect(JSON.parse(now!.payload)).toEqual({ late: false });
    expect(await queue.claim('c1')).toBeNull();
    clock += 61_000;
    const later = await queue.claim('c1');
    expect(JSON.parse(later!.payload)).toEqual({ late: true });
  });

  it('survives a restart and retakes a message whose consumer died once its lease ran out', async () => {
    let clock = Date.now();
    const crashed = new KyselyMessageQueue(server.db, { leaseMs: 30_000, now: () => clock });
    await crashed.enqueue({ activity: 'Create' });
    expect(await crashed.claim('dead-worker')).not.toBeNull();
    // a new process on the same database: the message is still there but held
    const restarted = new KyselyMessageQueue(server.db, { leaseMs: 30_000, now: () => clock });
    expect(await restarted.claim('new-worker')).toBeNull();
    clock += 31_000;
    const retaken = await restarted.claim('new-worker');
    expect(JSON.parse(retaken!.payload)).toEqual({ activity: 'Create' });
    expect(retaken!.attempts).toBe(2);
  });

  it('hands out messages of one ordering key one at a time, oldest first', async () => {
    const queue = new KyselyMessageQueue(server.db);
    await queue.enqueue({ step: 'create' }, { orderingKey: 'note-1' });
    await queue.enqueue({ step: 'delete' }, { orderingKey: 'note-1' });
    await queue.enqueue({ step: 'other' }, { orderingKey: 'note-2' });
    const first = await queue.claim('a');
    const second = await queue.claim('b');
    expect([first, second].map((message) => JSON.parse(message!.payload).step)).toEqual(['create', 'other']);
    expect(await queue.claim('c')).toBeNull();
  });

  it('claims up to a batch at once, none for the hosts named busy, and notes each delivery’s host', async () => {
    const queue = new KyselyMessageQueue(server.db);
    const delivery = (host: string, index: number) => ({
      type: 'outbox',
      inbox: `https://${host}/inbox`,
      index,
    });
    await queue.enqueueMany([
      delivery('slow.example', 0),
      delivery('SLOW.example', 1),
      delivery('fast.example', 2),
      { type: 'inbox', index: 3 },
    ]);
    const rows = await server.db.selectFrom('federation_queue').select('host').orderBy('id').execute();
    expect(rows.map((row) => row.host)).toEqual(['slow.example', 'slow.example', 'fast.example', null]);
    const claimed = await queue.claimMany('c1', 10, ['slow.example']);
    expect(claimed.map((message) => JSON.parse(message.payload).index)).toEqual([2, 3]);
    expect((await queue.claimMany('c2', 1, [])).map((message) => JSON.parse(message.payload).index)).toEqual([
      0,
    ]);
  });

  it('enqueues a fan-out of thousands in chunks', async () => {
    const queue = new KyselyMessageQueue(server.db);
    const messages = Array.from({ length: 6_000 }, (_, index) => ({
      type: 'outbox',
      inbox: `https://s${index}.example/inbox`,
    }));
    await queue.enqueueMany(messages);
    expect(await queue.getDepth()).toEqual({ queued: 6_000, ready: 6_000, delayed: 0 });
  });

  it('handles `concurrency` messages at once, and a dead host never holds more than its share', async () => {
    const queue = new KyselyMessageQueue(server.db, {
      pollIntervalMs: 20,
      concurrency: 4,
      hostConcurrency: 1,
    });
    const dead = Array.from({ length: 6 }, (_, index) => ({
      type: 'outbox',
      inbox: 'https://dead.example/inbox',
      index,
    }));
    const alive = Array.from({ length: 12 }, (_, index) => ({
      type: 'outbox',
      inbox: `https://alive${index % 3}.example/inbox`,
      index: 100 + index,
    }));
    // the dead host's deliveries first: they would take every slot if nothing held them back
    await queue.enqueueMany(dead);
    await queue.enqueueMany(alive);
    const controller = new AbortController();
    const delivered: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const listening = queue.listen(
      async (message) => {
        const { inbox, index } = message as { inbox: string; index: number };
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          if (inbox.includes('dead') && !controller.signal.aborted)
            await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
          else await new Promise((resolve) => setTimeout(resolve, 10));
          delivered.push(index);
        } finally {
          running -= 1;
        }
      },
      { signal: controller.signal },
    );
    const deadline = Date.now() + 10_000;
    while (delivered.length < alive.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered.sort((a, b) => a - b)).toEqual(alive.map((message) => message.index));
    expect(mostAtOnce).toBe(4);
    controller.abort();
    await listening;
    // the dead host's other deliveries, never tried, wait in the queue for the next consumer
    const left = await server.db.selectFrom('federation_queue').selectAll().execute();
    expect(left).toHaveLength(dead.length - 1);
    expect(left.every((row) => row.locked_by === null && row.attempts === 0)).toBe(true);
  });

  it('tries a message again later when its handler throws', async () => {
    const errors: unknown[] = [];
    const queue = new KyselyMessageQueue(server.db, {
      pollIntervalMs: 20,
      onError: (error) => errors.push(error),
    });
    await queue.enqueue({ fails: true });
    const controller = new AbortController();
    const listening = queue.listen(
      () => {
        controller.abort();
        throw new Error('handler failed');
      },
      { signal: controller.signal },
    );
    await listening;
    expect(errors).toHaveLength(1);
    const [row] = await server.db.selectFrom('federation_queue').selectAll().execute();
    expect(row!.locked_until).toBeNull();
    expect(Date.parse(row!.run_at)).toBeGreaterThan(Date.now());
  });
});

describeEachDialect('federation key pairs', (dialect) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(dialect);
  });
  afterEach(() => server.close());

  it('makes an RSA and an Ed25519 pair once and reads the same ones back in another process', async () => {
    const keys = await new ActorKeyStore(server.db).keyPairsOf('instance');
    expect(keys.rsa.publicKey.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    expect(keys.ed25519.publicKey.algorithm.name).toBe('Ed25519');
    const again = await new ActorKeyStore(server.db).keyPairsOf('instance');
    const jwk = (key: CryptoKey) => crypto.subtle.exportKey('jwk', key);
    expect(await jwk(again.rsa.publicKey)).toEqual(await jwk(keys.rsa.publicKey));
    expect(await jwk(again.ed25519.publicKey)).toEqual(await jwk(keys.ed25519.publicKey));
    expect(await server.db.selectFrom('account_keys').selectAll().execute()).toHaveLength(1);
  });
});
