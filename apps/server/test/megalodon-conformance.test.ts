import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import generator, { type Entity, type MegalodonInterface, type WebSocketInterface } from 'megalodon';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUp } from './helpers/auth.js';
import { consentedCode } from './helpers/oauth-consent.js';
import { pngOf } from './helpers/social.js';

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
    server = await createTestServer(dialect, { publicUrl: `http://127.0.0.1:${port}` });
    url = await server.app.listen({ port, host: '127.0.0.1' });
    for (const username of ['mia', 'noah']) {
      expect((await signUp(server, { username, email: `${username}@example.test` })).statusCode).toBe(200);
    }
    fs.writeFileSync(path.join(media, 'pixel.png'), await pngOf(8, 8));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(media, { recursive: true, force: true });
  });

  /** megalodon's own app registration and token exchange around the user's sign-in and consent. */
  async function clientFor(username: string): Promise<MegalodonInterface> {
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
    return generator('mastodon', url, token.access_token);
  }

  it('registers, edits the profile, follows, posts with media and a poll, interacts and streams', async () => {
    const mia = await clientFor('mia');
    const noah = await clientFor('noah');
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
    expect(updated.source).toMatchObject({ privacy: 'unlisted', sensitive: true, language: 'fr' });

    expect((await noah.followAccount(miaAccount.id)).data.following).toBe(true);
    expect((await noah.getRelationship(miaAccount.id)).data).toMatchObject({
      id: miaAccount.id,
      following: true,
    });
    expect((await mia.getRelationships([noahId, miaAccount.id])).data.map((r) => r.id)).toEqual([
      noahId,
      miaAccount.id,
    ]);

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

      const pictured = (await mia.postStatus('A picture', { media_ids: [uploaded.id] })).data as Entity.Status;
      expect(pictured.media_attachments).toMatchObject([{ id: uploaded.id, description: 'a pixel' }]);
      // as Mastodon: a status has media or a poll, not both
      await expect(
        mia.postStatus('both', { media_ids: [uploaded.id], poll: { options: ['a', 'b'], expires_in: 3600 } }),
      ).rejects.toMatchObject({ response: { status: 422 } });

      const streamedUpdate = nextEvent<Entity.Status>(stream, 'update', (status) => status.content.includes('poll'));
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

      const edited = (await mia.editStatus(posted.id, { status: 'A poll, edited' })).data;
      expect(edited.edited_at).toBeTruthy();
      expect((await mia.getStatusSource(posted.id)).data.text).toBe('A poll, edited');

      const streamedFavourite = nextEvent<Entity.Notification>(stream, 'notification', () => true);
      expect((await mia.favouriteStatus((await noah.postStatus('fav me')).data.id)).data.favourited).toBe(true);
      expect((await streamedFavourite).type).toBe('favourite');

      expect((await noah.favouriteStatus(posted.id)).data).toMatchObject({ favourited: true, favourites_count: 1 });
      expect((await noah.reblogStatus(posted.id)).data.reblog?.id).toBe(posted.id);
      expect((await noah.bookmarkStatus(posted.id)).data.bookmarked).toBe(true);
      expect((await mia.pinStatus(posted.id)).data.pinned).toBe(true);
      expect((await noah.getBookmarks()).data.map((status) => status.id)).toEqual([posted.id]);
      expect((await noah.getFavourites()).data.map((status) => status.id)).toEqual([posted.id]);
      expect((await mia.getStatusRebloggedBy(posted.id)).data.map((account) => account.id)).toEqual([noahId]);
      expect((await mia.getStatusFavouritedBy(posted.id)).data.map((account) => account.id)).toEqual([noahId]);
      const pinned = (await noah.getAccountStatuses(miaAccount.id, { pinned: true })).data;
      expect(pinned.map((status) => status.id)).toEqual([posted.id]);
      expect((await mia.unpinStatus(posted.id)).data.pinned).toBe(false);
      expect((await noah.unbookmarkStatus(posted.id)).data.bookmarked).toBe(false);
      expect((await noah.unreblogStatus(posted.id)).data.reblogged).toBe(false);
      expect((await noah.unfavouriteStatus(posted.id)).data.favourited).toBe(false);

      const reply = (await noah.postStatus('@mia nice poll', { in_reply_to_id: posted.id })).data as Entity.Status;
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
});
