import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import generator, {
  detector,
  type Entity,
  type MegalodonInterface,
  type WebSocketInterface,
} from 'megalodon';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUp } from './helpers/auth.js';
import { consentedCode } from './helpers/oauth-consent.js';
import { pngOf } from './helpers/social.js';
import { accountRow } from './helpers/factories.js';
import type { AccountRow } from '../src/auth/viewer.js';

const REDIRECT = 'https://client.example/callback';
const SCOPES = ['read', 'write', 'follow', 'push'];

/** A port free right now: the server listens on it and announces it as its public URL (megalodon streams there). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The `rel` links of a Link header, as Mastodon sends them: `<url>; rel="next", <url>; rel="prev"`. */
function linksOf(header: unknown): Record<string, URL> {
  const links: Record<string, URL> = {};
  for (const part of String(header ?? '').split(',')) {
    const match = /^\s*<([^>]+)>;\s*rel="([^"]+)"\s*$/.exec(part);
    if (match?.[1] && match[2]) links[match[2]] = new URL(match[1]);
  }
  return links;
}

/** Resolves with the first `event` the stream emits that `matches`, or rejects after 5 s. */
function nextEvent<T>(
  stream: WebSocketInterface,
  event: string,
  matches: (payload: T) => boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event on the stream`)), 5000);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      stream.removeListener(event, listener);
      resolve(payload);
    };
    stream.on(event, listener);
  });
}

/**
 * Drives the running server over HTTP with the third-party `megalodon` client (its Mastodon implementation), as a
 * Mastodon app would: app registration and OAuth, profile, posting with media and a poll, interactions, timelines
 * and their Link-header pagination, notifications, lists, filters, search, markers, scheduled posts, Web Push and
 * the streaming WebSocket.
 */
describeEachDialect('megalodon client conformance', (dialect) => {
  let server: TestServer;
  let url: string;
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-megalodon-'));

  beforeAll(async () => {
    const port = await freePort();
    server = await createTestServer(dialect, {
      publicUrl: `http://127.0.0.1:${port}`,
      localDomain: `127.0.0.1:${port}`,
    });
    url = await server.app.listen({ port, host: '127.0.0.1' });
    for (const username of ['mia', 'noah', 'ola']) {
      expect((await signUp(server, { username, email: `${username}@example.test` })).statusCode).toBe(200);
    }
    fs.writeFileSync(path.join(media, 'pixel.png'), await pngOf(8, 8));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(media, { recursive: true, force: true });
  });

  /** A remote account known to this server (no federation runs here): its id. */
  async function remoteAccount(username: string, domain: string, columns: Partial<AccountRow> = {}) {
    const row = accountRow(username, { domain, uri: `https://${domain}/users/${username}`, ...columns });
    await server.db.insertInto('accounts').values(row).execute();
    return row.id;
  }

  /** megalodon's own app registration and token exchange around the user's sign-in and consent. */
  async function tokenFor(username: string): Promise<string> {
    const app = await generator('mastodon', url).registerApp('Megalodon conformance', {
      scopes: SCOPES,
      redirect_uris: REDIRECT,
    });
    expect(app.url).toContain('/oauth/authorize?');
    const code = await consentedCode(url, app.url ?? '', username);
    const token = await generator('mastodon', url).fetchAccessToken(
      app.client_id,
      app.client_secret,
      code,
      REDIRECT,
    );
    expect(token.scope).toBe(SCOPES.join(' '));
    return token.access_token;
  }
  const clientFor = async (username: string): Promise<MegalodonInterface> =>
    generator('mastodon', url, await tokenFor(username));

  it('registers, edits the profile, follows, posts with media and a poll, interacts and streams', async () => {
    const mia = await clientFor('mia');
    const noahToken = await tokenFor('noah');
    const noah = generator('mastodon', url, noahToken);
    expect((await mia.verifyAppCredentials()).data).toMatchObject({ name: 'Megalodon conformance' });
    const miaAccount = (await mia.verifyAccountCredentials()).data;
    expect(miaAccount.username).toBe('mia');
    const noahId = (await noah.verifyAccountCredentials()).data.id;

    const updated = (
      await mia.updateCredentials({
        display_name: 'Mia M.',
        note: 'hello there',
        source: { privacy: 'unlisted', sensitive: true, language: 'fr' },
        fields_attributes: [{ name: 'Site', value: 'example.org' }],
      })
    ).data;
    expect(updated).toMatchObject({ display_name: 'Mia M.', note: expect.stringContaining('hello there') });
    expect(updated.fields.map((field) => field.name)).toEqual(['Site']);
    // source holds what was typed: the note and field values as plain text
    expect(updated.source).toMatchObject({
      privacy: 'unlisted',
      sensitive: true,
      language: 'fr',
      note: 'hello there',
      fields: [{ name: 'Site', value: 'example.org' }],
    });
    const unlisted = (await mia.postStatus('default visibility')).data as Entity.Status;
    expect(unlisted.visibility).toBe('unlisted');

    expect((await noah.followAccount(miaAccount.id)).data.following).toBe(true);
    expect((await noah.getRelationship(miaAccount.id)).data).toMatchObject({
      id: miaAccount.id,
      following: true,
    });
    expect((await mia.getRelationships([noahId, miaAccount.id])).data.map((r) => r.id)).toEqual([
      noahId,
      miaAccount.id,
    ]);
    // as Mastodon: ids naming no account, and suspended accounts unless with_suspended, have no relationship
    const suspended = await remoteAccount('gone', 'far.example', { suspended_at: new Date().toISOString() });
    expect((await noah.getRelationships(['123', suspended, miaAccount.id])).data.map((r) => r.id)).toEqual([
      miaAccount.id,
    ]);
    const withSuspended = await fetch(
      `${url}/api/v1/accounts/relationships?id[]=${suspended}&with_suspended=true`,
      { headers: { authorization: `Bearer ${noahToken}` } },
    );
    expect(((await withSuspended.json()) as Entity.Relationship[]).map((r) => r.id)).toEqual([suspended]);
    // and domain_blocking tells whether the account's server is one the viewer blocked
    const distant = await remoteAccount('distant', 'blocked.example');
    await noah.blockDomain('blocked.example');
    expect((await noah.getRelationship(distant)).data).toMatchObject({ id: distant, domain_blocking: true });
    await noah.unblockDomain('blocked.example');
    expect((await noah.getRelationship(distant)).data.domain_blocking).toBe(false);

    const stream = await noah.userStreaming();
    await new Promise((resolve) => stream.once('connect', resolve));
    const subscribedBy = Date.now() + 5000;
    while (!(await server.ctx.presence?.connected([noahId]))?.has(noahId)) {
      if (Date.now() > subscribedBy) throw new Error('the streaming subscription never arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      const uploaded = (
        await mia.uploadMedia(fs.createReadStream(path.join(media, 'pixel.png')), {
          description: 'a pixel',
          focus: '0.5,-0.5',
        })
      ).data;
      expect(uploaded).toMatchObject({ type: 'image', description: 'a pixel' });
      expect((await mia.getMedia(uploaded.id)).data.url).toMatch(/^http/);

      const pictured = (await mia.postStatus('A picture', { media_ids: [uploaded.id] }))
        .data as Entity.Status;
      expect(pictured.media_attachments).toMatchObject([{ id: uploaded.id, description: 'a pixel' }]);
      // as Mastodon: a status has media or a poll, not both
      await expect(
        mia.postStatus('both', { media_ids: [uploaded.id], poll: { options: ['a', 'b'], expires_in: 3600 } }),
      ).rejects.toMatchObject({ response: { status: 422 } });

      const streamedUpdate = nextEvent<Entity.Status>(stream, 'update', (status) =>
        status.content.includes('poll'),
      );
      const posted = (
        await mia.postStatus('A poll #megalodon', {
          poll: { options: ['yes', 'no'], expires_in: 3600, multiple: true },
          visibility: 'public',
          language: 'en',
        })
      ).data as Entity.Status;
      expect(posted.poll).toMatchObject({ multiple: true, options: [{ title: 'yes' }, { title: 'no' }] });
      expect(posted.tags.map((tag) => tag.name)).toEqual(['megalodon']);
      expect((await streamedUpdate).id).toBe(posted.id);

      const voted = (await noah.votePoll(posted.poll?.id ?? '', [0, 1])).data;
      expect(voted).toMatchObject({ voted: true, own_votes: [0, 1], votes_count: 2 });
      expect((await noah.getStatus(posted.id)).data.poll?.voted).toBe(true);

      const streamedEdit = nextEvent<Entity.Status>(
        stream,
        'status_update',
        (status) => status.id === posted.id,
      );
      const edited = (await mia.editStatus(posted.id, { status: 'A poll, edited' })).data;
      expect(edited.edited_at).toBeTruthy();
      expect((await mia.getStatusSource(posted.id)).data.text).toBe('A poll, edited');
      expect((await streamedEdit).content).toContain('A poll, edited');

      const streamedDelete = nextEvent<string>(stream, 'delete', (id) => id === pictured.id);
      await mia.deleteStatus(pictured.id);
      await streamedDelete;

      const streamedFavourite = nextEvent<Entity.Notification>(stream, 'notification', () => true);
      expect((await mia.favouriteStatus((await noah.postStatus('fav me')).data.id)).data.favourited).toBe(
        true,
      );
      expect((await streamedFavourite).type).toBe('favourite');

      expect((await noah.favouriteStatus(posted.id)).data).toMatchObject({
        favourited: true,
        favourites_count: 1,
      });
      expect((await noah.reblogStatus(posted.id)).data.reblog?.id).toBe(posted.id);
      expect((await noah.bookmarkStatus(posted.id)).data.bookmarked).toBe(true);
      expect((await mia.pinStatus(posted.id)).data.pinned).toBe(true);
      expect((await noah.getBookmarks()).data.map((status) => status.id)).toEqual([posted.id]);
      expect((await noah.getFavourites()).data.map((status) => status.id)).toEqual([posted.id]);
      expect((await mia.getStatusRebloggedBy(posted.id)).data.map((account) => account.id)).toEqual([noahId]);
      expect((await mia.getStatusFavouritedBy(posted.id)).data.map((account) => account.id)).toEqual([
        noahId,
      ]);
      const pinned = (await noah.getAccountStatuses(miaAccount.id, { pinned: true })).data;
      expect(pinned.map((status) => status.id)).toEqual([posted.id]);
      expect((await mia.unpinStatus(posted.id)).data.pinned).toBe(false);
      expect((await noah.unbookmarkStatus(posted.id)).data.bookmarked).toBe(false);
      expect((await noah.unreblogStatus(posted.id)).data.reblogged).toBe(false);
      expect((await noah.unfavouriteStatus(posted.id)).data.favourited).toBe(false);

      const reply = (await noah.postStatus('@mia nice poll', { in_reply_to_id: posted.id }))
        .data as Entity.Status;
      expect(reply.in_reply_to_id).toBe(posted.id);
      const context = (await mia.getStatusContext(reply.id)).data;
      expect(context.ancestors.map((status) => status.id)).toEqual([posted.id]);
      expect((await mia.getStatusContext(posted.id)).data.descendants.map((status) => status.id)).toEqual([
        reply.id,
      ]);

      // the undone favourite and reblog took their notifications with them, as in Mastodon
      const notifications = (await mia.getNotifications()).data;
      expect(notifications.map((notification) => notification.type)).toEqual(['mention', 'follow']);
      const mentions = (await mia.getNotifications({ exclude_types: ['follow'] })).data;
      expect(mentions.map((notification) => notification.status?.id)).toEqual([reply.id]);
      expect((await mia.getNotification(mentions[0]?.id ?? '')).data.type).toBe('mention');
    } finally {
      stream.stop();
    }
  });

  it('pages timelines by their Link headers and reads conversations, lists, filters, search and the instance', async () => {
    const mia = await clientFor('mia');
    const noah = await clientFor('noah');
    const miaId = (await mia.verifyAccountCredentials()).data.id;
    const noahId = (await noah.verifyAccountCredentials()).data.id;
    await noah.followAccount(miaId);

    const posted: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      posted.push((await mia.postStatus(`page ${n}`, { visibility: 'public' })).data.id);
    }
    const [oldest, second, third, fourth, newest] = posted;
    const first = await noah.getHomeTimeline({ limit: 2 });
    expect(first.data.map((status) => status.id)).toEqual([newest, fourth]);
    const links = linksOf(first.headers.link);
    expect(links.next?.searchParams.get('max_id')).toBe(fourth);
    expect(links.prev?.searchParams.get('min_id')).toBe(newest);
    const older = await noah.getHomeTimeline({
      limit: 2,
      max_id: links.next?.searchParams.get('max_id') ?? '',
    });
    expect(older.data.map((status) => status.id)).toEqual([third, second]);
    // min_id: the page just after it (oldest first, answered newest first); since_id: the newest after it
    expect(
      (await noah.getHomeTimeline({ limit: 2, min_id: oldest })).data.map((status) => status.id),
    ).toEqual([third, second]);
    expect(
      (await noah.getHomeTimeline({ limit: 2, since_id: oldest })).data.map((status) => status.id),
    ).toEqual([newest, fourth]);
    const account = await noah.getAccountStatuses(miaId, { limit: 2, max_id: fourth });
    expect(account.data.map((status) => status.id)).toEqual([third, second]);
    expect(linksOf(account.headers.link).next?.searchParams.get('max_id')).toBe(second);

    // megalodon follows the next links itself for every follower, one a page
    const ola = await clientFor('ola');
    await ola.followAccount(miaId);
    const olaId = (await ola.verifyAccountCredentials()).data.id;
    expect((await mia.getAccountFollowers(miaId, { limit: 1, get_all: true })).data.map((a) => a.id)).toEqual(
      [olaId, noahId],
    );

    const secret = (await noah.postStatus('@mia a secret', { visibility: 'direct' })).data as Entity.Status;
    const [conversation] = (await mia.getConversationTimeline()).data;
    expect(conversation).toMatchObject({ unread: true, last_status: { id: secret.id } });
    expect(conversation?.accounts.map((each) => each.id)).toEqual([noahId]);
    expect((await mia.readConversation(conversation?.id ?? '')).data.unread).toBe(false);

    const list = (await noah.createList('Friends')).data;
    await noah.addAccountsToList(list.id, [miaId]);
    expect((await noah.getAccountsInList(list.id)).data.map((each) => each.id)).toEqual([miaId]);
    expect((await noah.getListTimeline(list.id, { limit: 1 })).data.map((status) => status.id)).toEqual([
      newest,
    ]);
    expect((await noah.getAccountLists(miaId)).data.map((each) => each.id)).toEqual([list.id]);
    expect((await noah.updateList(list.id, 'Close friends')).data.title).toBe('Close friends');
    await noah.deleteAccountsFromList(list.id, [miaId]);
    expect((await noah.getAccountsInList(list.id)).data).toEqual([]);
    await noah.deleteList(list.id);
    expect((await noah.getLists()).data).toEqual([]);

    // megalodon 10 writes filters through the v1 API
    const filter = (await noah.createFilter('spoiler', ['home'], { whole_word: true })).data;
    expect(filter).toMatchObject({ phrase: 'spoiler', context: ['home'], whole_word: true });
    expect((await noah.updateFilter(filter.id, 'leak', ['home', 'public'])).data).toMatchObject({
      phrase: 'leak',
      context: ['home', 'public'],
    });
    expect((await noah.getFilter(filter.id)).data.phrase).toBe('leak');
    await noah.deleteFilter(filter.id);
    expect((await noah.getFilters()).data).toEqual([]);

    const found = (await noah.search('mia', { type: 'accounts' })).data;
    expect(found.accounts.map((each) => each.id)).toContain(miaId);
    await mia.postStatus('tagged #megalodon', { visibility: 'public' });
    expect(
      (await noah.search('megalodon', { type: 'hashtags' })).data.hashtags.map((tag) => tag.name),
    ).toContain('megalodon');

    // apps choose their API flavour with megalodon's detector, from NodeInfo: here with federation off, as on the
    // README's local start
    expect(server.config.federation.enabled).toBe(false);
    expect(await detector(url)).toBe('mastodon');

    const instance = (await noah.getInstance()).data;
    expect(instance.uri).toBe(new URL(url).host);
    expect(instance.urls?.streaming_api).toBe(url.replace(/^http/, 'ws'));
    expect(instance.configuration.statuses.max_characters).toBeGreaterThan(0);
    // Palchat has no custom emojis: the list is empty, not an error
    expect((await noah.getInstanceCustomEmojis()).data).toEqual([]);

    const saved = (await noah.saveMarkers({ home: { last_read_id: newest ?? '' } })).data;
    expect(saved.home).toMatchObject({ last_read_id: newest, version: expect.any(Number) });
    const markers = (await noah.getMarkers(['home', 'notifications'])).data as Entity.Marker;
    expect(markers.home?.last_read_id).toBe(newest);
  });

  it('schedules posts and subscribes to Web Push through megalodon', async () => {
    const mia = await clientFor('mia');
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const scheduled = (await mia.postStatus('in an hour', { scheduled_at: inMinutes(60) }))
      .data as Entity.ScheduledStatus;
    expect(scheduled).toMatchObject({ params: { text: 'in an hour' }, media_attachments: [] });
    expect((await mia.getScheduledStatuses()).data.map((each) => each.id)).toEqual([scheduled.id]);
    const later = inMinutes(180);
    expect((await mia.scheduleStatus(scheduled.id, later)).data.scheduled_at).toBe(later);
    expect((await mia.getScheduledStatus(scheduled.id)).data.scheduled_at).toBe(later);
    await mia.cancelScheduledStatus(scheduled.id);
    expect((await mia.getScheduledStatuses()).data).toEqual([]);

    const keys = {
      p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    };
    const subscription = (
      await mia.subscribePushNotification(
        { endpoint: 'https://push.example/send/abc', keys },
        { alerts: { mention: true, follow: false } },
      )
    ).data;
    expect(subscription).toMatchObject({
      endpoint: 'https://push.example/send/abc',
      alerts: { mention: true, follow: false },
      server_key: expect.any(String),
    });
    expect((await mia.updatePushSubscription({ alerts: { follow: true } })).data.alerts).toMatchObject({
      follow: true,
    });
    expect((await mia.getPushSubscription()).data.endpoint).toBe('https://push.example/send/abc');
    await mia.deletePushSubscription();
    await expect(mia.getPushSubscription()).rejects.toMatchObject({ response: { status: 404 } });
  });
});
