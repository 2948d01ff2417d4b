import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/commands.js';
import { getServerSettings } from '../src/settings/service.js';
import { mediaStorageFor } from '../src/media/storage.js';
import { newId } from '../src/lib/ids.js';
import { accountRow, follow, insertStatus } from './helpers/factories.js';
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
    const code = await runAdminCommand(
      server.db,
      argv,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      undefined,
      mediaStorageFor(server.ctx),
    );
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

  it('media remove: prunes old copies of remote media, keeping what local people boosted or bookmarked', async () => {
    const storage = mediaStorageFor(server.ctx);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const remoteAccount = async (username: string, avatar: string) => {
      const row = accountRow(username, {
        domain: 'far.example',
        avatar_path: avatar,
        avatar_remote_url: `https://far.example/${avatar}`,
        fetched_at: daysAgo(30),
      });
      await server.db.insertInto('accounts').values(row).execute();
      await storage.put(avatar, Buffer.from('avatar'), 'image/webp');
      return row;
    };
    const stranger = await remoteAccount('stranger', 'accounts/avatars/stranger.webp');
    const friend = await remoteAccount('friend', 'accounts/avatars/friend.webp');
    const local = await account('admin');
    await follow(server, local, friend);
    const mediaOf = async (days: number, name: string) => {
      const status = await insertStatus(server, stranger, { text: name, local: 0 });
      const id = newId();
      const key = `media_attachments/cli/${name}.png`;
      await storage.put(key, Buffer.alloc(1024), 'image/png');
      await server.db
        .insertInto('media_attachments')
        .values({
          id,
          account_id: stranger.id,
          type: 'image',
          file_path: key,
          thumbnail_path: null,
          remote_url: `https://far.example/${name}.png`,
          content_type: 'image/png',
          file_size: 1024,
          width: 8,
          height: 8,
          blurhash: null,
          description: null,
          focus_x: null,
          focus_y: null,
          status_id: status.id,
          message_id: null,
          created_at: daysAgo(days),
          duration: null,
          preview_width: null,
          preview_height: null,
          remote_cache_requested_at: daysAgo(days),
        })
        .execute();
      return { id, status, key };
    };
    const old = await mediaOf(10, 'old');
    const recent = await mediaOf(1, 'recent');
    const bookmarked = await mediaOf(10, 'bookmarked');
    await server.db
      .insertInto('bookmarks')
      .values({ id: newId(), account_id: local.id, status_id: bookmarked.status.id, created_at: daysAgo(0) })
      .execute();
    const row = (id: string) =>
      server.db.selectFrom('media_attachments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stored = (key: string) => fs.existsSync(path.join(server.config.mediaDir, ...key.split('/')));

    expect((await run('media', 'remove', '--days')).code).toBe(2);
    expect((await run('media', 'remove', '--weeks', '2')).code).toBe(2);
    expect(await run('media', 'remove', '--days', '7', '--dry-run')).toMatchObject({
      code: 0,
      out: 'Would remove 1 files: 1 remote attachments (0.0 MB)',
    });
    expect(stored(old.key)).toBe(true);

    expect(await run('media', 'remove', '--days', '7', '--prune-profiles')).toMatchObject({
      code: 0,
      out: 'Removed 2 files: 1 remote attachments (0.0 MB) and the avatars and headers of 1 remote accounts',
    });
    expect(await row(old.id)).toMatchObject({
      file_path: null,
      remote_cache_requested_at: null,
      file_size: 0,
    });
    expect(stored(old.key)).toBe(false);
    expect((await row(recent.id)).file_path).toBe(recent.key);
    expect((await row(bookmarked.id)).file_path).toBe(bookmarked.key);
    const avatarOf = async (id: string) =>
      (
        await server.db
          .selectFrom('accounts')
          .select('avatar_path')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).avatar_path;
    expect(await avatarOf(stranger.id)).toBeNull();
    expect(stored('accounts/avatars/stranger.webp')).toBe(false);
    expect(await avatarOf(friend.id)).toBe('accounts/avatars/friend.webp');
  });
});
