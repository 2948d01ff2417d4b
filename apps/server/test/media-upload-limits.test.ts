import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceSchema, MessagingText } from '@palchat/api';
import { formatMessage } from '../src/i18n/format.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { countOf, multipartBody, pngOf, uploadPng } from './helpers/social.js';

const MB = 1024 * 1024;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black-and-white PNG of this size: a few kilobytes for hundreds of megapixels once decoded. */
function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDialect('upload limits: size, pixels and uploads at once', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let limits: { image_size_limit: number; image_matrix_limit: number; video_size_limit: number };
  let huge: Buffer;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-upload-limits-'));
    server = await createTestServer(dialect, { uploads: { tmpDir, perUser: 2 } });
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    const instance = await server.app.inject({ url: '/api/v2/instance' });
    limits = instanceSchema.parse(instance.json()).configuration.media_attachments;
    huge = hugePng(16000, 16000);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  const tmpFiles = () => fs.readdirSync(tmpDir);
  const storedFiles = () => {
    const root = server.config.mediaDir;
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(root, file)).isFile());
  };

  const send = (
    who: TestAccount,
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    files: Record<string, Buffer>,
    fields: Record<string, string> = {},
  ) => {
    const { body, type } = multipartBody(
      fields,
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [name, { data, filename: 'f.png', type: 'image/png' }]),
      ),
    );
    return server.app.inject({
      method,
      url,
      headers: { ...bearer(who), 'content-type': type },
      payload: body,
    });
  };

  it('refuses a file over the advertised size limit with 413, storing nothing and leaving no temporary file', async () => {
    const png = await pngOf(16, 16);
    const rows = await countOf(server, 'media_attachments');
    const stored = storedFiles();
    const image = Buffer.concat([png, Buffer.alloc(limits.image_size_limit + 1 - png.length)]);
    const refused = await send(alice, 'POST', '/api/v2/media', { file: image });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: MessagingText.fileTooLarge });

    const thumbnail = await send(alice, 'POST', '/api/v2/media', { file: png, thumbnail: image });
    expect(thumbnail.statusCode).toBe(413);
    const avatar = await send(alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      avatar: Buffer.concat([png, Buffer.alloc(9 * MB)]),
    });
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json()).toEqual({ error: 'The avatar is too large' });

    expect(await countOf(server, 'media_attachments')).toBe(rows);
    expect(storedFiles()).toEqual(stored);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses content of no allowed type from its first bytes, and leaves nothing behind', async () => {
    const refused = await send(alice, 'POST', '/api/v1/media', { file: Buffer.alloc(3 * MB, 'text ') });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: MessagingText.unsupportedMedia });
    expect(tmpFiles()).toEqual([]);
  });

  it('removes the temporary files of stored uploads too', async () => {
    await uploadPng(server, alice);
    const withThumbnail = await send(alice, 'POST', '/api/v2/media', {
      file: await pngOf(20, 10),
      thumbnail: await pngOf(8, 8),
    });
    expect(withThumbnail.statusCode).toBe(200);
    const avatar = await send(alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      avatar: await pngOf(40, 40),
    });
    expect(avatar.statusCode).toBe(200);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses an image of more pixels than image_matrix_limit with 422 before decoding it, wherever it comes', async () => {
    expect(limits.image_matrix_limit).toBeLessThan(16000 * 16000);
    expect(huge.length).toBeLessThan(limits.image_size_limit);
    const rows = await countOf(server, 'media_attachments');
    const stored = storedFiles();
    const expected = {
      error: expect.stringMatching(/too large: 16000×16000 pixels, more than the 33,177,600 allowed/),
      code: 'image_too_large',
    };
    const media = await send(alice, 'POST', '/api/v2/media', { file: huge });
    expect({ status: media.statusCode, body: media.json() }).toEqual({ status: 422, body: expected });

    const thumbnail = await send(alice, 'POST', '/api/v1/media', {
      file: await pngOf(8, 8),
      thumbnail: huge,
    });
    expect({ status: thumbnail.statusCode, body: thumbnail.json() }).toEqual({ status: 422, body: expected });

    const existing = await uploadPng(server, alice);
    const newThumbnail = await send(alice, 'PUT', `/api/v1/media/${existing.id}`, { thumbnail: huge });
    expect({ status: newThumbnail.statusCode, body: newThumbnail.json() }).toEqual({
      status: 422,
      body: expected,
    });

    for (const field of ['avatar', 'header']) {
      const image = await send(alice, 'PATCH', '/api/v1/accounts/update_credentials', { [field]: huge });
      expect({ field, status: image.statusCode, body: image.json() }).toEqual({
        field,
        status: 422,
        body: expected,
      });
    }
    expect(await countOf(server, 'media_attachments')).toBe(rows + 1);
    expect(storedFiles().length).toBe(stored.length + 2 /* the upload in between and its preview */);
    const account = await server.db
      .selectFrom('accounts')
      .select(['avatar_path', 'header_path'])
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(account.header_path).toBeNull();
    expect(tmpFiles()).toEqual([]);
  });

  it("answers 429 to an account's upload past UPLOADS_PER_USER at once, others going on", async () => {
    const png = await pngOf(32, 32);
    const { body, type } = multipartBody({}, { file: { data: png, filename: 'a.png', type: 'image/png' } });
    // uploads whose bodies are still coming in
    const slow = () => {
      const stream = new PassThrough();
      stream.write(body.subarray(0, 200));
      const response = server.app.inject({
        method: 'POST',
        url: '/api/v2/media',
        headers: { ...bearer(alice), 'content-type': type },
        payload: stream,
      });
      return { finish: () => stream.end(body.subarray(200)), response };
    };
    const first = slow();
    const second = slow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await send(alice, 'POST', '/api/v2/media', { file: png });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      error: formatMessage('en', 'http.too_many_uploads'),
      code: 'too_many_uploads',
    });
    const avatar = await send(alice, 'PATCH', '/api/v1/accounts/update_credentials', { avatar: png });
    expect(avatar.statusCode).toBe(429);
    // another account is not held up
    expect((await send(bob, 'POST', '/api/v2/media', { file: png })).statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await first.response).statusCode).toBe(200);
    expect((await second.response).statusCode).toBe(200);
    // the slots are free again
    expect((await send(alice, 'POST', '/api/v2/media', { file: png })).statusCode).toBe(200);
    expect(tmpFiles()).toEqual([]);
  });

  it('removes the temporary file of an upload whose client goes away halfway', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { body, type } = multipartBody(
      {},
      { file: { data: await pngOf(16, 16), filename: 'a.png', type: 'image/png' } },
    );
    const request = http.request(`${address}/api/v2/media`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': type, 'content-length': String(body.length + 4 * MB) },
    });
    request.on('error', () => undefined);
    request.write(body.subarray(0, body.length - 40));
    request.write(Buffer.alloc(2 * MB));
    // the file is being written
    const deadline = Date.now() + 5000;
    while (tmpFiles().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles().length).toBe(1);
    request.destroy();
    while (tmpFiles().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles()).toEqual([]);
    // and the account's upload slot is free again
    expect((await send(alice, 'POST', '/api/v2/media', { file: await pngOf(8, 8) })).statusCode).toBe(200);
  });
});
