import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ReportFiled } from '../events/social.js';
import { userChannel } from '../streaming/bus.js';
import { bearer, createAccount, type TestAccount } from '../../test/helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';

describeEachDialect('report events', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let moderator: TestAccount;
  const seen: { event: ReportFiled; stored: boolean }[] = [];
  const published: string[] = [];

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
    server.ctx.events!.subscribe('ReportFiled', async (event) => {
      const row = await server.db
        .selectFrom('reports')
        .select('id')
        .where('id', '=', event.report.id)
        .executeTakeFirst();
      seen.push({ event, stored: Boolean(row) });
    });
    const publish = server.ctx.bus.publish.bind(server.ctx.bus);
    vi.spyOn(server.ctx.bus, 'publish').mockImplementation((channel, event, payload) => {
      published.push(`${channel} ${event}`);
      return publish(channel, event, payload);
    });
  });
  afterAll(() => server.close());

  it("tells of a filed report once, after its commit, and streams the staff's notifications", async () => {
    const filed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(alice),
      payload: { account_id: bob.account.id, comment: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(seen).toMatchObject([
      {
        stored: true,
        event: {
          report: { id: filed.json<{ id: string }>().id, account_id: alice.account.id },
          notifications: [{ type: 'admin.report', account_id: moderator.account.id }],
        },
      },
    ]);
    expect(published).toContain(`${userChannel(moderator.account.id)} notification`);
  });
});
