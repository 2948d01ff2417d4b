import { afterAll, beforeAll, expect, it } from 'vitest';
import { INSTANCE_COUNTS_TTL_MS, instanceCounts } from '../src/instance/counts.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUpSession } from './helpers/auth.js';

describeEachDialect('instance counts, cached across requests and processes', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
    for (const name of ['one', 'two']) await signUpSession(server, name);
  });
  afterAll(async () => server.close());

  const userCount = async (): Promise<number> => {
    const response = await server.app.inject({ url: '/api/v1/instance' });
    expect(response.statusCode).toBe(200);
    return response.json<{ stats: { user_count: number } }>().stats.user_count;
  };

  it('counts once, then serves the stored figures until they are a minute old, and once more while counting again', async () => {
    expect(await userCount()).toBe(2);
    await signUpSession(server, 'three');
    // within the minute: the figure counted before, not a new count
    expect(await userCount()).toBe(2);
    const v2 = await server.app.inject({ url: '/api/v2/instance' });
    expect(v2.json<{ usage: { users: { active_month: number } } }>().usage.users.active_month).toBe(2);

    const stored = await server.db.selectFrom('instance_counts').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]?.users)).toBe(2);

    // past the minute: served once more while counted again, then the new figure
    const later = Number(stored[0]?.counted_at) + INSTANCE_COUNTS_TTL_MS + 1;
    expect((await instanceCounts(server.ctx, later)).users).toBe(2);
    await expect.poll(async () => (await instanceCounts(server.ctx, later)).users).toBe(3);
    expect(await userCount()).toBe(3);
  });

  it('lets another process read the stored row instead of counting', async () => {
    const countedAt = Date.now();
    await server.db
      .updateTable('instance_counts')
      .set({
        users: 41,
        statuses: 42,
        active_month: 43,
        active_halfyear: 44,
        domains: 45,
        counted_at: countedAt,
      })
      .execute();
    // a second process: the same database, a context of its own
    const otherProcess = { ...server.ctx };
    expect(await instanceCounts(otherProcess, countedAt + 1)).toEqual({
      users: 41,
      statuses: 42,
      activeMonth: 43,
      activeHalfyear: 44,
      domains: 45,
    });
  });
});
