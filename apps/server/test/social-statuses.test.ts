import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusSchema, pollSchema, statusEditSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller, countOf, uploadPng } from './helpers/social.js';
import { refreshPreviewCard } from '../src/statuses/cards.js';

describeEachDialect('posting and status actions', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, bob, alice);
  });
  afterAll(async () => server.close());

  const notificationsOf = async (who: TestAccount) =>
    (await call(who, 'GET', '/api/v1/notifications')).json as { type: string; status?: { id: string } }[];

  const upload = async (who: TestAccount) => (await uploadPng(server, who)).id;

  it('refuses bad statuses with 401/422 and writes nothing', async () => {
    const before = await countOf(server, 'statuses');
    expect((await call(null, 'POST', '/api/v1/statuses', { status: 'hi' })).status).toBe(401);
    for (const payload of [
      {},
      { status: '   ' },
      { status: 'x'.repeat(501) },
      { status: 'x', visibility: 'everyone' },
      { status: 'x', poll: { options: ['only one'], expires_in: 3600 } },
      { status: 'x', poll: { options: ['a', 'b'], expires_in: 10 } },
      { status: 'x', media_ids: ['123456'] },
      { status: 'x', in_reply_to_id: '999999' },
    ]) {
      const response = await call(alice, 'POST', '/api/v1/statuses', payload);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      expect(response.body.error).toMatch(/^Validation failed/);
    }
    expect(await countOf(server, 'statuses')).toBe(before);
  });

  it('posts with a content warning, language, mentions, hashtags and links, counting URLs as 23', async () => {
    const long = `@bob see https://example.com/${'a'.repeat(600)} #Cats ${'y'.repeat(440)}`;
    const created = await call(alice, 'POST', '/api/v1/statuses', {
      status: long,
      spoiler_text: 'cw',
      language: 'en',
    });
    expect(created.status, created.raw.body).toBe(200);
    const status = statusSchema.parse(created.json);
    expect(status).toMatchObject({
      spoiler_text: 'cw',
      sensitive: true,
      language: 'en',
      visibility: 'public',
      mentions: [{ username: 'bob' }],
      tags: [{ name: 'cats' }],
    });
    expect(status.content).toContain('class="u-url mention"');
    expect(status.content).toContain('/tags/cats');
    expect(status.content).toContain('href="https://example.com/');
    const notes = await notificationsOf(bob);
    expect(notes[0]).toMatchObject({ type: 'mention', status: { id: status.id } });
    const row = await server.db
      .selectFrom('statuses')
      .select('link_url')
      .where('id', '=', status.id)
      .executeTakeFirstOrThrow();
    expect(row.link_url).toMatch(/^https:\/\/example\.com\//);
    const linked = await call(
      alice,
      'GET',
      `/api/v1/timelines/link?url=${encodeURIComponent(row.link_url ?? '')}`,
    );
    expect((linked.json as { id: string }[]).map((entry) => entry.id)).toEqual([status.id]);
  });

  it('answers a retried request with the same Idempotency-Key with the first status', async () => {
    const headers = { 'idempotency-key': 'retry-1' };
    const first = await call(alice, 'POST', '/api/v1/statuses', { status: 'once' }, headers);
    const second = await call(alice, 'POST', '/api/v1/statuses', { status: 'once' }, headers);
    expect(second.id).toBe(first.id);
  });

  it('attaches media once only, and replies within a thread', async () => {
    const mediaId = await upload(alice);
    const first = await call(alice, 'POST', '/api/v1/statuses', { status: 'pic', media_ids: [mediaId] });
    expect(first.status).toBe(200);
    expect(first.body.media_attachments).toMatchObject([{ id: mediaId, type: 'image' }]);
    const reuse = await call(alice, 'POST', '/api/v1/statuses', { status: 'again', media_ids: [mediaId] });
    expect(reuse.status).toBe(422);
    const stolen = await call(bob, 'POST', '/api/v1/statuses', {
      status: 'mine',
      media_ids: [await upload(alice)],
    });
    expect(stolen.status).toBe(422);
    const tooMany = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'x',
      media_ids: ['1', '2', '3', '4', '5'],
    });
    expect(tooMany.status).toBe(422);

    const reply = await call(bob, 'POST', '/api/v1/statuses', {
      status: '@alice nice',
      in_reply_to_id: first.id,
    });
    expect(reply.body).toMatchObject({ in_reply_to_id: first.id, in_reply_to_account_id: alice.account.id });
    const context = await call(alice, 'GET', `/api/v1/statuses/${first.id}/context`);
    expect((context.body.descendants as { id: string }[]).map((entry) => entry.id)).toEqual([reply.id]);
    expect((await call(alice, 'GET', `/api/v1/statuses/${first.id}`)).body.replies_count).toBe(1);
  });

  it('edits with history and source, notifying boosters with update', async () => {
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: 'version one' });
    expect((await call(bob, 'POST', `/api/v1/statuses/${created.id}/reblog`)).status).toBe(200);
    expect((await call(bob, 'PUT', `/api/v1/statuses/${created.id}`, { status: 'hijack' })).status).toBe(404);
    expect((await call(alice, 'PUT', `/api/v1/statuses/${created.id}`, { status: '' })).status).toBe(422);
    const edited = await call(alice, 'PUT', `/api/v1/statuses/${created.id}`, { status: 'version two' });
    expect(edited.status).toBe(200);
    expect(edited.body.edited_at).toBeTruthy();
    const history = (await call(bob, 'GET', `/api/v1/statuses/${created.id}/history`)).json as unknown[];
    expect(history.map((entry) => statusEditSchema.parse(entry).content)).toEqual([
      '<p>version one</p>',
      '<p>version two</p>',
    ]);
    expect((await call(alice, 'GET', `/api/v1/statuses/${created.id}/source`)).body).toEqual({
      id: created.id,
      text: 'version two',
      spoiler_text: '',
    });
    expect((await call(bob, 'GET', `/api/v1/statuses/${created.id}/source`)).status).toBe(404);
    expect((await notificationsOf(bob))[0]).toMatchObject({ type: 'update', status: { id: created.id } });
  });

  it('boosts, favourites, bookmarks, pins and mutes with notifications and counters', async () => {
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: 'act on me' });
    const id = created.id;
    const boosted = await call(carol, 'POST', `/api/v1/statuses/${id}/reblog`);
    // as Mastodon: the wrapper answers for the boosted post (Account#reblogged? looks at status.proper)
    expect(boosted.body).toMatchObject({
      reblog: { id, reblogs_count: 1, reblogged: true },
      reblogged: true,
    });
    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/reblog`)).id).toBe(boosted.id);
    const favourited = await call(carol, 'POST', `/api/v1/statuses/${id}/favourite`);
    expect(favourited.body).toMatchObject({ favourited: true, favourites_count: 1, reblogged: true });
    await call(carol, 'POST', `/api/v1/statuses/${id}/favourite`);
    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/bookmark`)).body.bookmarked).toBe(true);
    const types = (await notificationsOf(alice)).slice(0, 2).map((note) => note.type);
    expect(types).toEqual(['favourite', 'reblog']);
    const favouritedBy = (await call(alice, 'GET', `/api/v1/statuses/${id}/favourited_by`)).json as {
      id: string;
    }[];
    expect(favouritedBy.map((account) => account.id)).toEqual([carol.account.id]);
    const rebloggedBy = (await call(alice, 'GET', `/api/v1/statuses/${id}/reblogged_by`)).json as {
      id: string;
    }[];
    expect(rebloggedBy.map((account) => account.id)).toEqual([carol.account.id]);
    expect(((await call(carol, 'GET', '/api/v1/bookmarks')).json as { id: string }[])[0]?.id).toBe(id);

    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/unfavourite`)).body).toMatchObject({
      favourited: false,
      favourites_count: 0,
    });
    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/unreblog`)).body).toMatchObject({
      reblogs_count: 0,
    });
    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/unbookmark`)).body.bookmarked).toBe(false);

    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/pin`)).status).toBe(422);
    expect((await call(alice, 'POST', `/api/v1/statuses/${id}/pin`)).body.pinned).toBe(true);
    const pinned = (await call(null, 'GET', `/api/v1/accounts/${alice.account.id}/statuses?pinned=true`))
      .json as { id: string }[];
    expect(pinned.map((entry) => entry.id)).toEqual([id]);
    expect((await call(alice, 'POST', `/api/v1/statuses/${id}/unpin`)).body.pinned).toBe(false);

    expect((await call(carol, 'POST', `/api/v1/statuses/${id}/mute`)).status).toBe(422);
    expect((await call(alice, 'POST', `/api/v1/statuses/${id}/mute`)).body.muted).toBe(true);
    const before = await countOf(server, 'notifications');
    const reply = await call(bob, 'POST', '/api/v1/statuses', {
      status: '@alice muted thread',
      in_reply_to_id: id,
    });
    expect(await countOf(server, 'notifications')).toBe(before);
    // the reply belongs to the muted conversation: read on its own and in a page, it says so to alice only
    const mutedOf = async (who: TestAccount) =>
      (await call(who, 'GET', `/api/v1/statuses/${String(reply.body.id)}`)).body.muted;
    expect(await mutedOf(alice)).toBe(true);
    expect(await mutedOf(bob)).toBe(false);
    const page = (await call(alice, 'GET', `/api/v1/accounts/${bob.account.id}/statuses`)).json as {
      id: string;
      muted: boolean;
    }[];
    expect(page.find((entry) => entry.id === reply.body.id)?.muted).toBe(true);
    expect((await call(alice, 'POST', `/api/v1/statuses/${id}/unmute`)).body.muted).toBe(false);
    expect(await mutedOf(alice)).toBe(false);

    const privatePost = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'secret',
      visibility: 'private',
    });
    expect((await call(bob, 'POST', `/api/v1/statuses/${privatePost.id}/reblog`)).status).toBe(422);
    expect((await call(carol, 'POST', `/api/v1/statuses/${privatePost.id}/favourite`)).status).toBe(404);
  });

  it('deletes own statuses only, returning the source for redraft', async () => {
    const mediaId = await upload(alice);
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: 'bye', media_ids: [mediaId] });
    expect((await call(bob, 'DELETE', `/api/v1/statuses/${created.id}`)).status).toBe(404);
    const deleted = await call(alice, 'DELETE', `/api/v1/statuses/${created.id}`);
    expect(deleted.body).toMatchObject({ id: created.id, text: 'bye', media_attachments: [{ id: mediaId }] });
    expect((await call(alice, 'GET', `/api/v1/statuses/${created.id}`)).status).toBe(404);
    const redraft = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'bye again',
      media_ids: [mediaId],
    });
    expect(redraft.status).toBe(200);
  });

  it('runs polls: create, vote once, results, and a poll notification once it ended', async () => {
    const created = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'Tea or coffee?',
      poll: { options: ['Tea', 'Coffee'], expires_in: 300 },
    });
    const poll = pollSchema.parse(created.body.poll);
    expect(poll.options.map((option) => option.title)).toEqual(['Tea', 'Coffee']);
    expect((await call(alice, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [0] })).status).toBe(422);
    expect((await call(bob, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [0, 1] })).status).toBe(422);
    expect((await call(bob, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [5] })).status).toBe(422);
    const voted = await call(bob, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [1] });
    expect(voted.body).toMatchObject({ voted: true, own_votes: [1], votes_count: 1 });
    expect((await call(bob, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [0] })).status).toBe(422);
    expect((await call(carol, 'GET', `/api/v1/polls/${poll.id}`)).body).toMatchObject({
      voted: false,
      votes_count: 1,
    });

    await server.db
      .updateTable('polls')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', poll.id)
      .execute();
    const notes = await notificationsOf(bob);
    expect(notes[0]).toMatchObject({ type: 'poll', status: { id: created.id } });
    await notificationsOf(bob);
    expect((await notificationsOf(bob)).filter((note) => note.type === 'poll')).toHaveLength(1);
  });

  it("reads a link's OpenGraph card, and fails quietly when the page is unreachable", async () => {
    const page = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<html><head><title>Fallback</title><meta property="og:title" content="A &amp; B">' +
          '<meta property="og:description" content="About it"><meta property="og:image" content="/pic.png"></head></html>',
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
    try {
      // the server itself never reads private addresses: the card comes from the test's explicit fetch
      expect(await refreshPreviewCard(server.db, url, { allowedPrivateAddresses: ['127.0.0.1'] })).toBe(true);
      const created = await call(alice, 'POST', '/api/v1/statuses', { status: `read ${url}` });
      const card = (await call(alice, 'GET', `/api/v1/statuses/${created.id}`)).body.card;
      expect(card).toMatchObject({
        url,
        title: 'A & B',
        description: 'About it',
        image: `${url.replace('/article', '')}/pic.png`,
      });
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
    expect(
      await refreshPreviewCard(server.db, 'http://127.0.0.1:9/nothing', {
        allowedPrivateAddresses: ['127.0.0.1'],
      }),
    ).toBe(false);
    expect(await refreshPreviewCard(server.db, 'http://10.0.0.1/private')).toBe(false);
  });

  it('reads no card from private addresses unless allowed, nor through a redirect to one', async () => {
    const page = http.createServer((request, response) => {
      if (request.url?.startsWith('/moved')) {
        // a page that sends the reader on to another loopback address, which is not allowed
        response.writeHead(302, {
          location: `http://127.0.0.2:${(page.address() as AddressInfo).port}/inside`,
        });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><head><meta property="og:title" content="Inside"></head></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '0.0.0.0', resolve));
    const origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    try {
      expect(await refreshPreviewCard(server.db, `${origin}/page`)).toBe(false);
      expect(
        await refreshPreviewCard(server.db, `${origin}/moved`, { allowedPrivateAddresses: ['127.0.0.1'] }),
      ).toBe(false);
      expect(
        await refreshPreviewCard(server.db, `${origin}/moved?again`, {
          allowedPrivateAddresses: ['127.0.0.1', '127.0.0.2'],
        }),
      ).toBe(true);
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
  });

  it('marks statuses matching the viewer’s v2 filters', async () => {
    const created = await call(bob, 'POST', '/api/v2/filters', {
      title: 'No spoilers',
      context: ['home', 'public', 'thread'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'finale', whole_word: true }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'No spoilers',
      keywords: [{ keyword: 'finale', whole_word: true }],
    });
    expect((await call(bob, 'POST', '/api/v2/filters', { title: '', context: [] })).status).toBe(422);
    const post = await call(alice, 'POST', '/api/v1/statuses', { status: 'The FINALE was great' });
    const seen = await call(bob, 'GET', `/api/v1/statuses/${post.id}`);
    expect(seen.body.filtered).toMatchObject([{ filter: { id: created.id }, keyword_matches: ['finale'] }]);
    expect((await call(carol, 'GET', `/api/v1/statuses/${post.id}`)).body.filtered).toBeUndefined();
    expect((await call(carol, 'GET', `/api/v2/filters/${created.id}`)).status).toBe(404);
    const updated = await call(bob, 'PUT', `/api/v2/filters/${created.id}`, { title: 'Renamed' });
    expect(updated.body).toMatchObject({ title: 'Renamed', filter_action: 'warn' });
    expect((await call(bob, 'DELETE', `/api/v2/filters/${created.id}`)).status).toBe(200);
    expect((await call(bob, 'GET', `/api/v1/statuses/${post.id}`)).body.filtered).toBeUndefined();
  });
});
