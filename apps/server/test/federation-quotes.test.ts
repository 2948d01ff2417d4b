import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusSchema } from '@palchat/api';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { MASTODON_CONTEXT, mastodonActivities, mastodonNote } from './helpers/activitypub.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

/** Mastodon 4.5's terms for quotes (FEP-044f and GoToSocial's interaction policies), as its serializers send them. */
const QUOTE_CONTEXT = [
  ...MASTODON_CONTEXT,
  {
    gts: 'https://gotosocial.org/ns#',
    interactionPolicy: { '@id': 'gts:interactionPolicy', '@type': '@id' },
    canQuote: { '@id': 'gts:canQuote', '@type': '@id' },
    automaticApproval: { '@id': 'gts:automaticApproval', '@type': '@id' },
    manualApproval: { '@id': 'gts:manualApproval', '@type': '@id' },
    interactingObject: { '@id': 'gts:interactingObject', '@type': '@id' },
    interactionTarget: { '@id': 'gts:interactionTarget', '@type': '@id' },
    quote: { '@id': 'https://w3id.org/fep/044f#quote', '@type': '@id' },
    quoteUri: 'http://fedibird.com/ns#quoteUri',
    _misskey_quote: 'https://misskey-hub.net/ns#_misskey_quote',
    quoteAuthorization: { '@id': 'https://w3id.org/fep/044f#quoteAuthorization', '@type': '@id' },
    QuoteAuthorization: 'https://w3id.org/fep/044f#QuoteAuthorization',
    QuoteRequest: 'https://w3id.org/fep/044f#QuoteRequest',
  },
];
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

describe('federation: quote posts (FEP-044f, as Mastodon 4.5)', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let alice: TestAccount;
  let carol: TestAccount;

  const inbox = () => `${server.url}/inbox`;
  const { activity, nextId } = mastodonActivities();
  const call = async (who: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await server.app.inject({
      method,
      url,
      headers: bearer(who),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, json: response.json<unknown>() };
  };
  const statusByUri = (uri: string) =>
    server.db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
  const quoteRowOf = (statusId: string) =>
    server.db.selectFrom('quotes').selectAll().where('status_id', '=', statusId).executeTakeFirst();

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await remote.post(inbox(), activity(bob, 'Update', bob.document));
    await waitUntil(async () =>
      Boolean(
        await server.db.selectFrom('accounts').select('id').where('uri', '=', bob.id).executeTakeFirst(),
      ),
    );
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('answers a QuoteRequest for a public post with Accept and a QuoteAuthorization it serves; the quote shows', async () => {
    const created = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'quotable',
      quote_approval_policy: 'public',
    });
    const original = statusSchema.parse(created.json);
    const quotedUri = `${server.url}/users/alice/statuses/${original.id}`;
    const noteId = `${bob.id}/statuses/q1`;
    const note = {
      ...mastodonNote(bob.id, noteId, { content: '<p>Bob quotes Alice</p>' }),
      '@context': QUOTE_CONTEXT,
      quote: quotedUri,
      _misskey_quote: quotedUri,
      quoteUri: quotedUri,
    };
    const requestId = nextId(bob.id, 'quote_requests');
    await remote.post(inbox(), {
      '@context': QUOTE_CONTEXT,
      id: requestId,
      type: 'QuoteRequest',
      actor: bob.id,
      object: quotedUri,
      instrument: note,
    });
    const accept = await remote.waitForActivity((received) => received.activity.type === 'Accept');
    const object = accept.activity.object;
    expect(typeof object === 'string' ? object : (object as { id: string }).id).toBe(requestId);
    const authorizationUri = String(accept.activity.result);
    expect(authorizationUri).toMatch(new RegExp(`^${server.url}/users/alice/quote_authorizations/\\d+$`));

    // the stamp is served where the result points, naming the quote and the quoted post
    const stamp = await fetch(authorizationUri, { headers: { accept: 'application/activity+json' } });
    expect(stamp.status).toBe(200);
    const stampJson = (await stamp.json()) as Record<string, unknown>;
    expect(stampJson.type).toBe('QuoteAuthorization');
    expect(stampJson.attributedTo).toBe(`${server.url}/users/alice`);
    expect(stampJson.interactingObject).toBe(noteId);
    expect(stampJson.interactionTarget).toBe(quotedUri);

    // the quoting post is stored with its accepted quote, counted and notified
    const stored = await statusByUri(noteId);
    expect(stored).toBeDefined();
    const shown = statusSchema.parse((await call(carol, 'GET', `/api/v1/statuses/${stored!.id}`)).json);
    expect(shown.quote).toMatchObject({ state: 'accepted', quoted_status: { id: original.id } });
    const notifications = (await call(alice, 'GET', '/api/v1/notifications')).json as { type: string }[];
    expect(notifications.map((n) => n.type)).toContain('quote');

    // the same Create(Note) later changes nothing; a revocation sends Delete of the stamp and hides the quote
    await remote.post(inbox(), activity(bob, 'Create', { ...note, quoteAuthorization: authorizationUri }));
    const revoked = await call(alice, 'POST', `/api/v1/statuses/${original.id}/quotes/${stored!.id}/revoke`);
    expect(revoked.status).toBe(200);
    const deletion = await remote.waitForActivity(
      (received) => received.activity.type === 'Delete' && received.activity.object === authorizationUri,
    );
    expect(deletion.activity.actor).toBe(`${server.url}/users/alice`);
    expect((await fetch(authorizationUri, { headers: { accept: 'application/activity+json' } })).status).toBe(
      404,
    );
  });

  it('rejects a QuoteRequest that the post’s policy denies, storing no quote', async () => {
    const created = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'mine only',
      quote_approval_policy: 'nobody',
    });
    const original = statusSchema.parse(created.json);
    const quotedUri = `${server.url}/users/alice/statuses/${original.id}`;
    const requestId = nextId(bob.id, 'quote_requests');
    await remote.post(inbox(), {
      '@context': QUOTE_CONTEXT,
      id: requestId,
      type: 'QuoteRequest',
      actor: bob.id,
      object: quotedUri,
      instrument: {
        ...mastodonNote(bob.id, `${bob.id}/statuses/q2`),
        '@context': QUOTE_CONTEXT,
        quote: quotedUri,
      },
    });
    const reject = await remote.waitForActivity((received) => received.activity.type === 'Reject');
    const object = reject.activity.object;
    expect(typeof object === 'string' ? object : (object as { id: string }).id).toBe(requestId);
    expect(
      await server.db.selectFrom('quotes').selectAll().where('quoted_status_id', '=', original.id).execute(),
    ).toEqual([]);
  });

  it('quotes a remote post: our Note carries the quote, asks with a QuoteRequest, and the Accept authorizes it', async () => {
    const remoteNoteId = `${bob.id}/statuses/original`;
    const remoteNote = {
      ...mastodonNote(bob.id, remoteNoteId, { content: '<p>Quote me, please</p>' }),
      '@context': QUOTE_CONTEXT,
      interactionPolicy: { canQuote: { automaticApproval: PUBLIC } },
    };
    // alice follows bob, so his Create is stored
    await server.db
      .insertInto('follows')
      .values({
        id: String(Date.now()),
        account_id: alice.account.id,
        target_account_id: (
          await server.db
            .selectFrom('accounts')
            .select('id')
            .where('uri', '=', bob.id)
            .executeTakeFirstOrThrow()
        ).id,
        created_at: new Date().toISOString(),
      } as never)
      .execute();
    await remote.post(inbox(), activity(bob, 'Create', remoteNote));
    await waitUntil(async () => Boolean(await statusByUri(remoteNoteId)));
    const remoteStatus = (await statusByUri(remoteNoteId))!;
    expect(remoteStatus.quote_policy).toBe('public');

    const created = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'agreed',
      quoted_status_id: remoteStatus.id,
    });
    expect(created.status).toBe(200);
    const quoting = statusSchema.parse(created.json);
    expect((quoting.quote as { state: string }).state).toBe('pending');

    const request = await remote.waitForActivity((received) => received.activity.type === 'QuoteRequest');
    expect(request.activity.object).toBe(remoteNoteId);
    const instrument = request.activity.instrument as Record<string, unknown>;
    expect(instrument.quote).toBe(remoteNoteId);
    expect(instrument._misskey_quote ?? instrument.quoteUrl ?? instrument.quoteUri).toBe(remoteNoteId);

    const stampId = `${bob.id}/quote_authorizations/1`;
    await remote.post(inbox(), activity(bob, 'Accept', request.activity.id, { result: stampId }));
    await waitUntil(async () => (await quoteRowOf(quoting.id))?.state === 'accepted');
    const shown = statusSchema.parse((await call(alice, 'GET', `/api/v1/statuses/${quoting.id}`)).json);
    expect(shown.quote).toMatchObject({ state: 'accepted', quoted_status: { id: remoteStatus.id } });

    // bob revokes it: Delete of the stamp
    await remote.post(inbox(), activity(bob, 'Delete', stampId));
    await waitUntil(async () => (await quoteRowOf(quoting.id))?.state === 'revoked');
  });
});
