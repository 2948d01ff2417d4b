import { Article, Note, Person, Question, Service } from '@fedify/vocab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountRow } from '../src/auth/viewer.js';
import {
  deleteRemoteStatus,
  ingestRemoteStatus,
  RemoteObjectError,
  upsertRemoteAccount,
} from '../src/federation/ingest/index.js';
import { mastodonNote, mastodonPerson, offline, PUBLIC } from './helpers/activitypub.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { call } from './helpers/messaging.js';
import { openStream, settle } from './helpers/stream-client.js';

const REMOTE = 'https://remote.example';
const BOB_ID = `${REMOTE}/users/bob`;

describeEachDialect('federation ingest: remote actors and statuses', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: AccountRow;
  const options = { ...offline };

  const person = (extra: Record<string, unknown> = {}) =>
    Person.fromJsonLd(mastodonPerson(REMOTE, 'bob', extra), offline);
  const note = (id: string, extra: Record<string, unknown> = {}) =>
    Note.fromJsonLd(mastodonNote(BOB_ID, `${BOB_ID}/statuses/${id}`, extra), offline);

  beforeAll(async () => {
    server = await createTestServer(dialect, {
      publicUrl: 'https://palchat.example',
      localDomain: 'palchat.example',
    });
    alice = await createAccount(server, { username: 'alice' });
    bob = await upsertRemoteAccount(server.ctx, await person(), options);
  });
  afterAll(async () => server.close());

  it('stores a Mastodon Person as a remote account, sanitized, served as Mastodon serves remote accounts', async () => {
    expect(bob).toMatchObject({
      username: 'bob',
      domain: 'remote.example',
      uri: BOB_ID,
      url: `${REMOTE}/@bob`,
      actor_type: 'Person',
      inbox_url: `${BOB_ID}/inbox`,
      shared_inbox_url: `${REMOTE}/inbox`,
      outbox_url: `${BOB_ID}/outbox`,
      followers_url: `${BOB_ID}/followers`,
      following_url: `${BOB_ID}/following`,
      featured_url: `${BOB_ID}/collections/featured`,
      also_known_as_json: JSON.stringify([`${REMOTE}/users/old_bob`]),
      discoverable: 1,
      locked: 0,
      bot: 0,
      created_at: '2023-05-01T00:00:00.000Z',
    });
    const response = await call(server, alice, 'GET', `/api/v1/accounts/${bob.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: bob.id,
      username: 'bob',
      acct: 'bob@remote.example',
      url: `${REMOTE}/@bob`,
      uri: BOB_ID,
      display_name: 'bob on remote.example',
      note: '<p>I write about <span>cats</span></p>',
      avatar: `${REMOTE}/system/avatars/bob.png`,
      avatar_static: `${REMOTE}/system/avatars/bob.png`,
      header: `${REMOTE}/system/headers/bob.png`,
      header_static: `${REMOTE}/system/headers/bob.png`,
      group: false,
      bot: false,
      fields: [
        {
          name: 'Site',
          value: '<a href="https://cats.example" rel="nofollow noopener" target="_blank">cats.example</a>',
          verified_at: null,
        },
        { name: 'Evil', value: 'hi', verified_at: null },
      ],
    });
    const lookup = await call(server, null, 'GET', '/api/v1/accounts/lookup?acct=bob@Remote.Example');
    expect(lookup.body.id).toBe(bob.id);
  });

  it('is idempotent on the actor and follows its updates (a Service is a bot)', async () => {
    const again = await upsertRemoteAccount(server.ctx, await person(), options);
    expect(again.id).toBe(bob.id);
    const updated = await upsertRemoteAccount(
      server.ctx,
      await Service.fromJsonLd(
        {
          ...mastodonPerson(REMOTE, 'bob', { name: 'Bob (bot)', manuallyApprovesFollowers: true }),
          type: 'Service',
        },
        offline,
      ),
      options,
    );
    expect(updated).toMatchObject({
      id: bob.id,
      display_name: 'Bob (bot)',
      bot: 1,
      locked: 1,
      actor_type: 'Service',
    });
    const count = await server.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('domain', '=', 'remote.example')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    bob = await upsertRemoteAccount(server.ctx, await person(), options);
    expect(bob.bot).toBe(0);
  });

  it('keeps a remote username apart from the same local one: lookup, search, directory and instance counts', async () => {
    const localBob = await createAccount(server, { username: 'bob' });
    const local = await call(server, null, 'GET', '/api/v1/accounts/lookup?acct=bob');
    expect(local.body.id).toBe(localBob.account.id);
    expect(local.body.acct).toBe('bob');
    const withDomain = await call(server, null, 'GET', '/api/v1/accounts/lookup?acct=bob@palchat.example');
    expect(withDomain.body.id).toBe(localBob.account.id);
    const search = await call(server, alice, 'GET', '/api/v1/accounts/search?q=bob@remote.example');
    expect((search.json as { id: string }[]).map((account) => account.id)).toEqual([bob.id]);
    const instance = await call(server, null, 'GET', '/api/v1/instance');
    expect(instance.body.stats).toMatchObject({ user_count: 2, domain_count: 1 });
    const directory = await call(server, alice, 'GET', '/api/v1/directory?local=true');
    expect((directory.json as { acct: string }[]).map((account) => account.acct).sort()).toEqual([
      'alice',
      'bob',
    ]);
    const everyone = await call(server, alice, 'GET', '/api/v1/directory');
    expect((everyone.json as { acct: string }[]).map((account) => account.acct)).toContain(
      'bob@remote.example',
    );
  });

  it('links a local post’s @user@domain mention to the known remote account', async () => {
    const posted = await call(server, alice, 'POST', '/api/v1/statuses', {
      status: 'hi @bob@remote.example and @nobody@remote.example',
    });
    expect(posted.status).toBe(200);
    expect(posted.body.mentions).toEqual([
      { id: bob.id, username: 'bob', acct: 'bob@remote.example', url: `${REMOTE}/@bob` },
    ]);
    expect(posted.body.content).toContain(
      `<a href="${REMOTE}/@bob" class="u-url mention">@<span>bob</span></a>`,
    );
    expect(posted.body.content).toContain('@nobody@remote.example');
    // a remote account is never notified here: its server tells it
    const notifications = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', bob.id)
      .execute();
    expect(notifications).toEqual([]);
  });

  it('refuses actors that are not https, claim this server, or have no username', async () => {
    const http = await Person.fromJsonLd(mastodonPerson('http://plain.example', 'eve'), offline);
    await expect(upsertRemoteAccount(server.ctx, http, options)).rejects.toThrow(RemoteObjectError);
    expect((await upsertRemoteAccount(server.ctx, http, { ...options, allowHttp: true })).domain).toBe(
      'plain.example',
    );
    const impostor = await Person.fromJsonLd(mastodonPerson('https://palchat.example', 'alice'), offline);
    await expect(upsertRemoteAccount(server.ctx, impostor, options)).rejects.toThrow(RemoteObjectError);
    const nameless = await Person.fromJsonLd(
      mastodonPerson(REMOTE, 'x', { preferredUsername: 'no spaces!' }),
      offline,
    );
    await expect(upsertRemoteAccount(server.ctx, nameless, options)).rejects.toThrow(RemoteObjectError);
  });

  it('ingests a public Note once, into followers’ home feeds and the remote public timeline', async () => {
    await follow(server, alice, bob);
    // the home feed exists once read: the new status must arrive through fan-out on write
    expect((await call(server, alice, 'GET', '/api/v1/timelines/home')).status).toBe(200);
    const object = await note('100', {
      content:
        '<p>Hi <span class="h-card"><a href="https://palchat.example/@alice" class="u-url mention">@<span>alice</span></a></span> ' +
        '<a href="https://remote.example/tags/Cats" class="mention hashtag" rel="tag">#<span>Cats</span></a> <a href="https://news.example/story">story</a><script>x</script></p>',
      contentMap: { de: '<p>Hallo</p>' },
      tag: [
        { type: 'Mention', href: 'https://palchat.example/users/alice', name: '@alice@palchat.example' },
        { type: 'Hashtag', href: 'https://remote.example/tags/cats', name: '#Cats' },
      ],
      attachment: [
        {
          type: 'Document',
          mediaType: 'image/jpeg',
          url: 'https://remote.example/system/media/1.jpg',
          name: 'A cat on a mat',
          blurhash: 'UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH',
          focalPoint: [0.25, -0.5],
          width: 1200,
          height: 800,
        },
      ],
    });
    const status = await ingestRemoteStatus(server.ctx, object, bob, options);
    expect(status).toMatchObject({
      local: 0,
      uri: `${BOB_ID}/statuses/100`,
      url: `${REMOTE}/@bob/100`,
      visibility: 'public',
      language: 'de',
      created_at: '2026-01-02T03:04:05.000Z',
      link_url: 'https://news.example/story',
    });
    expect(status?.content_html).not.toContain('script');
    expect(status?.text).toBe('Hi @alice #Cats story');
    const again = await ingestRemoteStatus(server.ctx, object, bob, options);
    expect(again?.id).toBe(status?.id);
    const stored = await server.db
      .selectFrom('statuses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('uri', '=', `${BOB_ID}/statuses/100`)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);

    const entity = await call(server, alice, 'GET', `/api/v1/statuses/${status?.id}`);
    expect(entity.status).toBe(200);
    expect(entity.body).toMatchObject({
      uri: `${BOB_ID}/statuses/100`,
      url: `${REMOTE}/@bob/100`,
      visibility: 'public',
      language: 'de',
      account: { id: bob.id, acct: 'bob@remote.example' },
      mentions: [
        { id: alice.account.id, username: 'alice', acct: 'alice', url: 'https://palchat.example/@alice' },
      ],
      tags: [{ name: 'cats' }],
      media_attachments: [
        {
          type: 'image',
          url: 'https://remote.example/system/media/1.jpg',
          remote_url: 'https://remote.example/system/media/1.jpg',
          description: 'A cat on a mat',
          blurhash: 'UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH',
          meta: { focus: { x: 0.25, y: -0.5 }, original: { width: 1200, height: 800 } },
        },
      ],
    });
    expect(entity.body.content).toContain(
      'class="u-url mention" rel="nofollow noopener" target="_blank">@<span>alice</span></a>',
    );

    const home = await call(server, alice, 'GET', '/api/v1/timelines/home');
    expect((home.json as { id: string }[]).map((item) => item.id)).toContain(status?.id);
    const remote = await call(server, null, 'GET', '/api/v1/timelines/public?remote=true');
    expect((remote.json as { id: string }[]).map((item) => item.id)).toEqual([status?.id]);
    const local = await call(server, null, 'GET', '/api/v1/timelines/public?local=true');
    expect((local.json as { id: string }[]).map((item) => item.id)).not.toContain(status?.id);

    const notifications = await call(server, alice, 'GET', '/api/v1/notifications?types[]=mention');
    expect(notifications.json).toMatchObject([
      { type: 'mention', status: { id: status?.id }, account: { id: bob.id } },
    ]);
  });

  it('maps addressing to visibility: followers-only and direct', async () => {
    const followersOnly = await ingestRemoteStatus(
      server.ctx,
      await note('200', { to: [`${BOB_ID}/followers`], cc: [] }),
      bob,
      options,
    );
    expect(followersOnly?.visibility).toBe('private');
    const direct = await ingestRemoteStatus(
      server.ctx,
      await note('201', {
        to: ['https://palchat.example/users/alice'],
        cc: [],
        content: '<p>psst</p>',
        tag: [
          { type: 'Mention', href: 'https://palchat.example/users/alice', name: '@alice@palchat.example' },
        ],
      }),
      bob,
      options,
    );
    expect(direct?.visibility).toBe('direct');
    const remote = await call(server, null, 'GET', '/api/v1/timelines/public?remote=true');
    expect((remote.json as { id: string }[]).map((item) => item.id)).not.toContain(followersOnly?.id);
    expect((await call(server, null, 'GET', `/api/v1/statuses/${direct?.id}`)).status).toBe(404);
    expect((await call(server, alice, 'GET', `/api/v1/statuses/${direct?.id}`)).status).toBe(200);
  });

  it('threads replies: to a local status, and to a parent that arrives later', async () => {
    const mine = await call(server, alice, 'POST', '/api/v1/statuses', { status: 'hello remote' });
    const reply = await ingestRemoteStatus(
      server.ctx,
      await note('300', {
        inReplyTo: `https://palchat.example/users/alice/statuses/${String(mine.body.id)}`,
      }),
      bob,
      options,
    );
    expect(reply).toMatchObject({ in_reply_to_id: mine.body.id, in_reply_to_account_id: alice.account.id });
    const orphan = await ingestRemoteStatus(
      server.ctx,
      await note('302', { inReplyTo: `${BOB_ID}/statuses/301` }),
      bob,
      options,
    );
    expect(orphan).toMatchObject({ in_reply_to_id: null, in_reply_to_uri: `${BOB_ID}/statuses/301` });
    const parent = await ingestRemoteStatus(server.ctx, await note('301'), bob, options);
    const adopted = await server.db
      .selectFrom('statuses')
      .selectAll()
      .where('id', '=', orphan?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(adopted).toMatchObject({
      in_reply_to_id: parent?.id,
      in_reply_to_uri: null,
      conversation_id: parent?.id,
    });
    const context = await call(server, alice, 'GET', `/api/v1/statuses/${parent?.id}/context`);
    expect((context.body.descendants as { id: string }[]).map((item) => item.id)).toEqual([orphan?.id]);
  });

  it('applies an Update as an edit with history, and ignores the same version twice', async () => {
    const original = await ingestRemoteStatus(
      server.ctx,
      await note('400', { content: '<p>first</p>' }),
      bob,
      options,
    );
    const edited = await note('400', { content: '<p>second</p>', updated: '2026-01-03T00:00:00Z' });
    expect((await ingestRemoteStatus(server.ctx, edited, bob, options))?.content_html).toBe('<p>first</p>');
    const updated = await ingestRemoteStatus(server.ctx, edited, bob, { ...options, update: true });
    expect(updated).toMatchObject({
      id: original?.id,
      content_html: '<p>second</p>',
      edited_at: '2026-01-03T00:00:00.000Z',
    });
    await ingestRemoteStatus(server.ctx, edited, bob, { ...options, update: true });
    const history = await call(server, alice, 'GET', `/api/v1/statuses/${original?.id}/history`);
    expect((history.json as { content: string }[]).map((version) => version.content)).toEqual([
      '<p>first</p>',
      '<p>second</p>',
    ]);
  });

  it('shows an Article as its title and link, and a Question as a poll with its server’s counts', async () => {
    const article = await ingestRemoteStatus(
      server.ctx,
      await Article.fromJsonLd(
        {
          ...mastodonNote(BOB_ID, `${BOB_ID}/articles/1`),
          type: 'Article',
          name: 'On <cats>',
          url: `${REMOTE}/blog/cats`,
          content: '<h1>Long</h1><p>very long text</p>',
        },
        offline,
      ),
      bob,
      options,
    );
    expect(article?.content_html).toBe(
      '<p>On &lt;cats&gt;</p><p><a href="https://remote.example/blog/cats">https://remote.example/blog/cats</a></p>',
    );
    const question = await ingestRemoteStatus(
      server.ctx,
      await Question.fromJsonLd(
        {
          ...mastodonNote(BOB_ID, `${BOB_ID}/statuses/500`),
          type: 'Question',
          content: '<p>Tea or coffee?</p>',
          endTime: '2030-01-01T00:00:00Z',
          votersCount: 7,
          oneOf: [
            { type: 'Note', name: 'Tea', replies: { type: 'Collection', totalItems: 4 } },
            { type: 'Note', name: 'Coffee', replies: { type: 'Collection', totalItems: 3 } },
          ],
        },
        offline,
      ),
      bob,
      options,
    );
    const entity = await call(server, alice, 'GET', `/api/v1/statuses/${question?.id}`);
    expect(entity.body.poll).toMatchObject({
      expires_at: '2030-01-01T00:00:00.000Z',
      expired: false,
      multiple: false,
      votes_count: 7,
      options: [
        { title: 'Tea', votes_count: 4 },
        { title: 'Coffee', votes_count: 3 },
      ],
    });
  });

  it('refuses objects off the author’s server or attributed to someone else, and future dates are now', async () => {
    const foreign = await Note.fromJsonLd(mastodonNote(BOB_ID, 'https://other.example/notes/1'), offline);
    await expect(ingestRemoteStatus(server.ctx, foreign, bob, options)).rejects.toThrow(RemoteObjectError);
    const forged = await note('600', { attributedTo: `${REMOTE}/users/mallory` });
    await expect(ingestRemoteStatus(server.ctx, forged, bob, options)).rejects.toThrow(RemoteObjectError);
    const future = await ingestRemoteStatus(
      server.ctx,
      await note('601', { published: '2999-01-01T00:00:00Z' }),
      bob,
      options,
    );
    expect(Date.parse(future?.created_at ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('deletes a remote status only for its author', async () => {
    const status = await ingestRemoteStatus(server.ctx, await note('700', { to: [PUBLIC] }), bob, options);
    const mallory = await upsertRemoteAccount(
      server.ctx,
      await Person.fromJsonLd(mastodonPerson(REMOTE, 'mallory'), offline),
      options,
    );
    expect(await deleteRemoteStatus(server.ctx, `${BOB_ID}/statuses/700`, mallory)).toBeNull();
    expect((await call(server, alice, 'GET', `/api/v1/statuses/${status?.id}`)).status).toBe(200);
    expect((await deleteRemoteStatus(server.ctx, `${BOB_ID}/statuses/700`, bob))?.id).toBe(status?.id);
    expect((await call(server, alice, 'GET', `/api/v1/statuses/${status?.id}`)).status).toBe(404);
    // a deleted status does not come back when the Create arrives again
    expect(await ingestRemoteStatus(server.ctx, await note('700'), bob, options)).toBeNull();
  });

  it('streams a remote post live: to its followers’ home streams and public:remote, never public:local', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(address.replace(/^http/, 'ws'), alice);
    try {
      for (const name of ['user', 'public:remote', 'public:local']) stream.subscribe(name);
      await settle();
      const status = await ingestRemoteStatus(server.ctx, await note('800'), bob, options);
      const isIt = (payload: unknown) => (payload as { id?: string }).id === status?.id;
      expect(await stream.next('update', isIt)).toMatchObject({ uri: `${BOB_ID}/statuses/800` });
      await settle(300);
      const streams = stream.received
        .filter((entry) => entry.event === 'update' && entry.payload.includes(String(status?.id)))
        .map((entry) => entry.stream.join(':'));
      expect(streams.sort()).toEqual(['public:remote', 'user']);
    } finally {
      await stream.close();
    }
  });
});
