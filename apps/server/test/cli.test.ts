import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/commands.js';
import { getServerSettings } from '../src/settings/service.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { csrfHeaders } from './helpers/auth.js';

describeEachDialect('admin command line', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
  });
  afterAll(async () => server.close());

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(server.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const account = (username: string) =>
    server.db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('creates users (reserved names allowed to the operator) who can sign in', async () => {
    const created = await run(
      'create-user',
      '--username',
      'admin',
      '--email',
      'admin@example.test',
      '--password',
      'long enough',
      '--role',
      'admin',
    );
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toMatch(/^Created admin \(id \d+, role admin\)$/);
    expect(await account('admin')).toMatchObject({ role: 'admin', approved: 1, disabled: 0 });
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      payload: { login: 'admin@example.test', password: 'long enough' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses invalid or duplicate users with exit code 1 and the reasons', async () => {
    const duplicate = await run(
      'create-user',
      '--username',
      'ADMIN',
      '--email',
      'x@example.test',
      '--password',
      'long enough',
    );
    expect(duplicate).toMatchObject({ code: 1, err: 'Error: Username is already taken' });
    const invalid = await run(
      'create-user',
      '--username',
      'ok_name',
      '--email',
      'nope',
      '--password',
      'short',
    );
    expect(invalid.code).toBe(1);
    expect(invalid.err).toBe('Error: Email is invalid\nError: Password must be at least 8 characters');
  });

  it('reports usage mistakes with exit code 2', async () => {
    expect((await run()).code).toBe(2);
    const unknown = await run('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "frobnicate"');
    expect(unknown.err).toContain('Usage: npm run admin -- <command>');
    expect((await run('create-user', '--username', 'x')).err).toContain(
      'create-user needs --username, --email and --password',
    );
    expect((await run('create-user', '--username')).err).toContain('Missing value for --username');
    expect((await run('set-role', 'admin', 'emperor')).err).toContain('Unknown role "emperor"');
    expect((await run('help')).code).toBe(0);
  });

  it('changes roles, approves, disables and enables accounts', async () => {
    await run('create-user', '--username', 'zed', '--email', 'zed@example.test', '--password', 'long enough');
    await server.db.updateTable('accounts').set({ approved: 0 }).where('username', '=', 'zed').execute();
    expect(await run('set-role', 'zed', 'moderator')).toMatchObject({ code: 0, out: 'zed is now moderator' });
    expect(await run('approve', 'ZED')).toMatchObject({ code: 0, out: 'zed is approved' });
    expect(await run('disable', '@zed')).toMatchObject({ code: 0, out: 'zed is disabled' });
    expect(await account('zed')).toMatchObject({ role: 'moderator', approved: 1, disabled: 1 });
    expect(await run('enable', 'zed')).toMatchObject({ code: 0, out: 'zed is enabled' });
    expect((await account('zed')).disabled).toBe(0);
    expect(await run('disable', 'nobody')).toMatchObject({ code: 1, err: 'Error: No account named nobody' });
  });

  it('lists and sets server settings, refusing unknown keys and invalid values', async () => {
    const listed = await run('settings', 'list');
    expect(listed.out).toContain('registrations_mode=open');
    expect(listed.out).toContain('site_title=Palchat');
    expect(await run('settings', 'set', 'registrations_mode', 'approval')).toMatchObject({
      code: 0,
      out: 'registrations_mode=approval',
    });
    expect(await run('settings', 'set', 'explore_enabled', 'false')).toMatchObject({
      out: 'explore_enabled=false',
    });
    expect(await getServerSettings(server.db)).toMatchObject({
      registrations_mode: 'approval',
      explore_enabled: false,
    });

    const invalid = await run('settings', 'set', 'registrations_mode', 'sometimes');
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/^Error: Invalid value for registrations_mode/);
    const unknown = await run('settings', 'set', 'colour', 'blue');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown setting "colour"');
    expect((await getServerSettings(server.db)).registrations_mode).toBe('approval');
  });
});

describeEachDialect('admin command line: federation domain blocks', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
  });
  afterAll(async () => server.close());

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(server.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('adds, updates, lists and removes blocks of servers', async () => {
    expect(await run('domain-blocks', 'add', 'Spam.Example')).toMatchObject({
      code: 0,
      out: 'Blocked spam.example (suspend)',
    });
    expect(
      await run('domain-blocks', 'add', 'loud.example', '--severity', 'silence', '--reject-media', 'true'),
    ).toMatchObject({ code: 0, out: 'Blocked loud.example (silence)' });
    // adding again changes the block in place
    expect(await run('domain-blocks', 'add', 'spam.example', '--severity', 'silence')).toMatchObject({
      code: 0,
    });
    expect((await run('domain-blocks', 'list')).out).toBe(
      'loud.example\tsilence\treject_media\nspam.example\tsilence',
    );
    expect(await run('domain-blocks', 'remove', 'spam.example')).toMatchObject({ code: 0 });
    expect((await run('domain-blocks', 'list')).out).toBe('loud.example\tsilence\treject_media');
    expect((await run('domain-blocks', 'remove', 'spam.example')).code).toBe(2);
    expect((await run('domain-blocks', 'add', 'not a domain')).code).toBe(2);
    expect((await run('domain-blocks', 'add', 'x.example', '--severity', 'banish')).code).toBe(2);
  });
});
