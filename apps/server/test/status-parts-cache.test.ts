import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import {
  createAccount,
  follow,
  insertStatus,
  insertStatusImage,
  type TestAccount,
} from './helpers/factories.js';
import { caller, uploadPng } from './helpers/social.js';

/** A status's mentions, tags and media are kept in memory between reads: they must still follow every change. */
describeEachDialect('status parts kept between reads', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  const homeStatus = async (id: string) => {
    const response = await call(carol, 'GET', '/api/v1/timelines/home');
    expect(response.status).toBe(200);
    const found = (response.json as unknown[])
      .map((entry) => statusSchema.parse(entry))
      .find((s) => s.id === id);
    expect(found).toBeDefined();
    return found!;
  };

  it('shows an edit’s new media, mentions and hashtags to a reader who saw the post before', async () => {
    const first = await uploadPng(server, alice, { description: 'first picture' });
    const posted = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'hello @bob #before',
      media_ids: [first.id],
    });
    expect(posted.status, posted.raw.body).toBe(200);
    const id = String(posted.body.id);

    const before = await homeStatus(id);
    expect(before.media_attachments.map((media) => media.description)).toEqual(['first picture']);
    expect(before.mentions.map((mention) => mention.username)).toEqual(['bob']);
    expect(before.tags.map((tag) => tag.name)).toEqual(['before']);
    expect((await homeStatus(id)).mentions).toEqual(before.mentions);

    const second = await uploadPng(server, alice, { description: 'second picture' });
    const edited = await call(alice, 'PUT', `/api/v1/statuses/${id}`, {
      status: 'hello @carol #after',
      media_ids: [second.id],
    });
    expect(edited.status, edited.raw.body).toBe(200);

    const after = await homeStatus(id);
    expect(after.media_attachments.map((media) => media.description)).toEqual(['second picture']);
    expect(after.mentions.map((mention) => mention.username)).toEqual(['carol']);
    expect(after.tags.map((tag) => tag.name)).toEqual(['after']);
    expect(after.content).toContain('@<span>carol</span>');
  });

  it('shows the local copy of remote media once it is made, not the remote file read before', async () => {
    const status = await insertStatus(server, alice, { text: 'with a remote picture' });
    const remoteUrl = 'https://remote.example/system/media/picture.png';
    const mediaId = await insertStatusImage(server, status, { remote_url: remoteUrl });

    const remote = (await call(carol, 'GET', `/api/v1/statuses/${status.id}`)).body;
    expect(remote.media_attachments).toMatchObject([{ url: remoteUrl }]);

    await server.db
      .updateTable('media_attachments')
      .set({ file_path: `copies/${mediaId}.png` })
      .where('id', '=', mediaId)
      .execute();
    const copied = (await call(carol, 'GET', `/api/v1/statuses/${status.id}`)).body;
    expect(copied.media_attachments).toMatchObject([
      { url: expect.stringMatching(/copies\/\d+\.png$/), remote_url: remoteUrl },
    ]);
  });
});
