import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminReportSchema, notificationSchema, reportSchema, searchResultsSchema } from '@palchat/api';
import { addRule } from '../src/instance-content/service.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller, countOf } from './helpers/social.js';

describeEachDialect('reports citing rules, and local links pasted into search', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let moderator: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
  });
  afterAll(async () => server.close());

  it('stores the cited rules (a violation report), refuses unknown ones, and tells moderators which report', async () => {
    const rule = await addRule(server.db, 'No spam');
    const before = await countOf(server, 'reports');
    const unknown = await call(alice, 'POST', '/api/v1/reports', {
      account_id: bob.account.id,
      rule_ids: ['12345'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatch(/rule_ids/);
    expect(await countOf(server, 'reports')).toBe(before);

    const filed = await call(alice, 'POST', '/api/v1/reports', {
      account_id: bob.account.id,
      rule_ids: [rule.id],
      comment: 'sells pills',
    });
    expect(filed.status).toBe(200);
    expect(reportSchema.parse(filed.json)).toMatchObject({
      category: 'violation',
      rule_ids: [rule.id],
      status_ids: [],
      comment: 'sells pills',
      target_account: { id: bob.account.id },
    });
    // form bodies send rule_ids[]
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `account_id=${bob.account.id}&rule_ids[]=${rule.id}&category=spam`,
    });
    expect(form.json()).toMatchObject({ rule_ids: [rule.id], category: 'violation' });

    const notes = notificationSchema
      .array()
      .parse((await call(moderator, 'GET', '/api/v1/notifications')).json);
    const reported = notes.find((note) => note.type === 'admin.report' && note.report?.id === filed.id);
    expect(reported?.report).toMatchObject({ rule_ids: [rule.id], target_account: { id: bob.account.id } });
    expect((await call(moderator, 'GET', '/api/v2/notifications')).body.notification_groups).toContainEqual(
      expect.objectContaining({ type: 'admin.report', report: expect.objectContaining({ id: filed.id }) }),
    );

    // the moderation view reads the rules themselves
    const adminView = adminReportSchema.parse(
      (await call(moderator, 'GET', `/api/v1/admin/reports/${filed.id}`)).json,
    );
    expect(adminView.rules).toEqual([{ id: rule.id, text: 'No spam', hint: '' }]);
    const listed = adminReportSchema
      .array()
      .parse((await call(moderator, 'GET', '/api/v1/admin/reports')).json);
    expect(listed.find((report) => report.id === filed.id)?.rules.map((r) => r.id)).toEqual([rule.id]);
  });

  it('answers the status or profile a pasted local link names, when the viewer may see it', async () => {
    const base = server.config.publicUrl;
    const open = await insertStatus(server, bob, { text: 'public words' });
    const secret = await insertStatus(server, bob, { text: 'private words', visibility: 'direct' });
    const search = async (who: TestAccount | null, q: string) => {
      const answer = await call(who, 'GET', `/api/v2/search?q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      const results = searchResultsSchema.parse(answer.json);
      return {
        accounts: results.accounts.map((account) => account.id),
        statuses: results.statuses.map((status) => status.id),
        hashtags: results.hashtags.length,
      };
    };
    for (const url of [
      `${base}/@bob/${open.id}`,
      `${base}/statuses/${open.id}`,
      `${base}/users/bob/statuses/${open.id}`,
    ]) {
      expect(await search(alice, url)).toEqual({ accounts: [], statuses: [open.id], hashtags: 0 });
    }
    expect(await search(null, `${base}/@bob/${open.id}`)).toEqual({
      accounts: [],
      statuses: [open.id],
      hashtags: 0,
    });
    expect((await search(alice, `${base}/@alice/${open.id}`)).statuses).toEqual([]); // not alice's status
    expect((await search(alice, `${base}/@bob/${secret.id}`)).statuses).toEqual([]);
    expect((await search(bob, `${base}/@bob/${secret.id}`)).statuses).toEqual([secret.id]);
    expect(await search(alice, `${base}/@bob`)).toEqual({
      accounts: [bob.account.id],
      statuses: [],
      hashtags: 0,
    });
    expect((await search(alice, `${base}/users/bob/`)).accounts).toEqual([bob.account.id]);
    expect((await search(alice, `${base}/@nobody`)).accounts).toEqual([]);
    // links to elsewhere are ordinary text
    expect((await search(alice, `https://elsewhere.example/@bob/${open.id}`)).statuses).toEqual([]);
  });
});
