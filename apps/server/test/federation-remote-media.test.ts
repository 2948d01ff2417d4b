import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/commands.js';
import { mediaStorageFor } from '../src/media/storage.js';
import { newId } from '../src/lib/ids.js';
import { bearer, createAccount, follow, type TestAccount } from './helpers/factories.js';
import { mastodonActivities, mastodonNote } from './helpers/activitypub.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('remote media cached locally', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let stranger: RemoteActor;
  let alice: TestAccount;
  let carol: TestAccount;
  const { activity } = mastodonActivities();
  const inbox = () => `${server.url}/inbox`;

  const accountOf = (actor: RemoteActor) =>
    server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirst();
  const mediaOfStatus = (uri: string) =>
    server.db
      .selectFrom('media_attachments')
      .innerJoin('statuses', 'statuses.id', 'media_attachments.status_id')
      .selectAll('media_attachments')
      .where('statuses.uri', '=', uri)
      .execute();
  const statusId = async (uri: string) =>
    (await server.db.selectFrom('statuses').select('id').where('uri', '=', uri).executeTakeFirstOrThrow()).id;
  const api = async (who: TestAccount, url: string) => {
    const response = await server.app.inject({ method: 'GET', url, headers: bearer(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const storedFile = (key: string) => path.join(server.config.mediaDir, ...key.split('/'));
  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runAdminCommand(
      server.db,
      argv,
      { out: (line) => out.push(line), err: (line) => out.push(line) },
      undefined,
      mediaStorageFor(server.ctx),
    );
    return { code, out: out.join('\n') };
  };
  /** An admin's block of the stub server's domain; resolves with its id. */
  const blockRemote = async (rule: { severity: 'noop' | 'silence'; reject_media: 0 | 1 }) => {
    const id = newId();
    const now = new Date().toISOString();
    await server.db
      .insertInto('instance_domain_blocks')
      .values({
        id,
        domain: remote.host,
        ...rule,
        reject_reports: 0,
        private_comment: null,
        public_comment: null,
        obfuscate: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  /** Posts a public Note by bob with these attachments; resolves with its uri once stored. */
  const postWithMedia = async (
    attachment: Record<string, unknown>[],
    extra: Record<string, unknown> = {},
  ) => {
    const note = mastodonNote(bob.id, `${bob.id}/statuses/${newId()}`, { attachment, ...extra });
    await remote.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () => (await mediaOfStatus(note.id)).length === attachment.length);
    return note.id;
  };

  beforeAll(async () => {
    remote = await startRemoteServer();
    remote.serveFile('/system/avatars/bob.png', {
      data: await png(600, 600, '#3366ff'),
      contentType: 'image/png',
    });
    remote.serveFile('/system/headers/bob.png', {
      data: await png(1500, 500, '#ffcc00'),
      contentType: 'image/png',
    });
    remote.serveFile('/system/avatars/stranger.png', {
      data: await png(100, 100, '#00aa00'),
      contentType: 'image/png',
    });
    bob = await remote.addActor('bob', {
      image: { type: 'Image', mediaType: 'image/png', url: `${remote.url}/system/headers/bob.png` },
    });
    stranger = await remote.addActor('stranger');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await remote.post(inbox(), activity(bob, 'Update', bob.document));
    await waitUntil(async () => Boolean(await accountOf(bob)));
    await follow(server, alice, (await accountOf(bob))!);
  });
  afterAll(async () => {
    await server?.close();
    await remote?.close();
  });

  it('copies a remote account’s avatar and header, served like local media', async () => {
    await waitUntil(async () => {
      const row = await accountOf(bob);
      return Boolean(row?.avatar_path && row.header_path);
    });
    const row = (await accountOf(bob))!;
    const account = (await api(alice, `/api/v1/accounts/${row.id}`)) as Record<string, string>;
    expect(account.avatar).toBe(`${server.url}/system/${row.avatar_path}`);
    expect(account.avatar_static).toBe(account.avatar);
    expect(account.header).toBe(`${server.url}/system/${row.header_path}`);
    expect(account.header_static).toBe(account.header);
    const file = await server.app.inject({ method: 'GET', url: `/system/${row.avatar_path}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    // resized as local avatars are
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
  });

  it('copies a post’s image with a preview, dimensions and blurhash; remote_url keeps the original', async () => {
    const original = `${remote.url}/system/media/photo.png`;
    remote.serveFile('/system/media/photo.png', {
      data: await png(1280, 720, '#aa2233'),
      contentType: 'image/png',
    });
    const uri = await postWithMedia([
      { type: 'Document', mediaType: 'image/png', url: original, name: 'a red photo' },
    ]);
    await waitUntil(async () => Boolean((await mediaOfStatus(uri))[0]?.file_path));
    const status = (await api(alice, `/api/v1/statuses/${await statusId(uri)}`)) as {
      media_attachments: Record<string, unknown>[];
    };
    const [media] = status.media_attachments;
    expect(media).toMatchObject({
      type: 'image',
      remote_url: original,
      description: 'a red photo',
      meta: { original: { width: 1280, height: 720 }, small: { width: 640, height: 360 } },
    });
    expect(String(media!.url)).toMatch(new RegExp(`^${server.url}/system/media_attachments/.+\\.png$`));
    expect(String(media!.preview_url)).toMatch(/_small\.webp$/);
    expect(media!.blurhash).toEqual(expect.any(String));
    const file = await server.app.inject({ method: 'GET', url: new URL(String(media!.url)).pathname });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps pointing at the remote file when it cannot be copied (not a media file)', async () => {
    const original = `${remote.url}/system/media/fake.png`;
    remote.serveFile('/system/media/fake.png', {
      data: Buffer.from('<html>not an image</html>'),
      contentType: 'image/png',
    });
    const uri = await postWithMedia([{ type: 'Document', mediaType: 'image/png', url: original }]);
    await waitUntil(() => (remote.reads.get('/system/media/fake.png') ?? 0) > 0);
    // a later post is copied: the refused one was handled before it
    remote.serveFile('/system/media/after.png', {
      data: await png(10, 10, '#000000'),
      contentType: 'image/png',
    });
    const later = await postWithMedia([
      { type: 'Document', mediaType: 'image/png', url: `${remote.url}/system/media/after.png` },
    ]);
    await waitUntil(async () => Boolean((await mediaOfStatus(later))[0]?.file_path));
    expect((await mediaOfStatus(uri))[0]!.file_path).toBeNull();
    const status = (await api(alice, `/api/v1/statuses/${await statusId(uri)}`)) as {
      media_attachments: Record<string, unknown>[];
    };
    expect(status.media_attachments[0]).toMatchObject({ url: original, remote_url: original });
  });

  it('media remove prunes old copies (and unfollowed profiles’ images); a later view fetches them again', async () => {
    await remote.post(inbox(), activity(stranger, 'Update', stranger.document));
    await waitUntil(async () => Boolean((await accountOf(stranger))?.avatar_path));
    const strangerBefore = (await accountOf(stranger))!;
    const bobBefore = (await accountOf(bob))!;
    remote.serveFile('/system/media/old.png', {
      data: await png(32, 32, '#123456'),
      contentType: 'image/png',
    });
    const uri = await postWithMedia([
      { type: 'Document', mediaType: 'image/png', url: `${remote.url}/system/media/old.png` },
    ]);
    await waitUntil(async () => Boolean((await mediaOfStatus(uri))[0]?.file_path));
    const before = (await mediaOfStatus(uri))[0]!;

    expect((await admin('media', 'remove', '--days', 'x')).code).toBe(2);
    const dryRun = await admin('media', 'remove', '--days', '0', '--dry-run');
    expect(dryRun.out).toMatch(/^Would remove \d+ files/);
    expect(fs.existsSync(storedFile(before.file_path!))).toBe(true);

    const result = await admin('media', 'remove', '--days', '0', '--prune-profiles');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Removed \d+ files: \d+ remote attachments \(.+ MB\) and the avatars and headers of 1 remote accounts$/,
    );
    const after = (await mediaOfStatus(uri))[0]!;
    expect(after).toMatchObject({ file_path: null, thumbnail_path: null, remote_cache_requested_at: null });
    expect(fs.existsSync(storedFile(before.file_path!))).toBe(false);
    // nobody here follows the stranger: their avatar went; bob's stays (alice follows him)
    expect((await accountOf(stranger))!.avatar_path).toBeNull();
    expect(fs.existsSync(storedFile(strangerBefore.avatar_path!))).toBe(false);
    expect((await accountOf(bob))!.avatar_path).toBe(bobBefore.avatar_path);

    // the API falls back to the remote file, and showing the post asks for a copy again
    const status = (await api(alice, `/api/v1/statuses/${await statusId(uri)}`)) as {
      media_attachments: Record<string, unknown>[];
    };
    expect(status.media_attachments[0]!.url).toBe(`${remote.url}/system/media/old.png`);
    await waitUntil(async () => Boolean((await mediaOfStatus(uri))[0]?.file_path));
  });

  it('reject_media: nothing is downloaded from the server, attachments are unknown links', async () => {
    const blockId = await blockRemote({ severity: 'noop', reject_media: 1 });
    try {
      const original = `${remote.url}/system/media/rejected.png`;
      remote.serveFile('/system/media/rejected.png', {
        data: await png(8, 8, '#ffffff'),
        contentType: 'image/png',
      });
      const uri = await postWithMedia([{ type: 'Document', mediaType: 'image/png', url: original }]);
      const status = (await api(alice, `/api/v1/statuses/${await statusId(uri)}`)) as {
        media_attachments: Record<string, unknown>[];
      };
      expect(status.media_attachments[0]).toMatchObject({
        type: 'unknown',
        url: original,
        preview_url: null,
        remote_url: original,
      });
      // the profile gets the default images, and the profile images are not fetched again
      await remote.post(inbox(), activity(stranger, 'Update', stranger.document));
      await waitUntil(async () => (await accountOf(stranger))!.avatar_remote_url === null);
      const account = (await api(alice, `/api/v1/accounts/${(await accountOf(stranger))!.id}`)) as {
        avatar: string;
      };
      expect(account.avatar).toBe(`${server.url}/avatars/original/missing.png`);
      expect(remote.reads.get('/system/media/rejected.png')).toBeUndefined();
    } finally {
      await server.db.deleteFrom('instance_domain_blocks').where('id', '=', blockId).execute();
    }
  });

  it('silence: the server’s posts leave public and hashtag timelines for people who do not follow them', async () => {
    const note = mastodonNote(bob.id, `${bob.id}/statuses/${newId()}`, {
      content: '<p>limited #quietplace</p>',
      tag: [{ type: 'Hashtag', name: '#quietplace', href: `${remote.url}/tags/quietplace` }],
    });
    await remote.post(inbox(), activity(bob, 'Create', note));
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('statuses').select('id').where('uri', '=', note.id).executeTakeFirst(),
      ),
    );
    const uris = async (who: TestAccount, url: string) =>
      ((await api(who, url)) as { uri: string }[]).map((status) => status.uri);
    expect(await uris(carol, '/api/v1/timelines/public?remote=true')).toContain(note.id);
    expect(await uris(carol, '/api/v1/timelines/tag/quietplace')).toContain(note.id);

    const blockId = await blockRemote({ severity: 'silence', reject_media: 0 });
    try {
      expect(await uris(carol, '/api/v1/timelines/public?remote=true')).not.toContain(note.id);
      expect(await uris(carol, '/api/v1/timelines/public')).not.toContain(note.id);
      expect(await uris(carol, '/api/v1/timelines/tag/quietplace')).not.toContain(note.id);
      // alice follows bob: she still sees him everywhere
      expect(await uris(alice, '/api/v1/timelines/public?remote=true')).toContain(note.id);
      expect(await uris(alice, '/api/v1/timelines/tag/quietplace')).toContain(note.id);
      // not offered in search completions to others, found by the exact name
      const bobId = (await accountOf(bob))!.id;
      const search = async (who: TestAccount, q: string) =>
        ((await api(who, `/api/v1/accounts/search?q=${encodeURIComponent(q)}`)) as { id: string }[]).map(
          (account) => account.id,
        );
      expect(await search(carol, 'bo')).not.toContain(bobId);
      expect(await search(carol, 'bob')).toContain(bobId);
      expect(await search(alice, 'bo')).toContain(bobId);
    } finally {
      await server.db.deleteFrom('instance_domain_blocks').where('id', '=', blockId).execute();
    }
    expect(await uris(carol, '/api/v1/timelines/public?remote=true')).toContain(note.id);
  });
});
