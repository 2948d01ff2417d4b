import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance, MessageMedia } from '@palchat/api';
import { runAdminCommand } from '../src/cli/commands.js';
import { storeEncryptedMedia } from '../src/e2ee/media.js';
import { buildApp } from '../src/http/app.js';
import { cacheRemoteAttachment, cacheRemoteProfileImages } from '../src/media/remote-cache.js';
import { MEDIA_CACHE_CONTROL, S3MediaStorage } from '../src/media/s3-storage.js';
import { deleteSuspendedAccount } from '../src/moderation/accounts.js';
import {
  bearer,
  createAccount,
  insertStatus,
  insertStatusImage,
  type TestAccount,
} from './helpers/factories.js';
import { federationConfig } from './helpers/federation.js';
import { createTestServer, type TestServer } from './helpers/harness.js';
import { startTestBucket, type TestBucket } from './helpers/s3.js';
import { multipartBody, pngOf } from './helpers/social.js';

/** MEDIA_STORAGE=s3 against a real S3 API on loopback (helpers/s3.ts says which server and why). */

const mediaRow = (server: TestServer, id: string) =>
  server.db.selectFrom('media_attachments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A multipart request with one PNG in `field`, answered 200: its JSON. */
async function sendImage<T>(
  server: TestServer,
  who: TestAccount,
  request: { method: 'POST' | 'PATCH'; url: string; field: string },
  data: Buffer,
): Promise<T> {
  const file = { data, filename: 'picture.png', type: 'image/png' };
  const { body, type } = multipartBody({}, { [request.field]: file });
  const response = await server.app.inject({
    method: request.method,
    url: request.url,
    headers: { 'content-type': type, ...bearer(who) },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const uploadImage = (server: TestServer, who: TestAccount, data: Buffer) =>
  sendImage<MessageMedia>(server, who, { method: 'POST', url: '/api/v2/media', field: 'file' }, data);

async function setAvatar(server: TestServer, who: TestAccount, data: Buffer): Promise<string> {
  const update = { method: 'PATCH', url: '/api/v1/accounts/update_credentials', field: 'avatar' } as const;
  await sendImage(server, who, update, data);
  const row = await server.db
    .selectFrom('accounts')
    .select('avatar_path')
    .where('id', '=', who.account.id)
    .executeTakeFirstOrThrow();
  return row.avatar_path!;
}

const localFile = (server: TestServer, key: string) => path.join(server.config.mediaDir, ...key.split('/'));

describe('media in an S3 bucket, served through this server', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let alice: TestAccount;
  let png: Buffer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    server = await createTestServer('sqlite', {
      mediaStorage: 's3',
      s3: bucket.config,
      federation: federationConfig({ allowHttp: true, allowPrivateAddresses: true }),
    });
    alice = await createAccount(server, { username: 'alice' });
    png = await pngOf(900, 600);
  });
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
  });

  it('stores an upload and its preview in the bucket with their type and Cache-Control, not on disk', async () => {
    const media = await uploadImage(server, alice, png);
    const row = await mediaRow(server, media.id);
    expect(media.url).toBe(`${server.config.publicUrl}/system/${row.file_path}`);
    expect(media.preview_url).toBe(`${server.config.publicUrl}/system/${row.thumbnail_path}`);
    expect(await bucket.head(row.file_path!)).toEqual({
      contentType: 'image/png',
      cacheControl: MEDIA_CACHE_CONTROL,
      size: png.length,
    });
    expect(await bucket.head(row.thumbnail_path!)).toMatchObject({ contentType: 'image/webp' });
    expect(await bucket.bytes(row.file_path!)).toEqual(png);
    expect(fs.existsSync(localFile(server, row.file_path!))).toBe(false);
  });

  it('streams a stored file under /system/ with the local headers, ranges and revalidation', async () => {
    const media = await uploadImage(server, alice, png);
    const url = new URL(media.url).pathname;
    const whole = await server.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(png);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': MEDIA_CACHE_CONTROL,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(String(whole.headers['content-security-policy'])).toContain('sandbox');

    const head = await server.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);

    const part = await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=8-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
    expect(part.rawPayload).toEqual(png.subarray(8, 16));

    const etag = String(whole.headers.etag);
    const again = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const beyond = await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=99999999-' } });
    expect(beyond.statusCode).toBe(416);
    for (const missing of ['/system/media_attachments/nothing.png', '/system/a/%2e%2e/b.png'])
      expect((await server.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
  });

  it('keeps the site thumbnail in the bucket', async () => {
    const instance = (await server.app.inject({ method: 'GET', url: '/api/v2/instance' })).json<Instance>();
    expect(instance.thumbnail.url).toBe(`${server.config.publicUrl}/system/site/thumbnail.png`);
    expect(instance.thumbnail.blurhash).toEqual(expect.any(String));
    expect(await bucket.head('site/thumbnail.png')).toMatchObject({ contentType: 'image/png' });
    expect(await bucket.head('site/thumbnail@1x.png')).toMatchObject({ contentType: 'image/png' });
    const file = await server.app.inject({ method: 'GET', url: '/system/site/thumbnail.png' });
    expect(file.statusCode).toBe(200);
  });

  it('stores an avatar in the bucket and removes the one it replaces', async () => {
    const first = await setAvatar(server, alice, png);
    expect(await bucket.head(first)).toMatchObject({ contentType: 'image/webp' });
    const second = await setAvatar(server, alice, await pngOf(300, 300));
    expect(second).not.toBe(first);
    expect(await bucket.head(first)).toBeNull();
    const account = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/accounts/verify_credentials',
        headers: bearer(alice),
      })
    ).json<{ avatar: string }>();
    expect(account.avatar).toBe(`${server.config.publicUrl}/system/${second}`);
    const served = await server.app.inject({ method: 'GET', url: new URL(account.avatar).pathname });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload).toEqual(await bucket.bytes(second));
  });

  it('copies a remote attachment and a remote avatar into the bucket', async () => {
    const remoteImage = await pngOf(320, 200);
    const origin = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(remoteImage);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const remoteUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/file.png`;
    try {
      const { account: bob } = await createAccount(server, {
        username: 'bob',
        domain: 'remote.example',
        avatar_remote_url: remoteUrl,
      });
      const status = await insertStatus(server, bob);
      const mediaId = await insertStatusImage(server, status, { remote_url: remoteUrl });
      expect(await cacheRemoteAttachment(server.ctx, mediaId)).toBe('cached');
      const row = await mediaRow(server, mediaId);
      expect(await bucket.bytes(row.file_path!)).toEqual(remoteImage);
      expect(await bucket.head(row.thumbnail_path!)).toMatchObject({ contentType: 'image/webp' });
      expect(await cacheRemoteProfileImages(server.ctx, bob.id)).toMatchObject({ avatar: 'cached' });
      const { avatar_path } = await server.db
        .selectFrom('accounts')
        .select('avatar_path')
        .where('id', '=', bob.id)
        .executeTakeFirstOrThrow();
      expect(await bucket.head(avatar_path!)).toMatchObject({ contentType: 'image/webp' });
    } finally {
      await new Promise((resolve) => origin.close(resolve));
    }
  });

  it('serves encrypted chat files as opaque bytes to any origin', async () => {
    const viewer = await server.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    const ciphertext = Buffer.from('not really ciphertext, but opaque all the same');
    const stored = await storeEncryptedMedia(server.ctx, viewer, { data: ciphertext }, undefined);
    const key = new URL(stored.url).pathname.replace('/system/', '');
    expect(await bucket.head(key)).toMatchObject({ contentType: 'application/octet-stream' });
    const served = await server.app.inject({ method: 'GET', url: new URL(stored.url).pathname });
    expect(served.rawPayload).toEqual(ciphertext);
    expect(served.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'access-control-allow-origin': '*',
    });
  });

  it('removes the files of a status deleted with its media, and of a deleted account', async () => {
    const media = await uploadImage(server, alice, png);
    const posted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(alice),
      payload: { status: 'with a picture', media_ids: [media.id] },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const row = await mediaRow(server, media.id);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${posted.json<{ id: string }>().id}?delete_media=true`,
      headers: bearer(alice),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await bucket.head(row.file_path!)).toBeNull();
    expect(await bucket.head(row.thumbnail_path!)).toBeNull();

    const mallory = await createAccount(server, { username: 'mallory' });
    const upload = await mediaRow(server, (await uploadImage(server, mallory, png)).id);
    const avatar = await setAvatar(server, mallory, png);
    const admin = await createAccount(server, { username: 'root', role: 'admin' });
    await server.db
      .updateTable('accounts')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', mallory.account.id)
      .execute();
    const rowOf = (id: string) =>
      server.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await deleteSuspendedAccount(server.ctx, await rowOf(admin.account.id), await rowOf(mallory.account.id));
    for (const key of [upload.file_path!, upload.thumbnail_path!, avatar])
      expect(await bucket.head(key), key).toBeNull();
  });
});

describe('media in an S3 bucket with a public URL (S3_PUBLIC_URL)', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let alice: TestAccount;

  beforeAll(async () => {
    bucket = await startTestBucket({ publicUrl: true });
    server = await createTestServer('sqlite', { mediaStorage: 's3', s3: bucket.config });
    alice = await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
  });

  it('gives URLs on the bucket, which serves the bytes, and redirects /system/ there', async () => {
    const png = await pngOf(64, 64);
    const media = await uploadImage(server, alice, png);
    const row = await mediaRow(server, media.id);
    expect(media.url).toBe(bucket.objectUrl(row.file_path!));
    const fetched = await fetch(media.url);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(png);
    const old = await server.app.inject({ method: 'GET', url: `/system/${row.file_path}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(media.url);
  });
});

describe('media migrate-to-s3', () => {
  let bucket: TestBucket;
  let server: TestServer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    server = await createTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
  });

  it('copies the local files to the bucket, resumes, removes local copies on request, and the URLs keep working', async () => {
    const alice = await createAccount(server, { username: 'alice' });
    const png = await pngOf(500, 400);
    const media = await uploadImage(server, alice, png);
    const avatar = await setAvatar(server, alice, png);
    const row = await mediaRow(server, media.id);
    await server.app.inject({ method: 'GET', url: '/api/v2/instance' });
    const keys = [row.file_path!, row.thumbnail_path!, avatar, 'site/thumbnail.png', 'site/thumbnail@1x.png'];
    const storage = new S3MediaStorage(bucket.config);
    const migrate = async (...args: string[]) => {
      const out: string[] = [];
      const code = await runAdminCommand(
        server.db,
        ['media', 'migrate-to-s3', ...args],
        { out: (line) => out.push(line), err: (line) => out.push(line) },
        undefined,
        storage,
        server.config.mediaDir,
      );
      return { code, out: out.join('\n') };
    };

    // a run stopped after one file: the next run sends only the others
    await storage.putFile(row.file_path!, localFile(server, row.file_path!), 'image/png');
    const first = await migrate();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(
      /^5 files in .*: 4 copied to bucket palchat-media \(.* MB\), 1 already there, 0 local files removed, 0 failed$/,
    );
    expect(await bucket.keys()).toEqual([...keys].sort());
    expect(await bucket.head(avatar)).toMatchObject({
      contentType: 'image/webp',
      cacheControl: MEDIA_CACHE_CONTROL,
    });
    expect(await bucket.bytes(row.file_path!)).toEqual(png);

    const second = await migrate('--delete-local');
    expect(second.out).toMatch(/: 0 copied .*, 5 already there, 5 local files removed, 0 failed$/);
    for (const key of keys) expect(fs.existsSync(localFile(server, key)), key).toBe(false);
    expect((await migrate('--keep')).code).toBe(2);

    // the same rows, now served from the bucket
    const onBucket = await buildApp({
      ...server.ctx,
      config: { ...server.config, mediaStorage: 's3', s3: bucket.config },
      media: storage,
    });
    try {
      const listed = await onBucket.inject({
        method: 'GET',
        url: `/api/v1/media/${media.id}`,
        headers: bearer(alice),
      });
      expect(listed.json<MessageMedia>().url).toBe(media.url);
      const served = await onBucket.inject({ method: 'GET', url: new URL(media.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(png);
    } finally {
      await onBucket.close();
    }
  });

  it('refuses to run without a bucket configured', async () => {
    const out: string[] = [];
    const code = await runAdminCommand(
      server.db,
      ['media', 'migrate-to-s3'],
      { out: (line) => out.push(line), err: (line) => out.push(line) },
      undefined,
      server.ctx.media,
      server.config.mediaDir,
    );
    expect(code).toBe(2);
    expect(out.join('\n')).toContain('needs MEDIA_STORAGE=s3');
  });
});
