import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import type { DomainEventOf } from '../src/events/types.js';

describeEachDialect('status domain events', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  const seen: DomainEventOf<'StatusPublished' | 'StatusEdited' | 'StatusDeleted'>[] = [];
  let failing = false;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    await follow(server, bob, alice);
    const events = server.ctx.events;
    if (!events) throw new Error('buildApp gives the context its events');
    for (const type of ['StatusPublished', 'StatusEdited', 'StatusDeleted'] as const) {
      events.subscribe(type, (event) => {
        seen.push(event);
        if (failing) throw new Error('a subscriber fails');
      });
    }
  });
  afterAll(async () => server.close());

  const homeOf = async (who: TestAccount) =>
    ((await call(who, 'GET', '/api/v1/timelines/home')).json as { id: string }[]).map((status) => status.id);

  it('tells of a post, its edit and its removal once each, after the write', async () => {
    seen.length = 0;
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: 'hello @bob' });
    expect(created.status).toBe(200);
    const id = (created.json as { id: string }).id;
    expect((await call(alice, 'PUT', `/api/v1/statuses/${id}`, { status: 'hello again' })).status).toBe(200);
    expect((await call(alice, 'DELETE', `/api/v1/statuses/${id}`)).status).toBe(200);
    expect(seen.map((event) => [event.type, event.status.id])).toEqual([
      ['StatusPublished', id],
      ['StatusEdited', id],
      ['StatusDeleted', id],
    ]);
    const published = seen[0];
    expect(published?.type === 'StatusPublished' && published.notifications.length).toBe(1);
  });

  it('emits nothing for a refused write', async () => {
    seen.length = 0;
    expect((await call(alice, 'POST', '/api/v1/statuses', { status: '   ' })).status).toBe(422);
    expect(seen).toEqual([]);
  });

  it('keeps a post whose subscriber fails: the command answers and the earlier subscribers ran', async () => {
    failing = true;
    try {
      const created = await call(alice, 'POST', '/api/v1/statuses', { status: 'still here' });
      expect(created.status).toBe(200);
      const id = (created.json as { id: string }).id;
      expect(await homeOf(bob)).toContain(id);
      expect((await call(alice, 'GET', `/api/v1/statuses/${id}`)).status).toBe(200);
    } finally {
      failing = false;
    }
  });
});
