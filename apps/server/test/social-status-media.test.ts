import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusEditSchema, statusSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { caller, multipartBody, uploadPng } from './helpers/social.js';
import { issueToken } from '../src/auth/oauth-service.js';

describeEachDialect('status media: edits, delete and redraft, media updates', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  const upload = (who: TestAccount, fields: Record<string, string> = {}) => uploadPng(server, who, fields);

  const mediaRow = (id: string) =>
    server.db.selectFrom('media_attachments').selectAll().where('id', '=', id).executeTakeFirst();

  const post = async (who: TestAccount, mediaIds: string[], text = 'with pictures') => {
    const response = await call(who, 'POST', '/api/v1/statuses', { status: text, media_ids: mediaIds });
    expect(response.status, response.raw.body).toBe(200);
    return statusSchema.parse(response.json);
  };

  /** What a status edit could change: the status as its author sees it, and its edit history. */
  const stateOf = async (id: string) => ({
    status: (await call(alice, 'GET', `/api/v1/statuses/${id}`)).json,
    history: (await call(alice, 'GET', `/api/v1/statuses/${id}/history`)).json,
  });

  it('edits alt text and focus through media_attributes, and the history keeps each version’s text', async () => {
    const first = await upload(alice, { description: 'a cat' });
    const second = await upload(alice);
    const status = await post(alice, [first.id, second.id]);

    const unedited = (await call(bob, 'GET', `/api/v1/statuses/${status.id}/history`)).json as unknown[];
    expect(unedited.map((entry) => statusEditSchema.parse(entry).media_attachments)).toMatchObject([
      [{ id: first.id, description: 'a cat' }, { id: second.id }],
    ]);

    const edited = await call(alice, 'PUT', `/api/v1/statuses/${status.id}`, {
      status: 'with pictures',
      media_ids: [second.id, first.id],
      media_attributes: [
        { id: first.id, description: 'a black cat', focus: '0.5,-0.25' },
        { id: second.id, description: 'a dog' },
      ],
    });
    expect(edited.status, edited.raw.body).toBe(200);
    expect(edited.body.media_attachments).toMatchObject([
      { id: second.id, description: 'a dog' },
      { id: first.id, description: 'a black cat', meta: { focus: { x: 0.5, y: -0.25 } } },
    ]);

    const history = (await call(bob, 'GET', `/api/v1/statuses/${status.id}/history`)).json as unknown[];
    expect(history.map((entry) => statusEditSchema.parse(entry).media_attachments)).toMatchObject([
      [
        { id: first.id, description: 'a cat' },
        { id: second.id, description: null },
      ],
      [
        { id: second.id, description: 'a dog' },
        { id: first.id, description: 'a black cat' },
      ],
    ]);
  });

  it('accepts media_attributes as form fields', async () => {
    const media = await upload(alice);
    const status = await post(alice, [media.id]);
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/statuses/${status.id}`,
      headers: { ...bearer(alice), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['status', 'form edit'],
        ['media_ids[]', media.id],
        ['media_attributes[][id]', media.id],
        ['media_attributes[][description]', 'from a form'],
        ['media_attributes[][focus]', '-1,1'],
      ]).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      media_attachments: [{ id: media.id, description: 'from a form', meta: { focus: { x: -1, y: 1 } } }],
    });
  });

  it('adds, removes and reorders attachments on edit, releasing the removed ones', async () => {
    const [one, two, three] = [await upload(alice), await upload(alice), await upload(alice)];
    const status = await post(alice, [one.id, two.id]);
    const edited = await call(alice, 'PUT', `/api/v1/statuses/${status.id}`, {
      status: 'rearranged',
      media_ids: [three.id, one.id],
    });
    expect(edited.status, edited.raw.body).toBe(200);
    expect((edited.body.media_attachments as { id: string }[]).map((media) => media.id)).toEqual([
      three.id,
      one.id,
    ]);
    expect((await mediaRow(two.id))?.status_id).toBeNull();
    // the released one can go on another status
    await post(alice, [two.id], 'two again');
  });

  it('refuses bad media_attributes and media_ids on edit with 422, changing nothing', async () => {
    const mine = await upload(alice, { description: 'before' });
    const spare = await upload(alice);
    const status = await post(alice, [mine.id]);
    const elsewhere = await upload(alice);
    const otherStatus = await post(alice, [elsewhere.id], 'other');
    const bobs = await upload(bob);
    const before = await stateOf(status.id);
    const attempts = [
      // an attachment of another status, an upload not in media_ids, someone else's upload, an unknown id
      { media_ids: [mine.id], media_attributes: [{ id: elsewhere.id, description: 'x' }] },
      { media_ids: [mine.id], media_attributes: [{ id: spare.id, description: 'x' }] },
      { media_ids: [mine.id, bobs.id], media_attributes: [{ id: bobs.id, description: 'x' }] },
      { media_ids: [mine.id], media_attributes: [{ id: '99999999', description: 'x' }] },
      // malformed focus, too long a description, no id
      { media_ids: [mine.id], media_attributes: [{ id: mine.id, focus: '2,0' }] },
      { media_ids: [mine.id], media_attributes: [{ id: mine.id, focus: 'left' }] },
      { media_ids: [mine.id], media_attributes: [{ id: mine.id, focus: '0.1' }] },
      { media_ids: [mine.id], media_attributes: [{ id: mine.id, description: 'x'.repeat(1501) }] },
      { media_ids: [mine.id], media_attributes: [{ description: 'no id' }] },
      // more attachments than allowed, someone else's upload, one used by another status
      { media_ids: [mine.id, spare.id, '1', '2', '3'] },
      { media_ids: [bobs.id] },
      { media_ids: [elsewhere.id] },
    ];
    for (const attempt of attempts) {
      const response = await call(alice, 'PUT', `/api/v1/statuses/${status.id}`, {
        status: 'changed',
        ...attempt,
      });
      expect(response.status, JSON.stringify(attempt)).toBe(422);
      expect(response.body.error).toMatch(/^Validation failed/);
    }
    expect(await stateOf(status.id)).toEqual(before);
    expect((await mediaRow(elsewhere.id))?.status_id).toBe(otherStatus.id);
    expect((await mediaRow(bobs.id))?.status_id).toBeNull();
    expect((await mediaRow(mine.id))?.description).toBe('before');
  });

  it("answers 404 for someone else's status, changing nothing", async () => {
    const media = await upload(alice, { description: 'mine' });
    const status = await post(alice, [media.id]);
    const before = await stateOf(status.id);
    const edit = await call(bob, 'PUT', `/api/v1/statuses/${status.id}`, {
      status: 'hijack',
      media_ids: [media.id],
      media_attributes: [{ id: media.id, description: 'hijacked' }],
    });
    expect(edit.status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/v1/statuses/${status.id}`)).status).toBe(404);
    expect((await call(alice, 'PUT', '/api/v1/statuses/nonsense', { status: 'x' })).status).toBe(404);
    expect(await stateOf(status.id)).toEqual(before);
  });

  const fileStatus = async (url: string) =>
    (await server.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

  it('delete and redraft: answers the source and releases the media to their owner', async () => {
    const media = await upload(alice, { description: 'keep me', focus: '0.2,0.3' });
    const status = await post(alice, [media.id], 'redraft me');
    const deleted = await call(alice, 'DELETE', `/api/v1/statuses/${status.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      id: status.id,
      text: 'redraft me',
      media_attachments: [{ id: media.id, description: 'keep me', meta: { focus: { x: 0.2, y: 0.3 } } }],
    });
    expect(await mediaRow(media.id)).toMatchObject({ status_id: null, description: 'keep me' });
    expect(await fileStatus(media.url)).toBe(200);
    // an upload not attached yet is the owner's to read and change again
    expect((await call(alice, 'GET', `/api/v1/media/${media.id}`)).status).toBe(200);
    const redraft = await post(alice, [media.id], 'redraft me');
    expect(redraft.media_attachments).toMatchObject([{ id: media.id, description: 'keep me' }]);
    expect((await call(alice, 'GET', `/api/v1/statuses/${status.id}`)).status).toBe(404);
  });

  it('delete_media=true removes the attachments and their files', async () => {
    const [inQuery, inBody] = [await upload(alice), await upload(alice)];
    const first = await post(alice, [inQuery.id], 'gone with media');
    const second = await post(alice, [inBody.id], 'gone with media too');
    expect(await fileStatus(inQuery.url)).toBe(200);

    expect((await call(bob, 'DELETE', `/api/v1/statuses/${first.id}?delete_media=true`)).status).toBe(404);
    expect((await mediaRow(inQuery.id))?.status_id).toBe(first.id);
    expect((await call(alice, 'DELETE', `/api/v1/statuses/${first.id}?delete_media=maybe`)).status).toBe(422);
    expect((await mediaRow(inQuery.id))?.status_id).toBe(first.id);

    const deleted = await call(alice, 'DELETE', `/api/v1/statuses/${first.id}?delete_media=true`);
    expect(deleted.body).toMatchObject({ text: 'gone with media', media_attachments: [{ id: inQuery.id }] });
    const deletedByBody = await call(alice, 'DELETE', `/api/v1/statuses/${second.id}`, {
      delete_media: true,
    });
    expect(deletedByBody.status).toBe(200);
    for (const media of [inQuery, inBody]) {
      expect(await mediaRow(media.id)).toBeUndefined();
      expect(await fileStatus(media.url)).toBe(404);
      const reuse = await call(alice, 'POST', '/api/v1/statuses', { status: 'x', media_ids: [media.id] });
      expect(reuse.status).toBe(422);
    }
  });

  it('PUT /api/v1/media/:id changes the description and focus of an upload not attached yet', async () => {
    const media = await upload(alice, { focus: '-0.5,0.5' });
    expect(media.meta.focus).toEqual({ x: -0.5, y: 0.5 });
    const updated = await call(alice, 'PUT', `/api/v1/media/${media.id}`, {
      description: 'a lighthouse',
      focus: '0.25,-1',
    });
    expect(updated.status, updated.raw.body).toBe(200);
    expect(updated.body).toMatchObject({
      id: media.id,
      description: 'a lighthouse',
      meta: { focus: { x: 0.25, y: -1 } },
    });
    const fetched = await call(alice, 'GET', `/api/v1/media/${media.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(updated.body);

    // a field left out stays; an empty one clears
    const described = await call(alice, 'PUT', `/api/v1/media/${media.id}`, { focus: '' });
    expect(described.body).toMatchObject({ description: 'a lighthouse' });
    expect((described.body.meta as { focus?: unknown }).focus).toBeUndefined();

    const { body, type } = multipartBody({ description: 'from multipart', focus: '0,0' });
    const multipart = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${media.id}`,
      headers: { ...bearer(alice), 'content-type': type },
      payload: body,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toMatchObject({
      description: 'from multipart',
      meta: { focus: { x: 0, y: 0 } },
    });
    const posted = await post(alice, [media.id]);
    expect(posted.media_attachments).toMatchObject([{ id: media.id, description: 'from multipart' }]);
  });

  it('PUT /api/v1/media/:id refuses bad input with 422, changing nothing', async () => {
    const media = await upload(alice, { description: 'as uploaded' });
    const before = await mediaRow(media.id);
    for (const payload of [
      { focus: '1.5,0' },
      { focus: '0,0,0' },
      { focus: 'center' },
      { description: 'x'.repeat(1501) },
      { description: 12 },
    ]) {
      const response = await call(alice, 'PUT', `/api/v1/media/${media.id}`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      expect(response.body.error).toMatch(/^Validation failed/);
    }
    expect(await mediaRow(media.id)).toEqual(before);

    const uploads = await server.db
      .selectFrom('media_attachments')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    await expect(upload(alice, { focus: 'nowhere' })).rejects.toThrow(/422/);
    const after = await server.db
      .selectFrom('media_attachments')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(uploads.count));
  });

  it("answers 404 for someone else's media, attached media and unknown ids, changing nothing", async () => {
    const bobs = await upload(bob, { description: 'bob’s' });
    const attached = await upload(alice, { description: 'on a status' });
    await post(alice, [attached.id]);
    const rows = [await mediaRow(bobs.id), await mediaRow(attached.id)];
    for (const id of [bobs.id, attached.id, '99999999', 'nonsense']) {
      expect((await call(alice, 'GET', `/api/v1/media/${id}`)).status, id).toBe(404);
      const put = await call(alice, 'PUT', `/api/v1/media/${id}`, { description: 'changed', focus: '0,0' });
      expect(put.status, id).toBe(404);
    }
    expect([await mediaRow(bobs.id), await mediaRow(attached.id)]).toEqual(rows);
    expect((await call(null, 'GET', `/api/v1/media/${bobs.id}`)).status).toBe(401);
    expect((await call(null, 'PUT', `/api/v1/media/${bobs.id}`, { description: 'x' })).status).toBe(401);
  });

  it('asks for write:media to read or change an upload', async () => {
    const media = await upload(alice);
    const tokenWith = async (scopes: string[]): Promise<TestAccount> => ({
      account: alice.account,
      token: (await issueToken(server.db, { appId: null, accountId: alice.account.id, scopes })).token,
    });
    const reader = await tokenWith(['read']);
    expect((await call(reader, 'GET', `/api/v1/media/${media.id}`)).status).toBe(403);
    expect((await call(reader, 'PUT', `/api/v1/media/${media.id}`, { description: 'x' })).status).toBe(403);
    expect((await mediaRow(media.id))?.description).toBeNull();
    const writer = await tokenWith(['write:media']);
    expect((await call(writer, 'GET', `/api/v1/media/${media.id}`)).status).toBe(200);
    expect((await call(writer, 'PUT', `/api/v1/media/${media.id}`, { description: 'y' })).status).toBe(200);
    expect((await mediaRow(media.id))?.description).toBe('y');
  });
});
