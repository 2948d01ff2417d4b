import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accountSchema,
  instanceActivitySchema,
  relationshipSchema,
  suggestionSchema,
  tagSchema,
  userPreferencesSchema,
} from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { updateUserSettings } from '../src/web/user-settings.js';

describeEachDialect(
  'account search, notes, followers, suggestions, preferences and instance lists',
  (dialect) => {
    let server: TestServer;
    let call: ReturnType<typeof caller>;
    let alice: TestAccount;
    let bob: TestAccount;
    let carol: TestAccount;
    let dave: TestAccount;
    let erin: TestAccount;

    beforeAll(async () => {
      server = await createTestServer(dialect);
      call = caller(server);
      alice = await createAccount(server, { username: 'alice' });
      bob = await createAccount(server, { username: 'bob', display_name: 'Bobby Tables' });
      carol = await createAccount(server, { username: 'carol' });
      dave = await createAccount(server, { username: 'dave', discoverable: 0 });
      erin = await createAccount(server, { username: 'erin' });
    });
    afterAll(async () => server.close());

    const relationship = async (who: TestAccount, target: TestAccount) =>
      relationshipSchema.parse(
        (
          (await call(who, 'GET', `/api/v1/accounts/relationships?id[]=${target.account.id}`))
            .json as unknown[]
        )[0],
      );
    const ids = (json: unknown) => (json as { id: string }[]).map((account) => account.id);

    it('GET /api/v1/accounts/search: prefixes of usernames and display names, following, offset; signed in only', async () => {
      expect((await call(null, 'GET', '/api/v1/accounts/search?q=bo')).status).toBe(401);
      expect((await call(alice, 'GET', '/api/v1/accounts/search')).status).toBe(422);
      const byName = await call(alice, 'GET', '/api/v1/accounts/search?q=bobby');
      expect(byName.status).toBe(200);
      expect(ids(byName.json)).toEqual([bob.account.id]);
      accountSchema.array().parse(byName.json);
      // name@domain looks on that domain: this server's is the local accounts, another one's its known accounts
      const local = `/api/v1/accounts/search?q=@carol@${server.config.localDomain}`;
      expect(ids((await call(alice, 'GET', local)).json)).toEqual([carol.account.id]);
      expect((await call(alice, 'GET', '/api/v1/accounts/search?q=@carol@elsewhere')).json).toEqual([]);
      expect((await call(alice, 'GET', '/api/v1/accounts/search?q=bo&following=true')).json).toEqual([]);
      await follow(server, alice, bob);
      expect(
        ids((await call(alice, 'GET', '/api/v1/accounts/search?q=bo&following=true&resolve=true')).json),
      ).toEqual([bob.account.id]);
      expect((await call(alice, 'GET', '/api/v1/accounts/search?q=bo&offset=1')).json).toEqual([]);
      // the v2 search answers the same accounts from the same query
      const v2 = await call(alice, 'GET', '/api/v2/search?q=bobby&type=accounts');
      expect(ids(v2.body.accounts)).toEqual([bob.account.id]);
    });

    it('POST /api/v1/accounts/:id/note: a private note only its writer sees, cleared by an empty comment', async () => {
      const url = `/api/v1/accounts/${carol.account.id}/note`;
      expect((await call(null, 'POST', url, { comment: 'x' })).status).toBe(401);
      expect((await call(alice, 'POST', '/api/v1/accounts/999999/note', { comment: 'x' })).status).toBe(404);
      expect(
        (await call(alice, 'POST', `/api/v1/accounts/${alice.account.id}/note`, { comment: 'x' })).status,
      ).toBe(422);
      expect((await call(alice, 'POST', url, { comment: 'x'.repeat(2001) })).status).toBe(422);
      const written = await call(alice, 'POST', url, { comment: 'met at the climbing gym' });
      expect(written.status).toBe(200);
      expect(relationshipSchema.parse(written.json).note).toBe('met at the climbing gym');
      expect((await relationship(alice, carol)).note).toBe('met at the climbing gym');
      // nobody else sees it: not bob looking at carol, not carol looking at alice
      expect((await relationship(bob, carol)).note).toBe('');
      expect((await relationship(carol, alice)).note).toBe('');
      await call(alice, 'POST', url, { comment: 'changed my mind' });
      expect((await relationship(alice, carol)).note).toBe('changed my mind');
      expect((await call(alice, 'POST', url, { comment: '' })).body.note).toBe('');
      expect((await relationship(alice, carol)).note).toBe('');
    });

    it("POST /api/v1/accounts/:id/remove_from_followers: drops that follower, and only the viewer's own", async () => {
      await follow(server, carol, erin);
      await follow(server, carol, alice);
      const url = (target: TestAccount) => `/api/v1/accounts/${target.account.id}/remove_from_followers`;
      expect((await call(null, 'POST', url(carol))).status).toBe(401);
      expect((await call(erin, 'POST', '/api/v1/accounts/999999/remove_from_followers')).status).toBe(404);
      const removed = await call(erin, 'POST', url(carol));
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ id: carol.account.id, followed_by: false });
      expect((await relationship(carol, erin)).following).toBe(false);
      // carol still follows alice: erin could only end carol's follow of erin
      expect((await relationship(carol, alice)).following).toBe(true);
      const counts = await server.db
        .selectFrom('accounts')
        .select(['id', 'followers_count', 'following_count'])
        .where('id', 'in', [carol.account.id, erin.account.id])
        .execute();
      expect(counts.find((row) => row.id === erin.account.id)?.followers_count).toBe(0);
      expect(counts.find((row) => row.id === carol.account.id)?.following_count).toBe(1);
      // removing someone who does not follow changes nothing
      expect((await call(erin, 'POST', url(bob))).body).toMatchObject({ followed_by: false });
    });

    it('GET /api/v2/suggestions and v1: discoverable accounts not followed, blocked, muted or dismissed', async () => {
      expect((await call(null, 'GET', '/api/v2/suggestions')).status).toBe(401);
      await follow(server, carol, bob); // bob is the most followed now
      const v2 = await call(erin, 'GET', '/api/v2/suggestions');
      expect(v2.status).toBe(200);
      const suggestions = suggestionSchema.array().parse(v2.json);
      const suggested = suggestions.map((entry) => entry.account.id);
      expect(suggested[0]).toBe(bob.account.id);
      expect(suggestions[0]).toMatchObject({ source: 'global', sources: ['most_followed'] });
      expect(suggested).not.toContain(erin.account.id);
      expect(suggested).not.toContain(dave.account.id); // not discoverable
      expect(new Set(suggested)).toEqual(new Set([bob.account.id, alice.account.id, carol.account.id]));

      await call(erin, 'POST', `/api/v1/accounts/${alice.account.id}/mute`);
      await call(carol, 'POST', `/api/v1/accounts/${erin.account.id}/block`);
      expect(ids((await call(erin, 'GET', '/api/v1/suggestions')).json)).toEqual([bob.account.id]);

      expect((await call(erin, 'DELETE', '/api/v1/suggestions/999999')).status).toBe(404);
      expect((await call(null, 'DELETE', `/api/v1/suggestions/${bob.account.id}`)).status).toBe(401);
      expect((await call(erin, 'DELETE', `/api/v1/suggestions/${bob.account.id}`)).status).toBe(200);
      expect((await call(erin, 'GET', '/api/v2/suggestions')).json).toEqual([]);
      // dismissing is erin's alone
      expect(ids((await call(dave, 'GET', '/api/v1/suggestions?limit=1')).json)).toEqual([bob.account.id]);
      await call(erin, 'POST', `/api/v1/accounts/${alice.account.id}/unmute`);
      await follow(server, erin, alice);
      expect((await call(erin, 'GET', '/api/v2/suggestions')).json).toEqual([]);
    });

    it('GET /api/v1/preferences reflects the posting defaults and the reading settings', async () => {
      expect((await call(null, 'GET', '/api/v1/preferences')).status).toBe(401);
      expect(userPreferencesSchema.parse((await call(bob, 'GET', '/api/v1/preferences')).json)).toEqual({
        'posting:default:visibility': 'public',
        'posting:default:sensitive': false,
        'posting:default:language': null,
        'reading:expand:media': 'default',
        'reading:expand:spoilers': false,
        'reading:autoplay:gifs': false,
      });
      await server.db
        .insertInto('posting_defaults')
        .values({ account_id: bob.account.id, privacy: 'unlisted', sensitive: 1, language: 'de' })
        .execute();
      expect((await call(bob, 'GET', '/api/v1/preferences')).body).toMatchObject({
        'posting:default:visibility': 'unlisted',
        'posting:default:sensitive': true,
        'posting:default:language': 'de',
      });
      // the web client's reading settings are the ones other apps read
      await updateUserSettings(server.db, bob.account.id, {
        displayMedia: 'hide_all',
        expandSpoilers: true,
        autoplayGifs: true,
      });
      expect((await call(bob, 'GET', '/api/v1/preferences')).body).toMatchObject({
        'reading:expand:media': 'hide_all',
        'reading:expand:spoilers': true,
        'reading:autoplay:gifs': true,
      });
    });

    it('instance activity counts twelve weeks of posts, logins and sign-ups; peers, emojis and announcements are empty', async () => {
      await insertStatus(server, alice, { text: 'this week' });
      await insertStatus(server, alice, {
        text: 'three weeks ago',
        created_at: new Date(Date.now() - 21 * 86_400_000).toISOString(),
      });
      const answer = await call(null, 'GET', '/api/v1/instance/activity');
      expect(answer.status).toBe(200);
      const weeks = instanceActivitySchema.array().parse(answer.json);
      expect(weeks).toHaveLength(12);
      const [thisWeek] = weeks;
      const monday = new Date(Number(thisWeek?.week) * 1000);
      expect(monday.getUTCDay()).toBe(1);
      expect(monday.getUTCHours()).toBe(0);
      expect(Number(weeks[0]?.week) - Number(weeks[1]?.week)).toBe(7 * 86_400);
      expect(thisWeek).toMatchObject({ statuses: '1', registrations: '5', logins: '5' });
      const older = weeks.slice(1).reduce((sum, week) => sum + Number(week.statuses), 0);
      expect(older).toBe(1);
      for (const url of ['/api/v1/instance/peers', '/api/v1/custom_emojis']) {
        const empty = await call(null, 'GET', url);
        expect([empty.status, empty.json]).toEqual([200, []]);
      }
      expect((await call(null, 'GET', '/api/v1/announcements')).status).toBe(401);
      expect((await call(alice, 'GET', '/api/v1/announcements')).json).toEqual([]);
    });

    it('GET /api/v1/notifications/requests/merged answers merged; signed in only', async () => {
      expect((await call(null, 'GET', '/api/v1/notifications/requests/merged')).status).toBe(401);
      expect((await call(alice, 'GET', '/api/v1/notifications/requests/merged')).json).toEqual({
        merged: true,
      });
    });

    it('GET /api/v1/tags/:name answers a hashtag nobody used yet; following it creates it', async () => {
      const unused = await call(alice, 'GET', '/api/v1/tags/NeverUsed');
      expect(unused.status).toBe(200);
      expect(tagSchema.parse(unused.json)).toEqual({
        name: 'NeverUsed',
        url: `${server.config.publicUrl}/tags/neverused`,
        history: [],
        following: false,
        featuring: false,
      });
      expect((await call(null, 'GET', '/api/v1/tags/NeverUsed')).body.following).toBeUndefined();
      expect((await call(alice, 'GET', '/api/v1/tags/not-a-tag!')).status).toBe(422);
      expect(
        await server.db.selectFrom('tags').select('id').where('name_lower', '=', 'neverused').execute(),
      ).toEqual([]);
      expect((await call(alice, 'POST', '/api/v1/tags/NeverUsed/follow')).body.following).toBe(true);
      const followed = await call(alice, 'GET', '/api/v1/tags/neverused');
      expect(followed.body).toMatchObject({ name: 'NeverUsed', following: true });
      expect((followed.body.history as unknown[]).length).toBe(7);
    });
  },
);
