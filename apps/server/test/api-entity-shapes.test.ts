import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSchema, previewCardSchema, statusSchema, trendsLinkSchema } from '@palchat/api';
import { refreshPreviewCard } from '../src/statuses/cards.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller, pngOf } from './helpers/social.js';

describeEachDialect('Account and PreviewCard entities, trending links', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let page: http.Server;
  let pageUrl: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob', role: 'moderator' });
    const cover = await pngOf(40, 20);
    page = http.createServer((request, response) => {
      if (request.url === '/cover.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(cover);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        request.url === '/plain'
          ? '<html><head><title>Plain page</title></head></html>'
          : request.url === '/unsized'
            ? '<html><head><title>Unsized</title><meta property="og:image" content="/cover.png"></head></html>'
            : '<html><head><meta property="og:title" content="Big news"><meta property="og:description" content="What happened">' +
              '<meta property="og:image" content="/cover.png"><meta property="og:image:width" content="1200">' +
              '<meta property="og:image:height" content="630"><meta property="og:image:alt" content="A crowd">' +
              '<meta property="og:site_name" content="Daily Example"><meta name="author" content="Jo Writer"></head></html>',
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => page.close(resolve));
    await server.close();
  });

  it('accounts carry uri, roles (highlighted roles only), moved, indexable and hide_collections', async () => {
    const plain = accountSchema.parse((await call(null, 'GET', `/api/v1/accounts/${alice.account.id}`)).json);
    expect(plain).toMatchObject({
      uri: `${server.config.publicUrl}/users/alice`,
      roles: [],
      indexable: true,
      hide_collections: false,
    });
    expect(plain.moved).toBeUndefined();
    const moderator = accountSchema.parse(
      (await call(null, 'GET', `/api/v1/accounts/${bob.account.id}`)).json,
    );
    expect(moderator.roles).toEqual([{ id: '2', name: 'Moderator', color: '' }]);

    const old = await createAccount(server, { username: 'oldname', moved_to_account_id: alice.account.id });
    const moved = accountSchema.parse((await call(null, 'GET', `/api/v1/accounts/${old.account.id}`)).json);
    expect(moved.moved?.id).toBe(alice.account.id);
    expect((await call(null, 'GET', '/api/v1/accounts/lookup?acct=oldname')).body.moved).toMatchObject({
      username: 'alice',
    });
    expect((await call(old, 'GET', '/api/v1/accounts/verify_credentials')).body.moved).toMatchObject({
      id: alice.account.id,
    });
  });

  it('preview cards carry the page metadata: provider, author, image size and description', async () => {
    const url = `${pageUrl}/story`;
    expect(await refreshPreviewCard(server.db, url, { allowedPrivateAddresses: ['127.0.0.1'] })).toBe(true);
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: `read ${url}` });
    const card = previewCardSchema.parse(statusSchema.parse(created.json).card);
    expect(card).toEqual({
      url,
      title: 'Big news',
      description: 'What happened',
      type: 'link',
      author_name: 'Jo Writer',
      author_url: '',
      provider_name: 'Daily Example',
      provider_url: pageUrl,
      html: '',
      width: 1200,
      height: 630,
      image: `${pageUrl}/cover.png`,
      image_description: 'A crowd',
      embed_url: '',
      blurhash: expect.stringMatching(/^[0-9A-Za-z#$%*+,-.:;=?@[\]^_{|}~]{6,}$/),
      authors: [{ name: 'Jo Writer', url: '', account: null }],
    });
    // without og:image:width/height, the image itself tells its size
    const unsized = `${pageUrl}/unsized`;
    await refreshPreviewCard(server.db, unsized, { allowedPrivateAddresses: ['127.0.0.1'] });
    const unsizedStatus = await call(alice, 'POST', '/api/v1/statuses', { status: unsized });
    expect(unsizedStatus.body.card).toMatchObject({ width: 40, height: 20, blurhash: expect.any(String) });
    const plainUrl = `${pageUrl}/plain`;
    await refreshPreviewCard(server.db, plainUrl, { allowedPrivateAddresses: ['127.0.0.1'] });
    const plainStatus = await call(alice, 'POST', '/api/v1/statuses', { status: plainUrl });
    expect(plainStatus.body.card).toMatchObject({
      title: 'Plain page',
      width: 0,
      height: 0,
      image: null,
      blurhash: null,
      author_name: '',
      authors: [],
    });
  });

  it('trending links are the stored cards with a week of history, paged with Link headers', async () => {
    await call(bob, 'POST', '/api/v1/statuses', { status: `also ${pageUrl}/story` });
    const unfetched = 'https://unfetched.example/page';
    await call(bob, 'POST', '/api/v1/statuses', { status: unfetched });
    const answer = await call(null, 'GET', '/api/v1/trends/links?limit=1');
    expect(answer.status).toBe(200);
    const [top, ...rest] = trendsLinkSchema.array().parse(answer.json);
    expect(rest).toEqual([]);
    expect(top).toMatchObject({ url: `${pageUrl}/story`, title: 'Big news', provider_name: 'Daily Example' });
    expect(top?.history).toHaveLength(7);
    expect(top?.history[0]).toMatchObject({ uses: '2', accounts: '2' });
    expect(String(answer.raw.headers.link)).toContain('offset=1>; rel="next"');
    // among links shared by one account each, the latest shared comes first
    const second = await call(null, 'GET', '/api/v1/trends/links?limit=1&offset=1');
    expect((second.json as { url: string }[]).map((link) => link.url)).toEqual([`${pageUrl}/plain`]);
    expect(String(second.raw.headers.link)).toContain('offset=0>; rel="prev"');
    // a link whose page gave no card is not a trend
    const all = (await call(null, 'GET', '/api/v1/trends/links')).json as { url: string }[];
    expect(all.map((link) => link.url)).not.toContain(unfetched);
    expect(
      String((await call(null, 'GET', '/api/v1/trends/tags?limit=1&offset=2')).raw.headers.link),
    ).toContain('rel="prev"');
  });
});
