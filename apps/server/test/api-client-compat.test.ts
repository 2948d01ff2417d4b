import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, issueToken } from '../src/auth/oauth-service.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { instanceSchema } from '@palchat/api';
import { TEST_PASSWORD } from './helpers/auth.js';
import { saveDocument } from '../src/instance-content/service.js';
import { updateServerSettings } from '../src/settings/service.js';
import { announceInstanceChanged } from '../src/instance/sources.js';

/**
 * What third-party Mastodon clients found wrong or missing (issue 16), over plain HTTP: trailing slashes, the
 * health check and well-known URLs, OAuth discovery and userinfo, form bodies in Rails' bracket notation, and
 * the endpoints Mastodon 4.4 has that were missing.
 */
describeEachDialect('Mastodon client compatibility', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect, { publicUrl: 'https://palchat.example' });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice', display_name: 'Alice A.' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  /** A third-party app's token for `who` (null: an app token, client_credentials) with the given scopes. */
  async function appToken(who: TestAccount | null, scopes: string) {
    const app = await createApp(server.db, {
      client_name: 'Compat',
      redirect_uris: 'https://client.example/cb',
      scopes,
    });
    const issued = await issueToken(server.db, {
      appId: app.id,
      accountId: who?.account.id ?? null,
      scopes: scopes.split(' '),
    });
    return { app, headers: { authorization: `Bearer ${issued.token}` } };
  }

  const form = (
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    who: TestAccount,
    fields: [string, string][],
  ) =>
    server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('answers every route with a trailing slash too, query strings included', async () => {
    for (const url of [
      '/api/v1/instance/',
      '/api/v2/instance/',
      '/api/v1/custom_emojis/',
      '/api/v1/timelines/public/?limit=2',
      '/api/v1/conversations/',
    ]) {
      const response = await server.app.inject({ url, headers: { authorization: `Bearer ${alice.token}` } });
      expect(response.statusCode, url).not.toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    const limited = await call(alice, 'GET', '/api/v1/timelines/public/?limit=1');
    expect(limited.status).toBe(200);
    // a POST too: the report route answers (an empty report is refused by validation, not routing)
    expect((await call(alice, 'POST', '/api/v1/reports/', {})).status).toBe(422);
    const { app } = await appToken(null, 'read');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: 'https://client.example/cb',
    });
    // toot's login: a signed-out visitor is sent to sign in, as without the slash
    const authorize = await server.app.inject({ url: `/oauth/authorize/?${query.toString()}` });
    expect(authorize.statusCode).toBe(302);
    expect(authorize.headers.location).toMatch(/^\/auth\/sign_in\?redirect_to=/);
  });

  it('answers /health as Mastodon does, and unknown well-known URLs with a JSON 404', async () => {
    const health = await server.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toContain('text/plain');
    expect(health.body).toBe('OK');
    for (const url of [
      '/.well-known/webfinger?resource=acct:alice@palchat.example',
      '/.well-known/host-meta',
      '/.well-known/anything',
    ]) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
  });

  it('publishes the OAuth server metadata (RFC 8414) without the password grant', async () => {
    const response = await server.app.inject({ url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Record<string, unknown>>();
    expect(metadata).toMatchObject({
      issuer: 'https://palchat.example/',
      service_documentation: 'https://docs.joinmastodon.org/',
      authorization_endpoint: 'https://palchat.example/oauth/authorize',
      token_endpoint: 'https://palchat.example/oauth/token',
      app_registration_endpoint: 'https://palchat.example/api/v1/apps',
      revocation_endpoint: 'https://palchat.example/oauth/revoke',
      userinfo_endpoint: 'https://palchat.example/oauth/userinfo',
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['read', 'write', 'follow', 'push', 'profile', 'read:statuses', 'write:media']),
    );
  });

  it('answers /oauth/userinfo (GET and POST) to a token with the profile scope', async () => {
    const { headers } = await appToken(alice, 'profile');
    for (const method of ['GET', 'POST'] as const) {
      const response = await server.app.inject({ method, url: '/oauth/userinfo', headers });
      expect(response.statusCode, method).toBe(200);
      expect(response.json()).toEqual({
        iss: 'https://palchat.example/',
        sub: 'https://palchat.example/users/alice',
        name: 'Alice A.',
        preferred_username: 'alice',
        profile: 'https://palchat.example/@alice',
        picture: 'https://palchat.example/avatars/original/missing.png',
      });
    }
    const readOnly = await appToken(alice, 'read');
    expect((await server.app.inject({ url: '/oauth/userinfo', headers: readOnly.headers })).statusCode).toBe(
      403,
    );
    expect((await server.app.inject({ url: '/oauth/userinfo' })).statusCode).toBe(401);
  });

  it('verifies app credentials by an app token', async () => {
    const { headers } = await appToken(null, 'read');
    const response = await server.app.inject({ url: '/api/v1/apps/verify_credentials', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Compat', scopes: ['read'] });
    expect(response.json()).not.toHaveProperty('client_secret');
  });

  it('lets a user token with write:accounts register an account; refuses one without, and bad input with 422', async () => {
    const payload = {
      username: 'carol',
      email: 'carol@example.test',
      password: TEST_PASSWORD,
      agreement: true,
    };
    const readOnly = await appToken(alice, 'read');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: readOnly.headers,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const { headers } = await appToken(alice, 'read write:accounts');
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers,
      payload: { username: 'carol', email: 'nope' },
    });
    expect(malformed.statusCode).toBe(422);
    const created = await server.app.inject({ method: 'POST', url: '/api/v1/accounts', headers, payload });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ token_type: 'Bearer', scope: 'read write:accounts' });
  });

  it('marks the reblog wrapper reblogged, as Mastodon', async () => {
    const post = await call(bob, 'POST', '/api/v1/statuses', { status: 'boost me' });
    const boosted = await call(alice, 'POST', `/api/v1/statuses/${post.id}/reblog`);
    expect(boosted.body).toMatchObject({ reblogged: true, reblog: { id: post.id, reblogged: true } });
    const fetched = await call(alice, 'GET', `/api/v1/statuses/${boosted.id}`);
    expect(fetched.body).toMatchObject({ reblogged: true });
  });

  it('updates the notification policy with PUT as with PATCH', async () => {
    const put = await call(alice, 'PUT', '/api/v2/notifications/policy', { for_not_following: 'filter' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ for_not_following: 'filter' });
    const reset = await form('PUT', '/api/v2/notifications/policy', alice, [['for_not_following', 'accept']]);
    expect(reset.json()).toMatchObject({ for_not_following: 'accept' });
  });

  it('stores v2 filter keywords sent as form fields, repeated or indexed', async () => {
    const repeated = await form('POST', '/api/v2/filters', alice, [
      ['title', 'pets'],
      ['context[]', 'home'],
      ['keywords_attributes[][keyword]', 'cats'],
      ['keywords_attributes[][whole_word]', 'false'],
      ['keywords_attributes[][keyword]', 'dogs'],
    ]);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toMatchObject({
      title: 'pets',
      context: ['home'],
      keywords: [
        { keyword: 'cats', whole_word: false },
        { keyword: 'dogs', whole_word: true },
      ],
    });
    const indexed = await form('POST', '/api/v2/filters', alice, [
      ['title', 'food'],
      ['context[]', 'public'],
      ['keywords_attributes[0][keyword]', 'soup'],
      ['keywords_attributes[0][whole_word]', '1'],
      ['keywords_attributes[1][keyword]', 'stew'],
    ]);
    expect(indexed.json()).toMatchObject({
      keywords: [
        { keyword: 'soup', whole_word: true },
        { keyword: 'stew', whole_word: true },
      ],
    });
  });

  it('takes a numeric last_read_id for markers', async () => {
    const saved = await call(alice, 'POST', '/api/v1/markers', {
      // a real id, as a JSON number: past 2^53, so zod's int() would refuse it
      home: { last_read_id: 117674109896753152 },
      notifications: { last_read_id: '789' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      home: { last_read_id: '117674109896753152' },
      notifications: { last_read_id: '000000000000000789' },
    });
    const formPosted = await form('POST', '/api/v1/markers', alice, [['home[last_read_id]', '124000']]);
    expect(formPosted.json()).toMatchObject({ home: { last_read_id: '000000000000124000' } });
    for (const last_read_id of [-1, 1.5, 1e18]) {
      expect((await call(alice, 'POST', '/api/v1/markers', { home: { last_read_id } })).status).toBe(422);
    }
  });

  it('reads update_credentials fields as Rails does: indexed hashes as lists, unreadable ones ignored', async () => {
    const url = '/api/v1/accounts/update_credentials';
    const indexed = await form('PATCH', url, alice, [
      ['fields_attributes[0][name]', 'Site'],
      ['fields_attributes[0][value]', 'example.org'],
      ['fields_attributes[1][name]', 'Pronouns'],
      ['fields_attributes[1][value]', 'she/her'],
      ['source[privacy]', 'unlisted'],
    ]);
    expect(indexed.statusCode).toBe(200);
    expect(indexed.json()).toMatchObject({
      fields: [{ name: 'Site' }, { name: 'Pronouns', value: 'she/her' }],
      source: { privacy: 'unlisted' },
    });
    for (const fields_attributes of ['nonsense', 42, true]) {
      const ignored = await call(alice, 'PATCH', url, { display_name: 'Alice B.', fields_attributes });
      expect(ignored.status).toBe(200);
      expect(ignored.body).toMatchObject({
        display_name: 'Alice B.',
        fields: [{ name: 'Site' }, { name: 'Pronouns' }],
      });
    }
    const keyed = await call(alice, 'PATCH', url, {
      fields_attributes: { 0: { name: 'Only', value: 'one' } },
    });
    expect(keyed.body).toMatchObject({ fields: [{ name: 'Only', value: 'one' }] });
  });

  it('refuses the plain PKCE method', async () => {
    const { app } = await appToken(null, 'read');
    const plain = await server.app.inject({
      url: `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: app.client_id,
        redirect_uri: 'https://client.example/cb',
        code_challenge: crypto.randomBytes(32).toString('base64url'),
        code_challenge_method: 'plain',
      }).toString()}`,
    });
    // signed out: the request is checked before the sign-in redirect
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('S256');
  });

  it('keeps v1 filters, backed by v2 filter keywords', async () => {
    const created = await form('POST', '/api/v1/filters', bob, [
      ['phrase', 'spoilers'],
      ['context[]', 'home'],
      ['context[]', 'public'],
      ['irreversible', 'true'],
      ['whole_word', 'false'],
    ]);
    expect(created.statusCode).toBe(200);
    const v1 = created.json<{ id: string }>();
    expect(v1).toEqual({
      id: expect.any(String),
      phrase: 'spoilers',
      context: ['home', 'public'],
      whole_word: false,
      expires_at: null,
      irreversible: true,
    });
    const [v2] = (await call(bob, 'GET', '/api/v2/filters')).json as {
      title: string;
      filter_action: string;
      keywords: { id: string }[];
    }[];
    expect(v2).toMatchObject({ title: 'spoilers', filter_action: 'hide', keywords: [{ id: v1.id }] });
    expect((await call(bob, 'GET', '/api/v1/filters')).json).toEqual([v1]);
    expect((await call(bob, 'GET', `/api/v1/filters/${v1.id}`)).body).toEqual(v1);
    expect((await call(alice, 'GET', `/api/v1/filters/${v1.id}`)).status).toBe(404);

    const updated = await call(bob, 'PUT', `/api/v1/filters/${v1.id}`, {
      phrase: 'leaks',
      context: ['thread'],
      irreversible: false,
      expires_in: 3600,
    });
    expect(updated.body).toMatchObject({
      id: v1.id,
      phrase: 'leaks',
      context: ['thread'],
      irreversible: false,
    });
    expect(updated.body.expires_at).toEqual(expect.any(String));
    expect((await call(bob, 'POST', '/api/v1/filters', { phrase: '', context: ['home'] })).status).toBe(422);
    expect((await call(bob, 'POST', '/api/v1/filters', { phrase: 'x', context: ['nowhere'] })).status).toBe(
      422,
    );

    expect((await call(bob, 'DELETE', `/api/v1/filters/${v1.id}`)).status).toBe(200);
    expect((await call(bob, 'GET', '/api/v1/filters')).json).toEqual([]);
    expect((await call(bob, 'GET', '/api/v2/filters')).json).toEqual([]);
  });

  it('removes the avatar and the header, answering the CredentialAccount', async () => {
    await server.db
      .updateTable('accounts')
      .set({ avatar_path: 'avatars/none.png', header_path: 'headers/none.png' })
      .where('id', '=', bob.account.id)
      .execute();
    const avatar = await call(bob, 'DELETE', '/api/v1/profile/avatar');
    expect(avatar.status).toBe(200);
    expect(avatar.body).toMatchObject({
      username: 'bob',
      avatar: 'https://palchat.example/avatars/original/missing.png',
      header: 'https://palchat.example/system/headers/none.png',
      source: expect.any(Object),
    });
    const header = await call(bob, 'DELETE', '/api/v1/profile/header');
    expect(header.body).toMatchObject({ header: 'https://palchat.example/headers/original/missing.png' });
    expect((await call(null, 'DELETE', '/api/v1/profile/avatar')).status).toBe(401);
  });

  it('lists the instance languages and its (empty) domain blocks', async () => {
    const languages = (await call(null, 'GET', '/api/v1/instance/languages')).json as {
      code: string;
      name: string;
    }[];
    expect(languages).toContainEqual({ code: 'en', name: 'English' });
    expect(languages).toContainEqual({ code: 'de', name: 'German' });
    expect(languages.length).toBeGreaterThan(150);
    expect((await call(null, 'GET', '/api/v1/instance/domain_blocks')).json).toEqual([]);
    expect((await call(null, 'GET', '/api/v1/instance/translation_languages')).status).toBe(200);
  });

  it('marks a conversation unread again', async () => {
    const dm = await call(alice, 'POST', '/api/v1/statuses', { status: '@bob psst', visibility: 'direct' });
    expect(dm.status).toBe(200);
    const [conversation] = (await call(bob, 'GET', '/api/v1/conversations')).json as {
      id: string;
      unread: boolean;
    }[];
    expect(conversation?.unread).toBe(true);
    const read = await call(bob, 'POST', `/api/v1/conversations/${conversation?.id}/read`);
    expect(read.body).toMatchObject({ id: conversation?.id, unread: false });
    const unread = await call(bob, 'POST', `/api/v1/conversations/${conversation?.id}/unread`);
    expect(unread.body).toMatchObject({ id: conversation?.id, unread: true });
    // the author's own last message is read for them, unless they mark it unread
    const own = await call(alice, 'POST', `/api/v1/conversations/${conversation?.id}/unread`);
    expect(own.body).toMatchObject({ unread: true });
    expect((await call(bob, 'GET', '/api/v1/conversations')).json).toMatchObject([{ unread: true }]);
    expect((await call(bob, 'POST', '/api/v1/conversations/999/unread')).status).toBe(404);
  });

  it('features and unfeatures a hashtag from the hashtag itself', async () => {
    const featured = await call(bob, 'POST', '/api/v1/tags/Gardening/feature');
    expect(featured.status).toBe(200);
    expect(featured.body).toMatchObject({ name: 'Gardening', featuring: true, following: false });
    // featuring twice changes nothing
    expect((await call(bob, 'POST', '/api/v1/tags/gardening/feature')).body).toMatchObject({
      featuring: true,
    });
    expect((await call(bob, 'GET', '/api/v1/featured_tags')).json).toMatchObject([{ name: 'Gardening' }]);
    const tag = await call(bob, 'GET', '/api/v1/tags/gardening');
    // Mastodon 4.4: a stored hashtag carries its id (the admin API's); one nobody used yet has none
    expect(tag.body).toMatchObject({ id: expect.stringMatching(/^\d+$/), featuring: true });
    expect((await call(bob, 'GET', '/api/v1/tags/nobodyusedthis')).body).not.toHaveProperty('id');
    const unfeatured = await call(bob, 'POST', '/api/v1/tags/gardening/unfeature');
    expect(unfeatured.body).toMatchObject({ name: 'Gardening', featuring: false });
    expect((await call(bob, 'GET', '/api/v1/featured_tags')).json).toEqual([]);
    expect((await call(bob, 'POST', '/api/v1/tags/neverused/unfeature')).status).toBe(404);
    const readOnly = await appToken(bob, 'read');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/tags/gardening/feature',
      headers: readOnly.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows several accounts and statuses at once, in the order asked, leaving out what is unknown or hidden', async () => {
    const carol = await createAccount(server, { username: 'carla' });
    const unknown = '999999999';
    const accounts = await call(
      alice,
      'GET',
      `/api/v1/accounts?id[]=${carol.account.id}&id[]=${unknown}&id[]=${bob.account.id}`,
    );
    expect(accounts.status).toBe(200);
    expect((accounts.json as { username: string }[]).map((account) => account.username)).toEqual([
      'carla',
      'bob',
    ]);
    expect((await call(alice, 'GET', '/api/v1/accounts')).json).toEqual([]);
    expect((await call(alice, 'GET', '/api/v1/accounts?id[]=not-an-id')).status).toBe(400);

    const open = await call(bob, 'POST', '/api/v1/statuses', { status: 'for everyone' });
    const secret = await call(bob, 'POST', '/api/v1/statuses', {
      status: '@carla for you',
      visibility: 'direct',
    });
    const mine = await call(alice, 'POST', '/api/v1/statuses', { status: 'mine' });
    const ids = [mine, secret, open].map((answer) => (answer.body as { id: string }).id);
    const statuses = await call(alice, 'GET', `/api/v1/statuses?${ids.map((id) => `id[]=${id}`).join('&')}`);
    expect(statuses.status).toBe(200);
    // bob's direct post is not alice's to read
    expect((statuses.json as { id: string }[]).map((status) => status.id)).toEqual([ids[0], ids[2]]);
    expect(
      ((await call(null, 'GET', `/api/v1/statuses?id[]=${ids[2]}`)).json as { content: string }[])[0],
    ).toMatchObject({ content: '<p>for everyone</p>' });
  });

  it('announces Mastodon 4.6 (API version 10) with the instance attributes of 4.4 and 4.5', async () => {
    const instance = instanceSchema.parse((await call(null, 'GET', '/api/v2/instance')).body);
    expect(instance.version).toBe('4.6.0 (compatible; Palchat 0.1.0)');
    expect(instance.api_versions).toEqual({ mastodon: 10 });
    expect((await call(null, 'GET', '/api/v1/instance')).body).toMatchObject({ version: instance.version });
    expect(instance.icon).toEqual([
      { src: 'https://palchat.example/icons/icon-192.png', size: '192x192' },
      { src: 'https://palchat.example/icons/icon-512.png', size: '512x512' },
    ]);
    expect(instance.configuration.urls).toEqual({
      streaming: 'wss://palchat.example',
      status: null,
      about: 'https://palchat.example/about',
      privacy_policy: 'https://palchat.example/privacy-policy',
      terms_of_service: null,
    });
    const everyone = { local: 'public', remote: 'public' };
    expect(instance.configuration.timelines_access).toEqual({
      live_feeds: everyone,
      hashtag_feeds: everyone,
      trending_link_feeds: everyone,
    });
    expect(instance.configuration.limited_federation).toBe(false);
    expect(instance.registrations).toMatchObject({ reason_required: false, min_age: null });

    await saveDocument(server.db, 'terms_of_service', 'Be kind.', '2026-01-01');
    await updateServerSettings(server.db, { timeline_preview: false, registrations_mode: 'approval' });
    // written past the admin commands, so announced here as they would announce it
    await announceInstanceChanged(server.ctx, server.ctx);
    try {
      const changed = instanceSchema.parse((await call(null, 'GET', '/api/v2/instance')).body);
      expect(changed.configuration.urls.terms_of_service).toBe('https://palchat.example/terms-of-service');
      expect(changed.configuration.timelines_access.live_feeds).toEqual({
        local: 'authenticated',
        remote: 'authenticated',
      });
      // what it announces is what a signed-out reader meets
      expect((await call(null, 'GET', '/api/v1/timelines/public')).status).toBe(401);
      expect((await call(null, 'GET', '/api/v1/timelines/tag/anything')).status).toBe(401);
      expect(changed.registrations).toMatchObject({ approval_required: true, reason_required: true });
    } finally {
      await updateServerSettings(server.db, { timeline_preview: true, registrations_mode: 'open' });
      await announceInstanceChanged(server.ctx, server.ctx);
    }
  });

  it("repeats the discovery choices in the credential account's source, as Mastodon", async () => {
    await call(alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      discoverable: true,
      indexable: true,
    });
    const credentials = (await call(alice, 'GET', '/api/v1/accounts/verify_credentials')).body as {
      discoverable: boolean;
      source: Record<string, unknown>;
    };
    expect(credentials.source).toMatchObject({
      discoverable: true,
      indexable: true,
      hide_collections: credentials.source.hide_collections,
      attribution_domains: [],
    });
    expect(credentials.discoverable).toBe(true);
  });

  it('keeps the first (v1) notification policy for older apps, over the same stored policy', async () => {
    await call(bob, 'PATCH', '/api/v2/notifications/policy', {
      for_not_following: 'accept',
      for_not_followers: 'accept',
      for_new_accounts: 'accept',
      for_private_mentions: 'filter',
    });
    const v1 = await call(bob, 'GET', '/api/v1/notifications/policy');
    expect(v1.body).toEqual({
      filter_not_following: false,
      filter_not_followers: false,
      filter_new_accounts: false,
      filter_private_mentions: true,
      summary: {
        pending_requests_count: expect.any(Number),
        pending_notifications_count: expect.any(Number),
      },
    });
    const changed = await form('PATCH', '/api/v1/notifications/policy', bob, [
      ['filter_not_following', 'true'],
      ['filter_private_mentions', 'false'],
    ]);
    expect(changed.json()).toMatchObject({ filter_not_following: true, filter_private_mentions: false });
    expect((await call(bob, 'GET', '/api/v2/notifications/policy')).body).toMatchObject({
      for_not_following: 'filter',
      for_private_mentions: 'accept',
      for_not_followers: 'accept',
    });
    // a v2 `drop` is filtered too, seen from v1
    await call(bob, 'PATCH', '/api/v2/notifications/policy', { for_not_followers: 'drop' });
    expect((await call(bob, 'GET', '/api/v1/notifications/policy')).body).toMatchObject({
      filter_not_followers: true,
    });
    expect(
      (await form('PATCH', '/api/v1/notifications/policy', bob, [['filter_new_accounts', 'maybe']]))
        .statusCode,
    ).toBe(422);
    await call(bob, 'PATCH', '/api/v2/notifications/policy', {
      for_not_following: 'accept',
      for_not_followers: 'accept',
      for_private_mentions: 'filter',
    });
    const readOnly = await appToken(bob, 'read');
    const refused = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/notifications/policy',
      headers: readOnly.headers,
      payload: { filter_not_following: true },
    });
    expect(refused.statusCode).toBe(403);
  });
});
