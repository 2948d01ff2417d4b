import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, credentialAccountSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';

describeEachDialect('accounts API', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, {
      username: 'alice',
      display_name: 'Alice',
      note: 'Hello <b>world</b>\n\nSee https://example.com/x',
      role: 'admin',
    });
    bob = await createAccount(server, { username: 'Bob' });
  });
  afterAll(async () => server.close());

  it('verify_credentials answers the CredentialAccount of the token owner', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(alice),
    });
    expect(response.statusCode).toBe(200);
    const body = credentialAccountSchema.parse(response.json());
    expect(body).toMatchObject({
      id: alice.account.id,
      username: 'alice',
      acct: 'alice',
      display_name: 'Alice',
      url: `${server.config.publicUrl}/@alice`,
      source: {
        note: 'Hello <b>world</b>\n\nSee https://example.com/x',
        privacy: 'public',
        follow_requests_count: 0,
      },
      role: { name: 'Admin' },
    });
    expect(body.note).toBe(
      '<p>Hello &lt;b&gt;world&lt;/b&gt;</p><p>See <a href="https://example.com/x" rel="nofollow noopener" target="_blank">https://example.com/x</a></p>',
    );
    expect(body.created_at).toMatch(/T00:00:00\.000Z$/);
  });

  it('requires authentication for verify_credentials', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/accounts/verify_credentials' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
  });

  it('serves any account by id and by acct lookup, and 404s unknown ones', async () => {
    const byId = await server.app.inject({ method: 'GET', url: `/api/v1/accounts/${bob.account.id}` });
    expect(byId.statusCode).toBe(200);
    expect(accountSchema.parse(byId.json()).username).toBe('Bob');

    const lookup = await server.app.inject({ method: 'GET', url: '/api/v1/accounts/lookup?acct=@bob' });
    expect(lookup.json()).toMatchObject({ id: bob.account.id });
    const local = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/lookup?acct=bob@${server.config.localDomain}`,
    });
    expect(local.json()).toMatchObject({ id: bob.account.id });

    for (const url of [
      '/api/v1/accounts/999',
      '/api/v1/accounts/nope',
      '/api/v1/accounts/lookup?acct=carol',
    ]) {
      const missing = await server.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Record not found' });
    }
  });

  describe('update_credentials', () => {
    it('updates profile fields from JSON', async () => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        headers: bearer(bob),
        payload: {
          display_name: 'Bobby',
          note: 'Just Bob',
          locked: true,
          bot: false,
          discoverable: false,
          fields_attributes: [{ name: 'Site', value: 'https://bob.example' }],
          source: { privacy: 'unlisted', sensitive: true, language: 'fr' },
        },
      });
      expect(response.statusCode).toBe(200);
      const body = credentialAccountSchema.parse(response.json());
      expect(body).toMatchObject({
        display_name: 'Bobby',
        note: '<p>Just Bob</p>',
        locked: true,
        discoverable: false,
        source: {
          note: 'Just Bob',
          privacy: 'unlisted',
          sensitive: true,
          language: 'fr',
          fields: [{ name: 'Site', value: 'https://bob.example', verified_at: null }],
        },
      });
      expect(body.fields[0]?.value).toContain('<a href="https://bob.example"');
    });

    it("links a bio's #hashtags and URLs as Mastodon does, leaving @mentions as text", async () => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        headers: bearer(bob),
        payload: { note: 'I post #Photography and #café_life, ping @alice, see https://bob.example' },
      });
      expect(response.statusCode).toBe(200);
      const { note } = accountSchema.parse(response.json());
      const tagUrl = `${server.config.publicUrl}/tags`;
      expect(note).toBe(
        `<p>I post <a href="${tagUrl}/photography" class="mention hashtag" rel="tag">#<span>Photography</span></a>` +
          ` and <a href="${tagUrl}/caf%C3%A9_life" class="mention hashtag" rel="tag">#<span>café_life</span></a>,` +
          ' ping @alice, see <a href="https://bob.example" rel="nofollow noopener" target="_blank">https://bob.example</a></p>',
      );
      // the public profile shows the same note
      const shown = await server.app.inject({ method: 'GET', url: `/api/v1/accounts/${bob.account.id}` });
      expect(accountSchema.parse(shown.json()).note).toBe(note);
    });

    it('accepts form fields', async () => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        headers: { ...bearer(bob), 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'display_name=Form+Bob&locked=false&fields_attributes%5B0%5D%5Bname%5D=A&fields_attributes%5B0%5D%5Bvalue%5D=B',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        display_name: 'Form Bob',
        locked: false,
        source: { fields: [{ name: 'A', value: 'B' }], privacy: 'unlisted' },
      });
    });

    it('refuses invalid input with a JSON error and writes nothing', async () => {
      const cases = [
        { display_name: 'x'.repeat(31) },
        { note: 'x'.repeat(501) },
        { fields_attributes: Array.from({ length: 5 }, () => ({ name: 'a', value: 'b' })) },
        { fields_attributes: [{ name: 'a'.repeat(256), value: 'b' }] },
        { locked: 'maybe' },
      ];
      for (const payload of cases) {
        const response = await server.app.inject({
          method: 'PATCH',
          url: '/api/v1/accounts/update_credentials',
          headers: bearer(bob),
          payload: { display_name: 'Changed', ...payload },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().error).toMatch(/Validation failed/);
      }
      const row = await server.db
        .selectFrom('accounts')
        .select('display_name')
        .where('id', '=', bob.account.id)
        .executeTakeFirstOrThrow();
      expect(row.display_name).toBe('Form Bob');
    });

    it('requires authentication', async () => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        payload: { display_name: 'x' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  it("lists an account's statuses with visibility applied", async () => {
    const carol = await createAccount(server, { username: 'carol' });
    const open = await insertStatus(server, carol, { text: 'public post' });
    const privatePost = await insertStatus(server, carol, { text: 'followers only', visibility: 'private' });
    const url = `/api/v1/accounts/${carol.account.id}/statuses`;

    const anonymous = await server.app.inject({ method: 'GET', url });
    expect(anonymous.json().map((s: { id: string }) => s.id)).toEqual([open.id]);

    const stranger = await server.app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(stranger.json().map((s: { id: string }) => s.id)).toEqual([open.id]);

    await follow(server, alice, carol);
    const follower = await server.app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(follower.json().map((s: { id: string }) => s.id)).toEqual([privatePost.id, open.id]);

    const account = await server.app.inject({ method: 'GET', url: `/api/v1/accounts/${carol.account.id}` });
    expect(account.json()).toMatchObject({ statuses_count: 2, followers_count: 1 });
    expect(account.json().last_status_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
