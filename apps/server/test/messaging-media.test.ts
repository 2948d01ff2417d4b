import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceSchema, MessagingText, type Message, type MessageMedia } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { call } from './helpers/messaging.js';

function multipart(filename: string, contentType: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = '----palchat-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nA picture\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

describeEachDialect('media uploads for messages', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let png: Buffer;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => server.close());

  async function upload(
    who: TestAccount | null,
    filename: string,
    contentType: string,
    data: Buffer,
    url = '/api/v1/media',
  ) {
    const { body, type } = multipart(filename, contentType, data);
    return server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type, ...(who ? bearer(who) : {}) },
      payload: body,
    });
  }

  it('stores an image with dimensions and a thumbnail, served under /system/', async () => {
    const response = await upload(alice, 'photo.png', 'image/png', png);
    expect(response.statusCode).toBe(200);
    const media = response.json() as MessageMedia;
    expect(media).toMatchObject({
      type: 'image',
      description: 'A picture',
      meta: { width: 1200, height: 800 },
    });
    expect(media.id).toMatch(/^\d+$/);
    expect(typeof media.blurhash).toBe('string');
    const row = await server.db
      .selectFrom('media_attachments')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(row.content_type).toBe('image/png');
    expect(fs.existsSync(path.join(server.config.mediaDir, row.file_path))).toBe(true);
    const thumbnail = await sharp(path.join(server.config.mediaDir, row.thumbnail_path ?? '')).metadata();
    expect(Math.max(thumbnail.width ?? 0, thumbnail.height ?? 0)).toBe(640);
    const served = await server.app.inject({ method: 'GET', url: `/system/${row.file_path}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const v2 = await upload(alice, 'again.png', 'image/png', png, '/api/v2/media');
    expect(v2.statusCode).toBe(200);
  });

  it('refuses other content whatever the file name says, and needs a bearer token', async () => {
    const text = await upload(alice, 'fake.png', 'image/png', Buffer.from('just some text, not an image'));
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({ error: MessagingText.unsupportedMedia });
    const anonymous = await upload(null, 'photo.png', 'image/png', png);
    expect(anonymous.statusCode).toBe(401);
    expect(
      await server.db
        .selectFrom('media_attachments')
        .select('id')
        .where('content_type', '!=', 'image/png')
        .execute(),
    ).toEqual([]);
  });

  it('takes uploads up to the size limits the instance advertises, and refuses larger ones', async () => {
    const instance = await server.app.inject({ url: '/api/v2/instance' });
    const limits = instanceSchema.parse(instance.json()).configuration.media_attachments;
    const MB = 1024 * 1024;
    // a file the server sniffs as MP4 (its `ftyp` box), padded with zeros: videos are stored unparsed
    const mp4 = (size: number) => {
      const data = Buffer.alloc(size);
      data.write('ftypisom', 4, 'latin1');
      return data;
    };
    const paddedPng = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

    // more than the upload route used to read (40 MB), less than the advertised video_size_limit
    expect(limits.video_size_limit).toBeGreaterThan(41 * MB);
    const video = await upload(alice, 'clip.mp4', 'video/mp4', mp4(41 * MB));
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ type: 'video' });

    const image = await upload(alice, 'big.png', 'image/png', paddedPng(limits.image_size_limit + 1));
    expect(image.statusCode).toBe(422);
    expect(image.json()).toMatchObject({ error: MessagingText.fileTooLarge });

    const tooLong = await upload(alice, 'long.mp4', 'video/mp4', mp4(limits.video_size_limit + 1));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ error: MessagingText.fileTooLarge });
  });

  it('lets only the uploader attach media, and only once', async () => {
    const media = (await upload(alice, 'photo.png', 'image/png', png)).json() as MessageMedia;
    const stolen = await call(server, bob, 'POST', '/api/v1/friend_messages', {
      recipient_id: alice.account.id,
      content: 'mine now',
      media_ids: [media.id],
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.error).toBe(MessagingText.mediaNotFound);
    expect(await server.db.selectFrom('messages').select('id').execute()).toEqual([]);
    expect(await server.db.selectFrom('conversations').select('id').execute()).toEqual([]);

    const sent = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bob.account.id,
      content: '   ',
      media_ids: [media.id],
    });
    expect(sent.status).toBe(201);
    const message = sent.json as Message;
    expect(message.content).toBe(' ');
    expect(message.media_attachments).toMatchObject([
      { id: media.id, type: 'image', meta: { width: 1200, height: 800 } },
    ]);

    const reused = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      conversation_id: message.conversation_id,
      content: 'again',
      media_ids: [media.id],
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe(MessagingText.mediaAlreadyUsed);
    const count = await server.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', message.conversation_id)
      .execute();
    expect(count).toHaveLength(1);
    const list = await call(server, bob, 'GET', '/api/v1/friend_messages/conversations');
    expect(
      (list.json as Array<{ last_message: { media_attachments: unknown[] } }>)[0]?.last_message
        .media_attachments,
    ).toHaveLength(1);
  });
});
