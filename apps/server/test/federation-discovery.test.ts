import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { updateServerSettings } from '../src/settings/service.js';
import {
  createAccount,
  follow,
  insertStatus,
  insertStatusImage,
  type TestAccount,
} from './helpers/factories.js';
import { createFederatedServer, FEDERATED_URL } from './helpers/federation.js';
import { createTestServer, type TestServer } from './helpers/harness.js';

const AP = 'application/activity+json';
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

describe('federation discovery and documents', () => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  const get = (url: string, accept = AP) => server.app.inject({ method: 'GET', url, headers: { accept } });
  const json = async (url: string, accept = AP) => {
    const response = await get(url, accept);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<Record<string, unknown>>();
  };

  beforeAll(async () => {
    server = await createFederatedServer();
    alice = await createAccount(server, {
      username: 'alice',
      display_name: 'Alice A.',
      note: 'Hello, I am Alice',
      locked: 1,
      avatar_path: 'avatars/alice.png',
      fields_json: JSON.stringify([{ name: 'Site', value: 'https://alice.example', verified_at: null }]),
    });
    bob = await createAccount(server, { username: 'bob', bot: 1 });
    await follow(server, bob, alice);
  });
  afterAll(() => server.close());

  it('answers WebFinger for acct:, the actor URI and the profile page, 404 for others', async () => {
    const response = await get(
      '/.well-known/webfinger?resource=acct:alice@social.example',
      'application/jrd+json',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/jrd+json');
    const jrd = response.json<{ subject: string; aliases: string[]; links: Record<string, string>[] }>();
    expect(jrd.subject).toBe('acct:alice@social.example');
    expect(jrd.aliases).toContain(`${FEDERATED_URL}/users/alice`);
    expect(jrd.links).toContainEqual({ rel: 'self', type: AP, href: `${FEDERATED_URL}/users/alice` });
    expect(jrd.links).toContainEqual({
      rel: 'http://webfinger.net/rel/profile-page',
      type: 'text/html',
      href: `${FEDERATED_URL}/@alice`,
    });
    for (const resource of [
      `${FEDERATED_URL}/users/alice`,
      `${FEDERATED_URL}/@alice`,
      'acct:ALICE@social.example',
    ]) {
      const other = await get(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
      expect(other.statusCode, resource).toBe(200);
      expect(other.json<{ links: { href: string }[] }>().links[0]!.href).toBe(`${FEDERATED_URL}/users/alice`);
    }
    expect((await get('/.well-known/webfinger?resource=acct:nobody@social.example')).statusCode).toBe(404);
    expect((await get('/.well-known/webfinger?resource=acct:alice@elsewhere.example')).statusCode).toBe(404);
  });

  it("serves an actor shaped like Mastodon's to servers, and the profile page to browsers", async () => {
    const actor = await json('/users/alice', LD);
    const id = `${FEDERATED_URL}/users/alice`;
    expect(actor).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: 'alice',
      name: 'Alice A.',
      summary: '<p>Hello, I am Alice</p>',
      url: `${FEDERATED_URL}/@alice`,
      manuallyApprovesFollowers: true,
      discoverable: true,
      indexable: true,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      following: `${id}/following`,
      featured: `${id}/collections/featured`,
      featuredTags: `${id}/collections/tags`,
      endpoints: { sharedInbox: `${FEDERATED_URL}/inbox` },
      icon: { type: 'Image', mediaType: 'image/png', url: `${FEDERATED_URL}/system/avatars/alice.png` },
      publicKey: { id: `${id}#main-key`, owner: id },
    });
    expect(String(actor.published)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect([actor.attachment].flat()).toEqual([
      expect.objectContaining({
        type: 'PropertyValue',
        name: 'Site',
        value: expect.stringContaining('href="https://alice.example"'),
      }),
    ]);
    const [multikey] = actor.assertionMethod as Record<string, string>[];
    expect(multikey).toMatchObject({ type: 'Multikey', controller: id });
    expect(multikey!.publicKeyMultibase).toMatch(/^z/);
    expect((await json('/users/bob')).type).toBe('Service');
    // the keys are made once and kept
    expect((await json('/users/alice')).publicKey).toEqual(actor.publicKey);

    const browser = await get('/users/alice', 'text/html,application/xhtml+xml');
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/@alice');
    expect((await get('/users/nobody')).headers['content-type'] ?? '').not.toContain('activity+json');
  });

  it('serves the instance actor at /actor', async () => {
    const actor = await json('/actor');
    expect(actor).toMatchObject({
      id: `${FEDERATED_URL}/actor`,
      type: 'Application',
      preferredUsername: 'social.example',
      inbox: `${FEDERATED_URL}/inbox`,
      publicKey: { id: `${FEDERATED_URL}/actor#main-key` },
    });
  });

  it('announces NodeInfo 2.0 and 2.1, each with its schema content type and a Mastodon API upstream', async () => {
    await insertStatus(server, alice, { text: 'counted' });
    const discovery = (await json('/.well-known/nodeinfo', 'application/json')) as {
      links: { rel: string; href: string }[];
    };
    expect(discovery.links).toEqual([
      { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: `${FEDERATED_URL}/nodeinfo/2.0` },
      { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${FEDERATED_URL}/nodeinfo/2.1` },
    ]);
    for (const version of ['2.0', '2.1']) {
      const response = await get(`/nodeinfo/${version}`, 'application/json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(
        new RegExp(`^application/json; profile="http://nodeinfo.diaspora.software/ns/schema/${version}#"`),
      );
      const nodeinfo = response.json<Record<string, unknown>>();
      expect(nodeinfo).toMatchObject({
        version,
        software: { name: 'palchat', version: expect.any(String) },
        protocols: ['activitypub'],
        services: { inbound: [], outbound: [] },
        openRegistrations: true,
        usage: { users: { total: 2, activeMonth: expect.any(Number), activeHalfyear: expect.any(Number) } },
        // megalodon's detector() reads metadata.upstream.name to choose the Mastodon API
        metadata: { upstream: { name: 'mastodon', version: '4.6.0' }, palchat: { chat: true } },
      });
      expect((nodeinfo.usage as { localPosts: number }).localPosts).toBeGreaterThanOrEqual(1);
    }
  });

  it('names the source repository in NodeInfo 2.1 only (schema 2.0 has no such field)', async () => {
    await updateServerSettings(server.db, { source_url: 'https://code.example/palchat' });
    const v21 = (await json('/nodeinfo/2.1', 'application/json')) as { software: Record<string, string> };
    expect(v21.software.repository).toBe('https://code.example/palchat');
    const v20 = (await json('/nodeinfo/2.0', 'application/json')) as { software: Record<string, string> };
    expect(Object.keys(v20.software).sort()).toEqual(['name', 'version']);
  });

  it('serves host-meta as XRD and as JSON', async () => {
    const xrd = await get('/.well-known/host-meta', '*/*');
    expect(xrd.statusCode).toBe(200);
    expect(xrd.headers['content-type']).toContain('application/xrd+xml');
    expect(xrd.body).toContain(`template="${FEDERATED_URL}/.well-known/webfinger?resource={uri}"`);
    for (const url of ['/.well-known/host-meta?format=json', '/.well-known/host-meta.json']) {
      expect(await json(url, 'application/json')).toEqual({
        links: [{ rel: 'lrdd', template: `${FEDERATED_URL}/.well-known/webfinger?resource={uri}` }],
      });
    }
  });

  it('pages the outbox: Create of public and unlisted notes, Announce of reblogs, nothing private', async () => {
    const carol = await createAccount(server, { username: 'carol' });
    const first = await insertStatus(server, carol, { text: 'first' });
    for (let index = 0; index < 22; index += 1) {
      await insertStatus(server, carol, {
        text: `post ${index}`,
        visibility: index % 2 ? 'unlisted' : 'public',
      });
    }
    await insertStatus(server, carol, { text: 'secret', visibility: 'private' });
    await insertStatus(server, carol, { text: 'dm', visibility: 'direct' });
    const boosted = await insertStatus(server, alice, { text: 'boost me' });
    await insertStatus(server, carol, { text: '', reblog_of_id: boosted.id });
    const outbox = await json('/users/carol/outbox');
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 24 });
    const page = await json(String(outbox.first).replace(FEDERATED_URL, ''));
    expect(page.type).toBe('OrderedCollectionPage');
    const items = page.orderedItems as Record<string, unknown>[];
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({
      type: 'Announce',
      actor: `${FEDERATED_URL}/users/carol`,
      object: `${FEDERATED_URL}/users/alice/statuses/${boosted.id}`,
    });
    expect(items[1]).toMatchObject({ type: 'Create', object: { type: 'Note' } });
    const next = await json(String(page.next).replace(FEDERATED_URL, ''));
    const rest = next.orderedItems as { object: { content: string; id: string } }[];
    expect(rest).toHaveLength(4);
    expect(rest.at(-1)!.object.id).toBe(`${FEDERATED_URL}/users/carol/statuses/${first.id}`);
    const contents = [...items, ...rest].map((item) => JSON.stringify(item));
    expect(contents.some((item) => item.includes('secret') || item.includes('>dm<'))).toBe(false);
  });

  it('counts and pages followers and following', async () => {
    const followers = await json('/users/alice/followers');
    expect(followers).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    const page = await json(String(followers.first).replace(FEDERATED_URL, ''));
    expect(page.orderedItems).toEqual([`${FEDERATED_URL}/users/bob`]);
    const following = await json('/users/bob/following');
    expect(following.totalItems).toBe(1);
    expect((await json(String(following.first).replace(FEDERATED_URL, ''))).orderedItems).toEqual([
      `${FEDERATED_URL}/users/alice`,
    ]);
  });

  it('serves a public Note shaped as Mastodon does, and 404 for followers-only, direct and deleted ones', async () => {
    const note = await insertStatus(server, alice, {
      text: 'Hi @bob, see #fediverse',
      tags: ['fediverse'],
      mentions: [bob.account.id],
      spoiler_text: 'cw',
      sensitive: 1,
    });
    const object = await json(`/users/alice/statuses/${note.id}`);
    expect(object).toMatchObject({
      id: `${FEDERATED_URL}/users/alice/statuses/${note.id}`,
      type: 'Note',
      url: `${FEDERATED_URL}/@alice/${note.id}`,
      attributedTo: `${FEDERATED_URL}/users/alice`,
      to: 'as:Public',
      summary: 'cw',
      sensitive: true,
      contentMap: { en: expect.stringContaining('#<span>fediverse</span>') },
    });
    expect(object.cc).toEqual([`${FEDERATED_URL}/users/alice/followers`, `${FEDERATED_URL}/users/bob`]);
    expect(object.tag).toEqual(
      expect.arrayContaining([
        { type: 'Mention', href: `${FEDERATED_URL}/users/bob`, name: '@bob@social.example' },
        { type: 'Hashtag', href: `${FEDERATED_URL}/tags/fediverse`, name: '#fediverse' },
      ]),
    );
    const hidden = [
      await insertStatus(server, alice, { text: 'followers only', visibility: 'private' }),
      await insertStatus(server, alice, { text: 'direct', visibility: 'direct', mentions: [bob.account.id] }),
      await insertStatus(server, alice, { text: 'gone', deleted_at: new Date().toISOString() }),
    ];
    for (const status of hidden) {
      const response = await get(`/users/alice/statuses/${status.id}`);
      expect(response.statusCode, status.text).toBe(404);
    }
  });
  it('describes media as Mastodon does: Document with type, size, description, blurhash and focal point', async () => {
    const status = await insertStatus(server, alice, { text: 'a picture' });
    await insertStatusImage(server, status, {
      file_path: 'media_attachments/original/picture.png',
      file_size: 1234,
      width: 640,
      height: 480,
      blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
      description: 'A red square',
      focus_x: 0.5,
      focus_y: -0.25,
    });
    const note = await json(`/users/alice/statuses/${status.id}`);
    const [attachment] = [note.attachment].flat() as Record<string, unknown>[];
    expect(attachment).toMatchObject({
      type: 'Document',
      mediaType: 'image/png',
      url: `${FEDERATED_URL}/system/media_attachments/original/picture.png`,
      name: 'A red square',
      width: 640,
      height: 480,
      // as Mastodon writes them: plain keys, defined in the top context
      blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
      focalPoint: [0.5, -0.25],
    });
    expect(attachment).not.toHaveProperty('toot:blurhash');
    const terms = Object.assign({}, ...[note['@context']].flat().filter((item) => typeof item === 'object'));
    expect(terms).toMatchObject({
      toot: 'http://joinmastodon.org/ns#',
      blurhash: 'toot:blurhash',
      focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
    });
  });
  it('serves a poll as a Question, a reply with inReplyTo, pinned statuses and featured tags', async () => {
    const parent = await insertStatus(server, bob, { text: 'a question?' });
    const poll = await insertStatus(server, alice, { text: 'Tea or coffee?', in_reply_to_id: parent.id });
    const pollId = newId();
    const now = new Date().toISOString();
    await server.db
      .insertInto('polls')
      .values({
        id: pollId,
        status_id: poll.id,
        account_id: alice.account.id,
        options: JSON.stringify(['Tea', 'Coffee']),
        multiple: 0,
        hide_totals: 0,
        expires_at: '2099-01-01T00:00:00.000Z',
        ended_notified: 0,
        created_at: now,
      })
      .execute();
    await server.db
      .insertInto('poll_votes')
      .values({ id: newId(), poll_id: pollId, account_id: bob.account.id, choice: 1, created_at: now })
      .execute();
    const question = await json(`/users/alice/statuses/${poll.id}`);
    expect(question).toMatchObject({
      type: 'Question',
      inReplyTo: `${FEDERATED_URL}/users/bob/statuses/${parent.id}`,
      endTime: '2099-01-01T00:00:00Z',
      votersCount: 1,
      oneOf: [
        { type: 'Note', name: 'Tea', replies: { type: 'Collection', totalItems: 0 } },
        { type: 'Note', name: 'Coffee', replies: { type: 'Collection', totalItems: 1 } },
      ],
    });

    await server.db
      .insertInto('status_pins')
      .values({ account_id: alice.account.id, status_id: poll.id, created_at: now })
      .execute();
    const featured = await json('/users/alice/collections/featured');
    expect(featured).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    expect([featured.orderedItems].flat()).toMatchObject([{ type: 'Question', id: question.id }]);

    const tag = await server.db
      .selectFrom('tags')
      .select('id')
      .where('name_lower', '=', 'fediverse')
      .executeTakeFirst();
    await server.db
      .insertInto('featured_tags')
      .values({ id: newId(), account_id: alice.account.id, tag_id: tag!.id, created_at: now })
      .execute();
    const tags = await json('/users/alice/collections/tags');
    expect(tags.totalItems).toBe(1);
    expect([tags.orderedItems ?? tags.items].flat()).toMatchObject([
      { type: 'Hashtag', href: `${FEDERATED_URL}/@alice/tagged/fediverse`, name: '#fediverse' },
    ]);
  });
});

describe('federation off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite', { publicUrl: FEDERATED_URL });
    await createAccount(server, { username: 'alice' });
  });
  afterAll(() => server.close());

  it('has no ActivityPub routes, WebFinger nor host-meta', async () => {
    expect(server.ctx.config.federation.enabled).toBe(false);
    expect(server.ctx.federation).toBeUndefined();
    for (const url of [
      '/.well-known/webfinger?resource=acct:alice@social.example',
      '/.well-known/host-meta',
      '/actor',
      '/users/alice',
      '/users/alice/outbox',
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers: { accept: AP } });
      expect(response.headers['content-type'] ?? '', url).not.toMatch(/activity\+json|jrd|xrd/);
      if (url.startsWith('/.well-known')) expect(response.statusCode, url).toBe(404);
    }
    const inbox = await server.app.inject({
      method: 'POST',
      url: '/inbox',
      headers: { 'content-type': AP },
      payload: '{}',
    });
    expect(inbox.statusCode).not.toBe(202);
  });

  it('still serves NodeInfo (apps recognise the server by it), with no protocols', async () => {
    const discovery = await server.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json<{ links: { href: string }[] }>().links.map((link) => link.href)).toEqual([
      `${FEDERATED_URL}/nodeinfo/2.0`,
      `${FEDERATED_URL}/nodeinfo/2.1`,
    ]);
    for (const version of ['2.0', '2.1']) {
      const response = await server.app.inject({ method: 'GET', url: `/nodeinfo/${version}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(`ns/schema/${version}#`);
      expect(response.json()).toMatchObject({
        version,
        software: { name: 'palchat' },
        protocols: [],
        metadata: { upstream: { name: 'mastodon' } },
      });
    }
  });
});
