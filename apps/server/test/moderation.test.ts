import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminDashboardSchema, adminReportSchema } from '@palchat/api';
import { runAdminCommand } from '../src/cli/commands.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, insertStatus, mutualFollow, type TestAccount } from './helpers/factories.js';
import { caller, countOf } from './helpers/social.js';
import { signUp } from './helpers/auth.js';

describeEachDialect('reports, moderation and instance documents', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let user: TestAccount;
  let offender: TestAccount;
  let moderator: TestAccount;
  let admin: TestAccount;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-docs-'));

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    user = await createAccount(server, { username: 'user' });
    offender = await createAccount(server, { username: 'offender' });
    moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
    admin = await createAccount(server, {
      username: 'boss',
      role: 'admin',
      last_active_at: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    await server.close();
  });

  it('files reports on accounts and their statuses, notifying staff with admin.report', async () => {
    const status = await insertStatus(server, offender, { text: 'rude' });
    const other = await insertStatus(server, user, { text: 'mine' });
    const before = await countOf(server, 'reports');
    expect((await call(null, 'POST', '/api/v1/reports', { account_id: offender.account.id })).status).toBe(
      401,
    );
    expect((await call(user, 'POST', '/api/v1/reports', { account_id: '999999' })).status).toBe(404);
    expect((await call(user, 'POST', '/api/v1/reports', { account_id: user.account.id })).status).toBe(422);
    expect(
      (
        await call(user, 'POST', '/api/v1/reports', {
          account_id: offender.account.id,
          status_ids: [other.id],
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(user, 'POST', '/api/v1/reports', { account_id: offender.account.id, category: 'nope' }))
        .status,
    ).toBe(422);
    expect(await countOf(server, 'reports')).toBe(before);
    const filed = await call(user, 'POST', '/api/v1/reports', {
      account_id: offender.account.id,
      status_ids: [status.id],
      comment: 'please look',
      category: 'spam',
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ category: 'spam', status_ids: [status.id], action_taken: false });
    for (const staff of [moderator, admin]) {
      const notes = (await call(staff, 'GET', '/api/v1/notifications')).json as { type: string }[];
      expect(notes[0]?.type).toBe('admin.report');
    }
    expect(((await call(user, 'GET', '/api/v1/notifications')).json as unknown[]).length).toBe(0);
  });

  it('lists account and chat reports for moderators, resolves and reopens them; 403 for others', async () => {
    await mutualFollow(server, user, offender);
    const sent = await call(user, 'POST', '/api/v1/friend_messages', {
      recipient_id: offender.account.id,
      content: 'hi',
    });
    const conversationId = String(sent.body.conversation_id);
    const chat = await call(
      offender,
      'POST',
      `/api/v1/friend_messages/conversations/${conversationId}/report`,
      {
        reason: 'harassment',
        details: 'in chat',
        message_ids: [sent.id],
      },
    );
    expect(chat.status).toBe(201);

    for (const who of [user, null]) {
      expect((await call(who, 'GET', '/api/v1/admin/reports')).status).toBe(who ? 403 : 401);
    }
    const listed = (await call(moderator, 'GET', '/api/v1/admin/reports')).json as unknown[];
    const reports = listed.map((entry) => adminReportSchema.parse(entry));
    expect(reports).toHaveLength(2);
    const chatReport = reports.find((report) => report.chat);
    expect(chatReport?.chat).toMatchObject({
      conversation_id: conversationId,
      is_group: false,
      messages: [{ content: 'hi' }],
    });
    const accountReport = reports.find((report) => !report.chat);
    expect(accountReport?.statuses.map((status) => status.content)).toEqual(['<p>rude</p>']);

    const id = accountReport?.id ?? '';
    expect((await call(user, 'POST', `/api/v1/admin/reports/${id}/resolve`)).status).toBe(403);
    const resolved = await call(moderator, 'POST', `/api/v1/admin/reports/${id}/resolve`);
    expect(resolved.body).toMatchObject({
      action_taken: true,
      action_taken_by_account: { id: moderator.account.id },
    });
    expect(((await call(admin, 'GET', '/api/v1/admin/reports')).json as unknown[]).length).toBe(1);
    expect(((await call(admin, 'GET', '/api/v1/admin/reports?resolved=true')).json as unknown[]).length).toBe(
      1,
    );
    expect((await call(moderator, 'POST', `/api/v1/admin/reports/${id}/reopen`)).body.action_taken).toBe(
      false,
    );
    expect((await call(moderator, 'POST', '/api/v1/admin/reports/999/resolve')).status).toBe(404);
  });

  it('shows the dashboard to administrators only', async () => {
    for (const [who, status] of [
      [null, 401],
      [user, 403],
      [moderator, 403],
      [admin, 200],
    ] as const) {
      expect((await call(who, 'GET', '/api/v1/admin/dashboard')).status).toBe(status);
    }
    // only the administrator was active within 30 days
    await server.db
      .updateTable('accounts')
      .set({ last_active_at: new Date(Date.now() - 60 * 86_400_000).toISOString() })
      .where('id', '!=', admin.account.id)
      .execute();
    const counts = adminDashboardSchema.parse((await call(admin, 'GET', '/api/v1/admin/dashboard')).json);
    expect(counts).toEqual({ users: 4, active_users: 1, posts: 2, open_reports: 2 });
  });

  it('notifies staff of sign-ups with admin.sign_up', async () => {
    expect((await signUp(server, { username: 'newcomer', email: 'newcomer@example.test' })).statusCode).toBe(
      200,
    );
    const notes = (await call(admin, 'GET', '/api/v1/notifications?types[]=admin.sign_up')).json;
    expect(notes).toMatchObject([{ type: 'admin.sign_up', account: { username: 'newcomer' } }]);
  });

  it('serves rules, the extended description, the privacy policy and dated terms edited from the CLI', async () => {
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdminCommand(server.db, argv, {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    expect((await call(null, 'GET', '/api/v1/instance/terms_of_service')).status).toBe(404);
    expect(await call(null, 'GET', '/api/v1/instance/extended_description')).toMatchObject({
      body: { updated_at: null, content: '' },
    });
    expect((await run('rules', 'add', 'Be kind', '--hint', 'really')).code).toBe(0);
    expect((await run('rules', 'add')).code).toBe(2);
    const about = path.join(tmp, 'about.txt');
    fs.writeFileSync(about, 'We are a small server.\n\nWelcome!');
    expect((await run('content', 'set', 'extended_description', about)).code).toBe(0);
    expect((await run('content', 'set', 'privacy_policy', about)).code).toBe(0);
    expect((await run('content', 'set', 'nonsense', about)).code).toBe(2);
    const v1 = path.join(tmp, 'v1.txt');
    const v2 = path.join(tmp, 'v2.txt');
    fs.writeFileSync(v1, 'Old terms');
    fs.writeFileSync(v2, 'Future terms');
    expect((await run('terms', 'set', '2020-01-01', v1)).code).toBe(0);
    expect((await run('terms', 'set', '2999-01-01', v2)).code).toBe(0);
    expect((await run('terms', 'set', '2020-13-45', v2)).code).toBe(2);
    expect((await run('terms', 'list')).out).toBe('2020-01-01\n2999-01-01');

    expect((await call(null, 'GET', '/api/v1/instance/rules')).json).toMatchObject([
      { text: 'Be kind', hint: 'really' },
    ]);
    for (const version of ['/api/v1/instance', '/api/v2/instance']) {
      expect((await call(null, 'GET', version)).body.rules).toMatchObject([
        { text: 'Be kind', hint: 'really' },
      ]);
    }
    expect((await call(null, 'GET', '/api/v1/instance/extended_description')).body.content).toBe(
      '<p>We are a small server.</p><p>Welcome!</p>',
    );
    expect((await call(null, 'GET', '/api/v1/instance/privacy_policy')).body.updated_at).toBeTruthy();
    expect((await call(null, 'GET', '/api/v1/instance/terms_of_service')).body).toEqual({
      effective_date: '2020-01-01',
      effective: true,
      content: '<p>Old terms</p>',
      succeeded_by: '2999-01-01',
    });
    expect((await call(null, 'GET', '/api/v1/instance/terms_of_service/2999-01-01')).body).toMatchObject({
      effective: false,
      content: '<p>Future terms</p>',
      succeeded_by: null,
    });
    expect((await call(null, 'GET', '/api/v1/instance/terms_of_service/2021-01-01')).status).toBe(404);
    expect((await call(null, 'GET', '/api/v1/instance/terms_of_service/yesterday')).status).toBe(422);
  });
});
