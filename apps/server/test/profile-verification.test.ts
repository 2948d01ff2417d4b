import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialAccountSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { linksBackTo, profileLinkVerifierFor, relMeLinks } from '../src/accounts/link-verification.js';

describe('rel="me" links in HTML', () => {
  const profile = 'https://palchat.example/@alice';

  it('finds <a> and <link> elements whose rel has the token me, resolving their addresses', () => {
    const html =
      '<html><head><link rel="me" href="/@alice"><link rel="stylesheet" href="/s.css"></head><body>' +
      '<a rel=\'noopener ME\' href="https://x.example/a?b=1&amp;c=2">x</a><a href=/plain>p</a>' +
      '<A REL=me HREF=https://y.example/y>y</A><a rel="meh" href="https://z.example/">z</a></body></html>';
    expect(relMeLinks(html, 'https://palchat.example/page')).toEqual([
      'https://palchat.example/@alice',
      'https://x.example/a?b=1&c=2',
      'https://y.example/y',
    ]);
  });

  it('ignores links in comments, scripts and attribute values, and survives broken markup', () => {
    const hidden =
      `<!-- <a rel="me" href="${profile}"> --><script>document.write('<a rel="me" href="${profile}">')</script>` +
      `<div title='<a rel="me" href="${profile}">'></div><a rel="me" href="${profile}`;
    expect(linksBackTo(hidden, 'https://site.example/', [profile])).toBe(false);
    expect(
      relMeLinks('<a rel="me" href="http://[bad">'.repeat(3) + '<a <a <a "<a', 'https://s.example/'),
    ).toEqual([]);
    const hostile = '<a rel=me href="'.repeat(50_000);
    const started = Date.now();
    expect(relMeLinks(hostile, 'https://s.example/')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('compares after normalisation: case, trailing slash, fragment, /users/ form', () => {
    const accepted = [
      profile,
      `${profile}/`,
      'HTTPS://Palchat.Example/@Alice#top',
      'https://palchat.example/users/alice/',
    ];
    for (const href of accepted) {
      expect(
        linksBackTo(`<a rel="me" href="${href}">`, 'https://s.example/', [
          profile,
          'https://palchat.example/users/alice',
        ]),
        href,
      ).toBe(true);
    }
    for (const href of [
      'http://palchat.example/@alice',
      'https://palchat.example/@alicia',
      'https://other.example/@alice',
    ]) {
      expect(linksBackTo(`<a rel="me" href="${href}">`, 'https://s.example/', [profile]), href).toBe(false);
    }
  });
});

describeEachDialect('profile field link verification', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let page: http.Server;
  let origin: string;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    // the server reads pages on 127.0.0.1 only because ALLOWED_PRIVATE_ADDRESSES lists it
    server = await createTestServer(dialect, { allowedPrivateAddresses: ['127.0.0.1'] });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    const profileUrl = `${server.config.publicUrl}/@alice`;
    page = http.createServer((request, response) => {
      const path = request.url ?? '/';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ html: `<a rel="me" href="${profileUrl}">` }));
        return;
      }
      if (path === '/missing') {
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end(`<a rel="me" href="${profileUrl}">`);
        return;
      }
      const body =
        path === '/me'
          ? `<html><body><a rel="me noopener" href="${profileUrl}">my profile</a></body></html>`
          : path === '/users-form'
            ? `<html><head><link rel="me" href="${server.config.publicUrl}/users/alice/"></head></html>`
            : `<html><body><a href="${profileUrl}">no rel</a><a rel="me" href="https://elsewhere.example/@alice">x</a></body></html>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => page.close(resolve));
  });

  const update = async (fields: { name: string; value: string }[]) => {
    const response = await call(alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      fields_attributes: fields,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return credentialAccountSchema.parse(response.json);
  };
  const verifiedAt = async () => {
    await profileLinkVerifierFor(server.ctx).idle();
    const account = credentialAccountSchema.parse(
      (await call(alice, 'GET', '/api/v1/accounts/verify_credentials')).json,
    );
    // the source fields carry the same verification as the HTML ones
    expect(account.source.fields.map((field) => field.verified_at)).toEqual(
      account.fields.map((field) => field.verified_at),
    );
    return Object.fromEntries(account.fields.map((field) => [field.name, field.verified_at]));
  };

  it('verifies only the link field whose page links back with rel="me", after the answer', async () => {
    const before = Date.now();
    const answer = await update([
      { name: 'Site', value: `${origin}/me` },
      { name: 'Other', value: `${origin}/other` },
      { name: 'Text', value: 'just some text' },
    ]);
    // the answer does not wait for the pages: every field starts unverified
    expect(answer.fields.map((field) => field.verified_at)).toEqual([null, null, null]);
    const verified = await verifiedAt();
    expect(verified).toEqual({ Site: expect.any(String), Other: null, Text: null });
    const at = Date.parse(verified.Site ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(hits.get('/me')).toBe(1);
  });

  it('keeps an unchanged verified field verified (without reading it again) across an update', async () => {
    const first = (await verifiedAt()).Site;
    expect(first).toEqual(expect.any(String));
    const answer = await update([
      { name: 'Site', value: `${origin}/me` },
      { name: 'Other', value: `${origin}/other` },
      { name: 'Text', value: 'other text' },
    ]);
    expect(answer.fields[0]?.verified_at).toBe(first);
    expect(await verifiedAt()).toEqual({ Site: first, Other: null, Text: null });
    expect(hits.get('/me')).toBe(1);
    // updates that do not send fields read nothing
    const otherHits = hits.get('/other');
    await call(alice, 'PATCH', '/api/v1/accounts/update_credentials', { display_name: 'Alice' });
    expect(await verifiedAt()).toEqual({ Site: first, Other: null, Text: null });
    expect(hits.get('/other')).toBe(otherHits);
  });

  it('unverifies a field whose value changes, and verifies the /users/ form of the profile address', async () => {
    const answer = await update([
      { name: 'Site', value: `${origin}/other` },
      { name: 'Mirror', value: `${origin}/users-form` },
    ]);
    expect(answer.fields.map((field) => field.verified_at)).toEqual([null, null]);
    expect(await verifiedAt()).toEqual({ Site: null, Mirror: expect.any(String) });
  });

  it('leaves fields unverified quietly when the page cannot be read', async () => {
    await update([
      { name: 'JSON', value: `${origin}/json` },
      { name: 'Missing', value: `${origin}/missing` },
      { name: 'Closed', value: 'http://127.0.0.1:9/closed' },
      { name: 'Private', value: `http://10.255.255.1/@alice` },
    ]);
    expect(await verifiedAt()).toEqual({ JSON: null, Missing: null, Closed: null, Private: null });
  });
});
