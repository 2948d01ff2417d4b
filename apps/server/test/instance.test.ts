import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceSchema, instanceV1Schema } from '@palchat/api';
import { isoDaysAgo } from '../src/lib/time.js';
import { runAdminCommand } from '../src/cli/commands.js';
import { updateServerSettings } from '../src/settings/service.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUpSession } from './helpers/auth.js';

describeEachDialect('instance information', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      publicUrl: 'https://pals.example',
      localDomain: 'pals.example',
    });
    for (const name of ['recent', 'edge', 'old', 'never', 'boss']) await signUpSession(server, name);
    const setActivity = (username: string, at: string | null) =>
      server.db
        .updateTable('accounts')
        .set({ last_active_at: at })
        .where('username', '=', username)
        .execute();
    await setActivity('recent', isoDaysAgo(1));
    await setActivity('edge', isoDaysAgo(29.9));
    await setActivity('old', isoDaysAgo(31));
    await setActivity('never', null);
    await setActivity('boss', isoDaysAgo(45));
    await server.db
      .updateTable('accounts')
      .set({ statuses_count: 3 })
      .where('username', '=', 'recent')
      .execute();
    await server.db
      .updateTable('accounts')
      .set({ display_name: 'The Boss' })
      .where('username', '=', 'boss')
      .execute();
    await updateServerSettings(server.db, {
      site_title: 'Pals',
      site_short_description: 'A place for pals',
      site_description: 'Long description',
      site_contact_username: 'boss',
      site_contact_email: 'staff@pals.example',
      registrations_mode: 'approval',
      closed_registrations_message: 'Ask a friend',
      explore_enabled: 'false',
      single_user_mode_username: 'boss',
    });
  });
  afterAll(async () => server.close());

  it('answers v2 with SPEC §3 Server fields, counting only accounts active in the last 30 days', async () => {
    const response = await server.app.inject({ url: '/api/v2/instance' });
    expect(response.statusCode).toBe(200);
    const instance = instanceSchema.parse(response.json());
    expect(instance).toMatchObject({
      domain: 'pals.example',
      title: 'Pals',
      description: 'A place for pals',
      usage: { users: { active_month: 2 } },
      languages: ['en'],
      registrations: { enabled: true, approval_required: true, message: 'Ask a friend', url: null },
      contact: { email: 'staff@pals.example' },
      rules: [],
      palchat: {
        single_user_mode_account: 'boss',
        explore_enabled: false,
        timeline_preview: true,
        sso_redirect: null,
      },
    });
    expect(instance.version).toMatch(/^4\.\d+\.\d+ \(compatible; Palchat /);
    expect(instance.contact.account).toMatchObject({ username: 'boss', display_name: 'The Boss' });
    expect(instance.configuration).toMatchObject({
      urls: { streaming: 'wss://pals.example' },
      statuses: { max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 },
      media_attachments: {
        supported_mime_types: [
          'image/jpeg',
          'image/png',
          'image/gif',
          'image/webp',
          'video/mp4',
          'video/webm',
          'audio/mpeg',
          'audio/mp3',
          'audio/ogg',
          'audio/wav',
          'audio/wave',
          'audio/x-wav',
          'audio/flac',
          'audio/x-flac',
          'audio/mp4',
          'audio/m4a',
          'audio/x-m4a',
        ],
      },
    });
    expect(instance.thumbnail.url).toBe('https://pals.example/system/site/thumbnail.png');
    expect(instance.thumbnail.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{20,}$/);
    expect(instance.thumbnail.versions).toEqual({
      '@1x': 'https://pals.example/system/site/thumbnail@1x.png',
      '@2x': 'https://pals.example/system/site/thumbnail.png',
    });
  });

  it('generated the default thumbnail into the media folder', () => {
    const file = path.join(server.config.mediaDir, 'site/thumbnail.png');
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });

  it('serves the thumbnail under /system/', async () => {
    const response = await server.app.inject({ url: '/system/site/thumbnail.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('answers v1 in Mastodon’s older shape', async () => {
    const response = await server.app.inject({ url: '/api/v1/instance' });
    expect(response.statusCode).toBe(200);
    const instance = instanceV1Schema.parse(response.json());
    expect(instance).toMatchObject({
      uri: 'pals.example',
      title: 'Pals',
      short_description: 'A place for pals',
      description: 'Long description',
      email: 'staff@pals.example',
      urls: { streaming_api: 'wss://pals.example' },
      stats: { user_count: 5, status_count: 3, domain_count: 0 },
      thumbnail: 'https://pals.example/system/site/thumbnail.png',
      registrations: true,
      approval_required: true,
      rules: [],
    });
    expect(instance.contact_account?.username).toBe('boss');
    expect(instance.configuration.statuses.max_media_attachments).toBe(4);
  });

  it('reflects closed registrations and a single sign-on URL', async () => {
    // as an operator changes them: the admin command announces the change to the servers on the bus
    const setting = (key: string, value: string) =>
      runAdminCommand(
        server.db,
        ['settings', 'set', key, value],
        { out: () => {}, err: () => {} },
        server.ctx.bus,
      );
    expect(await setting('registrations_mode', 'closed')).toBe(0);
    expect(await setting('sso_redirect_url', 'https://sso.example/login')).toBe(0);
    const v2 = instanceSchema.parse((await server.app.inject({ url: '/api/v2/instance' })).json());
    expect(v2.registrations).toMatchObject({ enabled: false, url: 'https://sso.example/login' });
    expect(v2.palchat.sso_redirect).toBe('https://sso.example/login');
    const v1 = instanceV1Schema.parse((await server.app.inject({ url: '/api/v1/instance' })).json());
    expect(v1.registrations).toBe(false);
  });
});
