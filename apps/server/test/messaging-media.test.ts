import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceSchema, MessagingText, type Message, type MessageMedia } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { call } from './helpers/messaging.js';
import { multipartBody } from './helpers/social.js';

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
    const media = response.json<MessageMedia>();
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
    expect(fs.existsSync(path.join(server.config.mediaDir, row.file_path ?? ''))).toBe(true);
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
    expect(image.statusCode).toBe(413);
    expect(image.json()).toMatchObject({ error: MessagingText.fileTooLarge });

    const tooLong = await upload(alice, 'long.mp4', 'video/mp4', mp4(limits.video_size_limit + 1));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ error: MessagingText.fileTooLarge });
  });

  it('lets only the uploader attach media, and only once', async () => {
    const media = (await upload(alice, 'photo.png', 'image/png', png)).json<MessageMedia>();
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

// ---- files built byte by byte: the smallest headers the server reads ----

const u32be = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u32le = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const box = (type: string, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32be(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const version0 = Buffer.from([0, 0, 0, 0]);
const IDENTITY_MATRIX = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32be));

/** An MP4 with ftyp, an empty mdat and a moov holding mvhd and one video track (tkhd, hdlr 'vide'). */
function mp4Of(width: number, height: number, seconds: number): Buffer {
  const mvhd = box(
    'mvhd',
    version0,
    u32be(0),
    u32be(0),
    u32be(1000),
    u32be(seconds * 1000),
    Buffer.alloc(80),
  );
  const tkhd = box(
    'tkhd',
    version0,
    Buffer.alloc(20),
    Buffer.alloc(16),
    IDENTITY_MATRIX,
    u32be(width * 65536),
    u32be(height * 65536),
  );
  const hdlr = box('hdlr', version0, u32be(0), Buffer.from('vide', 'latin1'), Buffer.alloc(13));
  return Buffer.concat([
    box('ftyp', Buffer.from('isom', 'latin1'), u32be(512), Buffer.from('isomavc1', 'latin1')),
    box('mdat', Buffer.alloc(256)),
    box('moov', mvhd, box('trak', tkhd, box('mdia', hdlr))),
  ]);
}

/** A WebM whose segment holds Info (duration 4 s at the default scale) and one 320×240 video track. */
function webmOf(): Buffer {
  const element = (id: number[], ...content: Buffer[]): Buffer => {
    const body = Buffer.concat(content);
    return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
  };
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(4000);
  const pixels = (value: number) => Buffer.from([value >> 8, value & 0xff]);
  return Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm'))),
    element(
      [0x18, 0x53, 0x80, 0x67],
      element([0x15, 0x49, 0xa9, 0x66], element([0x44, 0x89], duration)),
      element(
        [0x16, 0x54, 0xae, 0x6b],
        element(
          [0xae],
          element([0x83], Buffer.from([1])),
          element([0xe0], element([0xb0], pixels(320)), element([0xba], pixels(240))),
        ),
      ),
    ),
  ]);
}

/** 8-bit mono PCM at 8 kHz. */
function wavOf(seconds: number): Buffer {
  const data = Buffer.alloc(seconds * 8000, 0x80);
  const fmt = Buffer.concat([Buffer.from([1, 0, 1, 0]), u32le(8000), u32le(8000), Buffer.from([1, 0, 8, 0])]);
  const body = Buffer.concat([
    Buffer.from('WAVEfmt ', 'latin1'),
    u32le(fmt.length),
    fmt,
    Buffer.from('data', 'latin1'),
    u32le(data.length),
    data,
  ]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** An ID3v2 tag, then MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz (417 bytes each). */
function mp3Of(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x00]).copy(frame);
  const tag = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0])]);
  return Buffer.concat([tag, ...Array.from({ length: frames }, () => frame)]);
}

/** Ogg Vorbis: the identification page (44.1 kHz), then a page ending at sample 44,100 (1 s). */
function oggOf(): Buffer {
  const page = (granule: number, packet: Buffer): Buffer => {
    const head = Buffer.alloc(27);
    head.write('OggS', 0, 'latin1');
    head.writeBigInt64LE(BigInt(granule), 6);
    head.writeUInt32LE(1234, 14);
    head[26] = 1;
    return Buffer.concat([head, Buffer.from([packet.length]), packet]);
  };
  const identification = Buffer.concat([
    Buffer.from('\x01vorbis', 'latin1'),
    u32le(0),
    Buffer.from([2]),
    u32le(44_100),
    Buffer.alloc(14),
  ]);
  return Buffer.concat([page(0, identification), page(44_100, Buffer.alloc(64))]);
}

interface UploadedMedia {
  id: string;
  type: string;
  url: string;
  preview_url: string | null;
  blurhash: string | null;
  meta: {
    width: number | null;
    height: number | null;
    original?: { width?: number; height?: number; aspect?: number; duration?: number };
    small?: { width?: number; height?: number };
  };
}

describeEachDialect('media uploads for posts: video posters and sizes, animated GIFs, audio', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  type Part = { data: Buffer; filename: string; type: string };
  async function send(method: 'POST' | 'PUT', url: string, files: Record<string, Part>) {
    const { body, type } = multipartBody({}, files);
    return server.app.inject({
      method,
      url,
      headers: { ...bearer(alice), 'content-type': type },
      payload: body,
    });
  }
  const uploadFile = (file: Part, thumbnail?: Part) =>
    send('POST', '/api/v2/media', thumbnail ? { file, thumbnail } : { file });
  async function uploaded(file: Part, thumbnail?: Part): Promise<UploadedMedia> {
    const response = await uploadFile(file, thumbnail);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UploadedMedia>();
  }
  const served = async (url: string) =>
    (await server.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;
  const poster = async (width: number, height: number): Promise<Part> => ({
    data: await sharp({ create: { width, height, channels: 3, background: '#208040' } })
      .jpeg()
      .toBuffer(),
    filename: 'poster.jpg',
    type: 'image/jpeg',
  });
  const mp4 = (width: number, height: number, seconds: number): Part => ({
    data: mp4Of(width, height, seconds),
    filename: 'clip.mp4',
    type: 'video/mp4',
  });
  const postMedia = (mediaIds: string[]) =>
    call(server, alice, 'POST', '/api/v1/statuses', { status: 'listen', media_ids: mediaIds });

  it('makes a video’s thumbnail its preview, blurhash and meta.small', async () => {
    const media = await uploaded(mp4(1280, 720, 10), await poster(1280, 720));
    expect(media.type).toBe('video');
    expect(media.preview_url).toMatch(/_small\.webp$/);
    expect(media.preview_url).not.toBe(media.url);
    expect(media.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/);
    expect(media.meta.small).toMatchObject({ width: 640, height: 360 });
    expect(media.meta.original).toMatchObject({ width: 1280, height: 720, duration: 10 });
    expect(media.meta.original?.aspect).toBeCloseTo(16 / 9);
    expect(await served(media.preview_url ?? '')).toBe(200);
  });

  it('reads the size and length of an MP4 and a WebM without a thumbnail', async () => {
    const media = await uploaded(mp4(640, 480, 3));
    expect(media).toMatchObject({
      type: 'video',
      preview_url: null,
      blurhash: null,
      meta: { width: 640, height: 480, original: { width: 640, height: 480, duration: 3 } },
    });
    expect(media.meta.small).toBeUndefined();
    const webm = await uploaded({ data: webmOf(), filename: 'clip.webm', type: 'video/webm' });
    expect(webm.meta.original).toMatchObject({ width: 320, height: 240, duration: 4 });
    // a video whose headers cannot be read is still taken, with empty meta
    const bare = Buffer.alloc(64);
    bare.write('ftypisom', 4, 'latin1');
    const unreadable = await uploaded({ data: bare, filename: 'bare.mp4', type: 'video/mp4' });
    expect(unreadable.meta).toEqual({ width: null, height: null });
  });

  it('PUT /api/v1/media/:id takes a new thumbnail and drops the old file', async () => {
    const media = await uploaded(mp4(640, 480, 3), await poster(64, 48));
    const row = async () =>
      server.db
        .selectFrom('media_attachments')
        .selectAll()
        .where('id', '=', media.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    const response = await send('PUT', `/api/v1/media/${media.id}`, { thumbnail: await poster(200, 100) });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<UploadedMedia>();
    expect(updated.preview_url).not.toBe(media.preview_url);
    expect(updated.meta.small).toMatchObject({ width: 200, height: 100 });
    expect(typeof updated.blurhash).toBe('string');
    expect(await served(updated.preview_url ?? '')).toBe(200);
    expect(await served(media.preview_url ?? '')).toBe(404);
    expect((await row()).thumbnail_path).not.toBe(before.thumbnail_path);
  });

  it('refuses a thumbnail that is not an image, storing nothing', async () => {
    const count = async () => (await server.db.selectFrom('media_attachments').select('id').execute()).length;
    const before = await count();
    const text = { data: Buffer.from('not a picture'), filename: 'poster.jpg', type: 'image/jpeg' };
    const response = await uploadFile(mp4(640, 480, 3), text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: MessagingText.unsupportedMedia });
    const video = { data: mp4Of(8, 8, 1), filename: 'poster.mp4', type: 'video/mp4' };
    expect((await uploadFile(mp4(640, 480, 3), video)).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('tells animated GIFs by the length of their loop, keeping them images with a still preview', async () => {
    // three 8×8 frames of different greys (identical frames would be merged into one)
    const frames = Buffer.concat([0x20, 0x80, 0xe0].map((grey) => Buffer.alloc(8 * 8 * 3, grey)));
    const animated = await sharp(frames, { raw: { width: 8, height: 24, channels: 3, pageHeight: 8 } })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    const media = await uploaded({ data: animated, filename: 'loop.gif', type: 'image/gif' });
    expect(media).toMatchObject({
      type: 'image',
      meta: { original: { width: 8, height: 8, duration: 0.6 } },
    });
    expect(media.url).toMatch(/\.gif$/);
    expect(media.preview_url).toMatch(/\.webp$/);
    const still = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const stillMedia = await uploaded({ data: still, filename: 'still.gif', type: 'image/gif' });
    expect(stillMedia.meta.original?.duration).toBeUndefined();
  });

  it('takes MP3, Ogg and WAV files as audio, with their length', async () => {
    const cases: Array<[Part, string, number]> = [
      [{ data: mp3Of(10), filename: 'a.mp3', type: 'audio/mpeg' }, 'audio/mpeg', (10 * 417 * 8) / 128_000],
      [{ data: oggOf(), filename: 'a.ogg', type: 'audio/ogg' }, 'audio/ogg', 1],
      [{ data: wavOf(2), filename: 'a.wav', type: 'audio/wav' }, 'audio/wav', 2],
    ];
    for (const [file, contentType, seconds] of cases) {
      const media = await uploaded(file);
      expect(media.type, contentType).toBe('audio');
      expect(media.preview_url).toBeNull();
      expect(media.meta.original?.duration).toBeCloseTo(seconds, 2);
      const row = await server.db
        .selectFrom('media_attachments')
        .select('content_type')
        .where('id', '=', media.id)
        .executeTakeFirstOrThrow();
      expect(row.content_type).toBe(contentType);
    }
    const instance = instanceSchema.parse((await server.app.inject({ url: '/api/v2/instance' })).json());
    expect(instance.configuration.media_attachments.supported_mime_types).toEqual(
      expect.arrayContaining(['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/flac', 'audio/mp4']),
    );
  });

  it('lets a video or an audio file go only alone in a post, and keeps audio out of messages', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = () => uploaded({ data: png, filename: 'a.png', type: 'image/png' });
    const audio = await uploaded({ data: wavOf(1), filename: 'a.wav', type: 'audio/wav' });
    const video = await uploaded(mp4(64, 64, 1));
    const [first, second] = [await image(), await image()];

    for (const mediaIds of [
      [audio.id, first.id],
      [first.id, audio.id],
      [video.id, first.id],
      [audio.id, video.id],
    ]) {
      const refused = await postMedia(mediaIds);
      expect(refused.status, JSON.stringify(mediaIds)).toBe(422);
      expect(refused.body.error).toMatch(/^Validation failed: A video or an audio file/);
    }
    expect(await server.db.selectFrom('statuses').select('id').execute()).toEqual([]);
    expect((await postMedia([first.id, second.id])).status).toBe(200);

    const alone = await postMedia([audio.id]);
    expect(alone.status).toBe(200);
    expect(alone.body.media_attachments).toMatchObject([{ id: audio.id, type: 'audio' }]);
    const third = await image();
    const edit = await call(server, alice, 'PUT', `/api/v1/statuses/${String(alone.body.id)}`, {
      status: 'listen',
      media_ids: [audio.id, third.id],
    });
    expect(edit.status).toBe(422);

    const song = await uploaded({ data: mp3Of(4), filename: 'song.mp3', type: 'audio/mpeg' });
    const message = await call(server, alice, 'POST', '/api/v1/friend_messages', {
      recipient_id: bob.account.id,
      content: 'a song',
      media_ids: [song.id],
    });
    expect(message.status).toBe(422);
    expect(message.body.error).toBe(MessagingText.unsupportedMedia);
  });
});
