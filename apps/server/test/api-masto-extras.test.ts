import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRestAPIClient, type mastodon } from 'masto';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';

/** The third-party `masto` client reads the newer endpoints and entities as Mastodon serves them. */
describeEachDialect(
  'masto client on grouped notifications, suggestions, notes and instance activity',
  (dialect) => {
    let server: TestServer;
    let ada: TestAccount;
    let ben: TestAccount;
    let asAda: mastodon.rest.Client;
    let asBen: mastodon.rest.Client;

    beforeAll(async () => {
      server = await createTestServer(dialect);
      const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
      ada = await createAccount(server, { username: 'ada' });
      ben = await createAccount(server, { username: 'ben' });
      asAda = createRestAPIClient({ url, accessToken: ada.token });
      asBen = createRestAPIClient({ url, accessToken: ben.token });
    });
    afterAll(async () => server.close());

    it('follows from a suggestion, groups the notifications, notes and removes a follower', async () => {
      const [suggestion] = await asAda.v2.suggestions.list();
      expect(suggestion?.account.id).toBe(ben.account.id);
      expect((await asAda.v1.accounts.search.list({ q: 'be' })).map((account) => account.id)).toEqual([
        ben.account.id,
      ]);
      await asAda.v1.accounts.$select(ben.account.id).follow();
      const post = await asBen.v1.statuses.create({ status: 'masto reads this' });
      await asAda.v1.statuses.$select(post.id).favourite();
      await asAda.v1.statuses.$select(post.id).reblog();

      const grouped = await asBen.v2.notifications.list();
      expect(grouped.notificationGroups.map((group) => [group.type, group.notificationsCount])).toEqual([
        ['reblog', 1],
        ['favourite', 1],
        ['follow', 1],
      ]);
      expect(grouped.accounts.map((account) => account.id)).toEqual([ada.account.id]);
      expect(grouped.statuses.map((status) => status.id)).toEqual([post.id]);
      expect((await asBen.v2.notifications.unreadCount.fetch()).count).toBe(3);

      const noted = await asBen.v1.accounts.$select(ada.account.id).note.create({ comment: 'early fan' });
      expect(noted.note).toBe('early fan');
      const removed = await asBen.v1.accounts.$select(ada.account.id).removeFromFollowers();
      expect(removed).toMatchObject({ followedBy: false });

      const preferences = await asBen.v1.preferences.fetch();
      expect(preferences['posting:default:visibility']).toBe('public');
      const weeks = await asBen.v1.instance.activity.list();
      expect(weeks).toHaveLength(12);
      expect(Number(weeks[0]?.statuses)).toBe(1);
    });
  },
);
