import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchResultsSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import type { AccountRow } from '../src/auth/viewer.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import { accountRow, bearer, createAccount, insertStatus, type TestAccount } from './helpers/factories.js';

describeEachDialect('directory, search and trends', (dialect) => {
  let server: TestServer;
  let viewer: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    viewer = await createAccount(server, { username: 'viewer', created_at: '2026-01-01T00:00:00.000Z' });
    const active = await createAccount(server, {
      username: 'active',
      display_name: 'Busy Bee',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    await createAccount(server, { username: 'hidden', discoverable: 0 });
    await createAccount(server, { username: 'pending', approved: 0 });
    await createAccount(server, { username: 'newest', created_at: '2026-03-01T00:00:00.000Z' });
    await insertStatus(server, active, {
      text: 'Buzzing about #Honey today',
      tags: ['Honey'],
      favourites_count: 2,
    });
    await insertStatus(server, active, { text: 'private honey', visibility: 'private' });
  });
  afterAll(async () => server.close());

  it('lists discoverable, approved local accounts by activity or age', async () => {
    const active = await server.app.inject({
      method: 'GET',
      url: '/api/v1/directory?order=active&local=true',
    });
    const usernames = active.json().map((a: { username: string }) => a.username);
    expect(usernames[0]).toBe('active');
    expect(usernames).not.toContain('hidden');
    expect(usernames).not.toContain('pending');
    const byAge = await server.app.inject({ method: 'GET', url: '/api/v1/directory?order=new&limit=2' });
    expect(byAge.json().map((a: { username: string }) => a.username)).toEqual(['newest', 'active']);
    const offset = await server.app.inject({
      method: 'GET',
      url: '/api/v1/directory?order=new&offset=1&limit=1',
    });
    expect(offset.json().map((a: { username: string }) => a.username)).toEqual(['active']);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/directory?order=random' })).statusCode,
    ).toBe(422);
  });

  it('lists discoverable remote accounts too, without the excluded ones (Mastodon: where allowed)', async () => {
    const remote = (username: string, domain: string, columns: Partial<AccountRow> = {}) =>
      server.db
        .insertInto('accounts')
        .values(
          accountRow(username, {
            domain,
            uri: `https://${domain}/users/${username}`,
            created_at: '2025-01-01T00:00:00.000Z',
            ...columns,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
    await remote('far_away', 'elsewhere.example');
    await remote('far_limited', 'elsewhere.example', { silenced_at: '2026-01-01T00:00:00.000Z' });
    await remote('far_suspended', 'elsewhere.example', { suspended_at: '2026-01-01T00:00:00.000Z' });
    await remote('far_banned', 'banned.example');
    const muted = await remote('far_muted', 'elsewhere.example');
    await remote('far_domain_blocked', 'noisy.example');
    await server.db
      .insertInto('instance_domain_blocks')
      .values({
        id: newId(),
        domain: 'banned.example',
        severity: 'suspend',
        reject_media: 0,
        reject_reports: 0,
        private_comment: '',
        public_comment: '',
        obfuscate: 0,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    await server.db
      .insertInto('mutes')
      .values({
        id: newId(),
        account_id: viewer.account.id,
        target_account_id: muted.id,
        hide_notifications: 1,
        expires_at: null,
        created_at: nowIso(),
      })
      .execute();
    await server.db
      .insertInto('domain_blocks')
      .values({ id: newId(), account_id: viewer.account.id, domain: 'noisy.example', created_at: nowIso() })
      .execute();
    const names = async (headers = {}) =>
      (await server.app.inject({ method: 'GET', url: '/api/v1/directory?limit=80', headers }))
        .json()
        .map((a: { acct: string }) => a.acct)
        .filter((acct: string) => acct.startsWith('far_'))
        .sort();
    expect(await names()).toEqual([
      'far_away@elsewhere.example',
      'far_domain_blocked@noisy.example',
      'far_muted@elsewhere.example',
    ]);
    expect(await names(bearer(viewer))).toEqual(['far_away@elsewhere.example']);
    const local = await server.app.inject({ method: 'GET', url: '/api/v1/directory?local=true&limit=80' });
    expect(local.json().every((a: { acct: string }) => !a.acct.includes('@'))).toBe(true);
  });

  it('searches accounts by username or display-name prefix, hashtags and readable statuses', async () => {
    const byName = await server.app.inject({ method: 'GET', url: '/api/v2/search?q=busy&type=accounts' });
    expect(searchResultsSchema.parse(byName.json()).accounts.map((a) => a.username)).toEqual(['active']);
    const byUsername = await server.app.inject({ method: 'GET', url: '/api/v2/search?q=@act' });
    expect(byUsername.json().accounts.map((a: { username: string }) => a.username)).toEqual(['active']);
    expect(byUsername.json().statuses).toEqual([]);
    const wildcard = await server.app.inject({ method: 'GET', url: '/api/v2/search?q=%25&type=accounts' });
    expect(wildcard.json().accounts).toEqual([]);

    const tags = await server.app.inject({ method: 'GET', url: '/api/v2/search?q=%23hon&type=hashtags' });
    expect(tags.json().hashtags).toEqual([expect.objectContaining({ name: 'Honey' })]);

    const statuses = await server.app.inject({
      method: 'GET',
      url: '/api/v2/search?q=honey&type=statuses',
      headers: bearer(viewer),
    });
    expect(statuses.json().statuses.map((s: { content: string }) => s.content)).toEqual([
      expect.stringContaining('Buzzing'),
    ]);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v2/search?q=honey&type=statuses' });
    expect(anonymous.json().statuses).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: '/api/v2/search?q=' })).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/v2/search?q=a&offset=5' })).statusCode).toBe(
      401,
    );
  });

  it('computes trends from recent public statuses', async () => {
    const tags = await server.app.inject({ method: 'GET', url: '/api/v1/trends/tags' });
    expect(tags.json()).toEqual([expect.objectContaining({ name: 'honey' })]);
    expect(tags.json()[0].history[0]).toMatchObject({ uses: '1', accounts: '1' });
    const statuses = await server.app.inject({ method: 'GET', url: '/api/v1/trends/statuses' });
    expect(statuses.json()).toHaveLength(1);
  });
});
