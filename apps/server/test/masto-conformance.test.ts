import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient, type mastodon } from 'masto';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUp } from './helpers/auth.js';
import { consentedCode } from './helpers/oauth-consent.js';

const REDIRECT = 'https://client.example/callback';

/**
 * Drives the running server with the third-party `masto` client: app registration, OAuth authorization code
 * (signing in through the web sign-in endpoint), posting, timelines, follows, favourites and streaming.
 */
describeEachDialect('masto client conformance', (dialect) => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const username of ['mia', 'noah']) {
      expect((await signUp(server, { username, email: `${username}@example.test` })).statusCode).toBe(200);
    }
  });
  afterAll(async () => server.close());

  /** Signs in on the web endpoint, consents, and exchanges the code for a token, as a user would. */
  async function tokenFor(username: string): Promise<string> {
    const oauth = createOAuthAPIClient({ url });
    const rest = createRestAPIClient({ url });
    const app = await rest.v1.apps.create({
      clientName: 'Conformance',
      redirectUris: REDIRECT,
      scopes: 'read write follow',
    });
    expect(app.clientId).toBeTruthy();

    const authorization = {
      response_type: 'code',
      client_id: app.clientId ?? '',
      redirect_uri: REDIRECT,
      scope: 'read write follow',
    };
    const code = await consentedCode(
      url,
      `${url}/oauth/authorize?${new URLSearchParams(authorization).toString()}`,
      username,
    );
    const token = await oauth.token.create({
      grantType: 'authorization_code',
      code,
      clientId: app.clientId ?? '',
      clientSecret: app.clientSecret ?? '',
      redirectUri: REDIRECT,
      scope: 'read write follow',
    });
    return token.accessToken;
  }

  /** masto's WebSocket client: the instance announces its public URL, this test server a random local port. */
  const streamingFor = (accessToken: string) =>
    createStreamingAPIClient({
      streamingApiUrl: url.replace(/^http/, 'ws'),
      accessToken,
      implementation: WebSocket,
      retry: false,
    });

  it('registers, signs in, posts, follows, favourites and streams through masto', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noahToken = await tokenFor('noah');
    const noah = createRestAPIClient({ url, accessToken: noahToken });
    const miaAccount = await mia.v1.accounts.verifyCredentials();
    expect(miaAccount.username).toBe('mia');

    const relationship = await noah.v1.accounts.$select(miaAccount.id).follow();
    expect(relationship.following).toBe(true);

    const instance = await noah.v2.instance.fetch();
    expect(instance.configuration.urls.streaming).toMatch(/^wss?:\/\//);
    const streaming = streamingFor(noahToken);
    const subscription = streaming.user.subscribe();
    const events: mastodon.streaming.Event[] = [];
    const received = (async () => {
      for await (const event of subscription) {
        events.push(event);
        if (event.event === 'update' || event.event === 'notification') {
          if (events.some((e) => e.event === 'update') && events.some((e) => e.event === 'notification'))
            break;
        }
      }
    })();
    // masto opens the socket in the background: wait until the server has the user stream subscribed
    const noahId = (await noah.v1.accounts.verifyCredentials()).id;
    const deadline = Date.now() + 10_000;
    while (!(await server.ctx.presence?.connected([noahId]))?.has(noahId)) {
      if (Date.now() > deadline) throw new Error('the streaming subscription never arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const posted = await mia.v1.statuses.create({
      status: 'Hello from masto #conformance',
      visibility: 'public',
    });
    expect(posted.content).toContain('Hello from masto');
    expect(posted.tags.map((tag) => tag.name)).toEqual(['conformance']);

    const home = await noah.v1.timelines.home.list({ limit: 5 });
    expect(home.map((status) => status.id)).toContain(posted.id);

    const favourited = await noah.v1.statuses.$select(posted.id).favourite();
    expect(favourited.favourited).toBe(true);
    expect(favourited.favouritesCount).toBe(1);
    const notifications = await mia.v1.notifications.list();
    expect(notifications.map((notification) => notification.type)).toEqual(['favourite', 'follow']);

    await mia.v1.statuses.create({ status: `@noah thanks!` });
    await Promise.race([
      received,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no streaming events: ${JSON.stringify(events)}`)), 5000),
      ),
    ]);
    subscription.unsubscribe();
    streaming.close();
    const update = events.find((event) => event.event === 'update');
    expect(update?.payload).toMatchObject({ id: posted.id, account: { username: 'mia' } });
    const mention = events.find((event) => event.event === 'notification');
    expect(mention?.payload).toMatchObject({ type: 'mention' });
  });

  it('quotes a post as Mastodon 4.5 clients do: quotedStatusId, quote approval, quotesCount, the quotes list', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const original = await noah.v1.statuses.create({ status: 'quote me', quoteApprovalPolicy: 'public' });
    expect(original.quoteApproval).toEqual({ automatic: ['public'], manual: [], currentUser: 'automatic' });
    const quoting = await mia.v1.statuses.create({ status: 'so much this', quotedStatusId: original.id });
    expect(quoting.quote).toMatchObject({ state: 'accepted', quotedStatus: { id: original.id } });
    expect((await noah.v1.statuses.$select(original.id).fetch()).quotesCount).toBe(1);
    const quotes = await noah.v1.statuses.$select(original.id).quotes.list();
    expect(quotes.map((status) => status.id)).toEqual([quoting.id]);
    const guarded = await noah.v1.statuses.create({ status: 'not this one', quoteApprovalPolicy: 'nobody' });
    await expect(mia.v1.statuses.create({ status: 'x', quotedStatusId: guarded.id })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('drives the endpoints Mastodon 4.4 clients expect: apps, filters, profile, instance, conversations, tags', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const miaId = (await mia.v1.accounts.verifyCredentials()).id;

    expect(await mia.v1.apps.verifyCredentials()).toMatchObject({ name: 'Conformance' });

    const posted = await noah.v1.statuses.create({ status: 'boost this', visibility: 'public' });
    const boosted = await mia.v1.statuses.$select(posted.id).reblog();
    expect(boosted.reblogged).toBe(true);
    expect(boosted.reblog?.id).toBe(posted.id);

    const marker = await mia.v1.markers.create({ home: { lastReadId: posted.id } });
    expect(marker.home?.lastReadId).toBe(posted.id);

    const v1 = await mia.v1.filters.create({ phrase: 'spoiler', context: ['home'], wholeWord: true });
    expect(v1).toMatchObject({ phrase: 'spoiler', context: ['home'], wholeWord: true, irreversible: false });
    expect(
      await mia.v1.filters.$select(v1.id).update({ phrase: 'leak', context: ['home', 'public'] }),
    ).toMatchObject({ phrase: 'leak', context: ['home', 'public'] });
    expect((await mia.v1.filters.list()).map((filter) => filter.id)).toEqual([v1.id]);
    await mia.v1.filters.$select(v1.id).remove();
    expect(await mia.v1.filters.list()).toEqual([]);
    const v2 = await mia.v2.filters.create({
      title: 'pets',
      context: ['home'],
      keywordsAttributes: [{ keyword: 'cats', wholeWord: false }, { keyword: 'dogs' }],
    });
    expect(v2.keywords.map((keyword) => keyword.keyword)).toEqual(['cats', 'dogs']);

    // update_credentials goes as multipart with fields_attributes[0][name]: the form parser nests it
    const updated = await mia.v1.accounts.updateCredentials({
      displayName: 'Mia M.',
      fieldsAttributes: [{ name: 'Site', value: 'example.org' }],
    });
    expect(updated.fields.map((field) => field.name)).toEqual(['Site']);
    const withoutAvatar = await mia.v1.profile.avatar.remove();
    expect(withoutAvatar.avatar).toMatch(/missing\.png$/);
    expect((await mia.v1.profile.header.remove()).header).toMatch(/missing\.png$/);

    const languages = await mia.v1.instance.languages.list();
    expect(languages).toContainEqual({ code: 'en', name: 'English' });
    expect(await mia.v1.instance.domainBlocks.fetch()).toEqual([]);
    expect(await mia.v1.instance.translationLanguages.list()).toEqual(expect.any(Object));

    await noah.v1.statuses.create({ status: '@mia a secret', visibility: 'direct' });
    const [conversation] = await mia.v1.conversations.list();
    expect(conversation?.unread).toBe(true);
    expect((await mia.v1.conversations.$select(conversation?.id ?? '').read()).unread).toBe(false);
    expect((await mia.v1.conversations.$select(conversation?.id ?? '').unread()).unread).toBe(true);

    const tag = await mia.v1.tags.$select('conformance').feature();
    expect(tag).toMatchObject({ name: 'conformance', featuring: true });
    expect((await mia.v1.featuredTags.list()).map((featured) => featured.name)).toEqual(['conformance']);
    expect(await mia.v1.tags.$select('conformance').unfeature()).toMatchObject({ featuring: false });
    expect(miaId).toBeTruthy();
  });

  it('reads what Mastodon 4.6 announces and several accounts and statuses at once', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const instance = await mia.v2.instance.fetch();
    expect(instance.version).toMatch(/^4\.6\.0 \(compatible; Palchat /);
    expect(Number(instance.apiVersions.mastodon)).toBe(10);
    expect(instance.icon.map((icon) => icon.size)).toEqual(['192x192', '512x512']);
    expect(instance.configuration.urls).toMatchObject({ about: expect.stringMatching(/\/about$/) });
    expect(instance.registrations).toMatchObject({ minAge: null, reasonRequired: false });

    const miaId = (await mia.v1.accounts.verifyCredentials()).id;
    const noahId = (await noah.v1.accounts.verifyCredentials()).id;
    const accounts = await mia.v1.accounts.fetch({ id: [noahId, miaId] });
    expect(accounts.map((account) => account.id)).toEqual([noahId, miaId]);
    const first = await noah.v1.statuses.create({ status: 'first of two', visibility: 'public' });
    const second = await noah.v1.statuses.create({ status: 'second of two', visibility: 'public' });
    const statuses = await mia.v1.statuses.fetch({ id: [second.id, first.id] });
    expect(statuses.map((status) => status.id)).toEqual([second.id, first.id]);
    expect((await mia.v1.preferences.fetch())['reading:autoplay:gifs']).toBe(false);
  });

  it('filters, accepts and dismisses notification requests as masto.js does', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const noahId = (await noah.v1.accounts.verifyCredentials()).id;
    const miaAccount = await mia.v1.accounts.verifyCredentials();
    await noah.v1.accounts.$select(miaAccount.id).unfollow();
    await mia.v1.accounts.$select(noahId).unfollow();

    const policy = await mia.v2.notifications.policy.update({ forNotFollowing: 'filter' });
    expect(policy.forNotFollowing).toBe('filter');
    const mention = async () => noah.v1.statuses.create({ status: `@${miaAccount.acct} hello` });

    await mention();
    const requests = await mia.v1.notifications.requests.list();
    expect(requests).toHaveLength(1);
    const request = await mia.v1.notifications.requests.$select(requests[0]?.id ?? '').fetch();
    expect(request.account.id).toBe(noahId);
    await mia.v1.notifications.requests.$select(request.id).dismiss();
    expect(await mia.v1.notifications.requests.list()).toHaveLength(0);

    await mention();
    const [pending] = await mia.v1.notifications.requests.list();
    // Mastodon documents `id[]` for the bulk accept; masto's types leave the parameter out, its call sends it
    const acceptMany = mia.v1.notifications.requests.accept as unknown as (params: {
      id: string[];
    }) => Promise<void>;
    await acceptMany({ id: [pending?.id ?? ''] });
    expect(await mia.v1.notifications.requests.list()).toHaveLength(0);
    expect((await mia.v1.notifications.requests.merged.fetch()).merged).toBe(true);
    // accepted: noah's next mention comes straight through
    const delivered = await mention();
    const notifications = await mia.v1.notifications.list({ types: ['mention'] });
    expect(notifications.map((notification) => notification.status?.id)).toContain(delivered.id);

    // with nothing pending (or no ids at all), the bulk forms answer without error, as Mastodon's
    await mia.v1.notifications.requests.accept();
    await mia.v1.notifications.requests.dismiss();
    await mia.v2.notifications.policy.update({ forNotFollowing: 'accept' });
  });
  it('schedules, lists, reschedules and cancels statuses through masto', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const scheduled = await mia.v1.statuses.create({ status: 'in an hour', scheduledAt: inMinutes(60) });
    expect(scheduled).toMatchObject({ params: { text: 'in an hour' }, mediaAttachments: [] });
    expect((await mia.v1.scheduledStatuses.list()).map((item) => item.id)).toEqual([scheduled.id]);
    const later = inMinutes(180);
    const moved = await mia.v1.scheduledStatuses.$select(scheduled.id).update({ scheduledAt: later });
    expect(moved.scheduledAt).toBe(later);
    expect((await mia.v1.scheduledStatuses.$select(scheduled.id).fetch()).scheduledAt).toBe(later);
    await expect(
      mia.v1.scheduledStatuses.$select(scheduled.id).update({ scheduledAt: inMinutes(1) }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await mia.v1.scheduledStatuses.$select(scheduled.id).remove();
    expect(await mia.v1.scheduledStatuses.list()).toEqual([]);
  });

  it('sends a conversation first on the direct stream when a private mention arrives, as Mastodon', async () => {
    const miaToken = await tokenFor('mia');
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const streaming = streamingFor(miaToken);
    const subscription = streaming.direct.subscribe();
    const events: mastodon.streaming.Event[] = [];
    // read in the background and never left early: masto's iterator waits for the socket to end on return
    void (async () => {
      for await (const event of subscription) events.push(event);
    })().catch(() => undefined);
    // the home stream, subscribed after it on the same socket, tells when the server has both (presence)
    const home = streaming.user.subscribe();
    void (async () => {
      for await (const _event of home);
    })().catch(() => undefined);
    const miaId = (await createRestAPIClient({ url, accessToken: miaToken }).v1.accounts.verifyCredentials())
      .id;
    const subscribedBy = Date.now() + 10_000;
    while (!(await server.ctx.presence?.connected([miaId]))?.has(miaId)) {
      if (Date.now() > subscribedBy) throw new Error('the streaming subscription never arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const posted = await noah.v1.statuses.create({ status: '@mia streamed secret', visibility: 'direct' });
    const deadline = Date.now() + 5000;
    while (events.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    home.unsubscribe();
    streaming.close();
    const [event] = events;
    expect(event?.event).toBe('conversation');
    expect(event?.payload).toMatchObject({ unread: true, lastStatus: { id: posted.id } });
  });
  it('refuses a post mentioning accounts outside allowed_mentions, naming them, as Mastodon 4.5', async () => {
    const miaToken = await tokenFor('mia');
    const mia = createRestAPIClient({ url, accessToken: miaToken });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const noahId = (await noah.v1.accounts.verifyCredentials()).id;
    const before = (
      await mia.v1.accounts.$select((await mia.v1.accounts.verifyCredentials()).id).statuses.list()
    ).length;
    const post = (allowedMentions: string[]) =>
      mia.v1.statuses.create({ status: '@noah are you there?', allowedMentions });
    await expect(post([])).rejects.toMatchObject({ statusCode: 422 });
    // the body names the unexpected accounts (masto keeps only the message): read it as a plain client
    const refused = await fetch(`${url}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${miaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: '@noah are you there?', allowed_mentions: [] }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: 'Post would be sent to unexpected accounts',
      unexpected_accounts: [{ id: noahId, username: 'noah' }],
    });
    const miaId = (await mia.v1.accounts.verifyCredentials()).id;
    expect(await mia.v1.accounts.$select(miaId).statuses.list()).toHaveLength(before);
    const allowed = await post([noahId]);
    expect(allowed.mentions.map((mention) => mention.id)).toEqual([noahId]);
  });
  it('endorses an account and curates a Collection through masto (Mastodon 4.4 and 4.6)', async () => {
    const mia = createRestAPIClient({ url, accessToken: await tokenFor('mia') });
    const noah = createRestAPIClient({ url, accessToken: await tokenFor('noah') });
    const miaId = (await mia.v1.accounts.verifyCredentials()).id;
    const noahId = (await noah.v1.accounts.verifyCredentials()).id;
    await mia.v1.accounts.$select(noahId).follow();
    expect((await mia.v1.accounts.$select(noahId).endorse()).endorsed).toBe(true);
    expect((await mia.v1.accounts.$select(miaId).endorsements.list()).map((account) => account.id)).toEqual([
      noahId,
    ]);
    expect((await mia.v1.accounts.$select(noahId).unendorse()).endorsed).toBe(false);

    const { collection } = await mia.v1.collections.create({
      name: 'Good people',
      description: 'Worth following',
      tagName: 'people',
      accountIds: [noahId],
    });
    expect(collection).toMatchObject({ name: 'Good people', itemCount: 1, tag: { name: 'people' } });
    const shown = await noah.v1.collections.$select(collection.id).fetch();
    expect(shown.accounts.map((account) => account.id)).toEqual([miaId, noahId]);
    const [added] = await noah.v1.notifications.list({ types: ['added_to_collection'] as never });
    expect(added).toMatchObject({ type: 'added_to_collection', account: { id: miaId } });

    const itemId = collection.items[0]?.id ?? '';
    await mia.v1.collections.$select(collection.id).items.$select(itemId).remove();
    const { collection: renamed } = await mia.v1.collections
      .$select(collection.id)
      .update({ name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', itemCount: 0 });
    const { collections } = await noah.v1.accounts.$select(miaId).collections.list();
    expect(collections.map((each) => each.name)).toEqual(['Renamed']);
    // as masto.js's own suite checks: the curator's list holds the collection exactly as the update answered
    expect((await mia.v1.accounts.$select(miaId).collections.list()).collections).toContainEqual(renamed);
    expect((await mia.v1.accounts.$select(miaId).inCollections.list()).collections).toEqual([]);
    await mia.v1.collections.$select(collection.id).remove();
    expect((await noah.v1.accounts.$select(miaId).collections.list()).collections).toEqual([]);
  });
});
