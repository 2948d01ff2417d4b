import type { Conversation, ConversationPage, Message } from '@palchat/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastodonActivities, mastodonNote } from '../test/helpers/activitypub.js';
import type { RemoteServer } from '../test/helpers/remote-server.js';
import { federationSkipReason, servers, uniqueUsername, waitFor } from './support/federation.js';
import { apiAs } from './support/scenarios.js';
import { startStubHost } from './support/stub-host.js';

// Issue 31 item 3: a server that is no Palchat answers a chat message with a direct Note, delivered as a Create
// whose object is a bare id, and serves that Note only to a signed fetch by its addressee (as Mastodon does).
// Alpha must fetch it signed as the addressee (not as its instance actor) and put it in the chat.

const { alpha } = servers;

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason
    ? `dereferencing as the addressee (skipped: ${federationSkipReason})`
    : 'dereferencing as the addressee',
  () => {
    let stub: RemoteServer;
    const { activity } = mastodonActivities();
    beforeAll(async () => {
      stub = await startStubHost();
    });
    afterAll(() => stub?.close());

    it('receives a direct Note given by reference, served to its addressee only, in the chat', async () => {
      const alice = await alpha.signUp('alice', 'Alice on Alpha');
      const aliceUri = `${alpha.url}/users/${alice.username}`;
      const bob = await stub.addActor(uniqueUsername('bob'));

      // alice finds bob by WebFinger and they follow each other (the message box is for pals)
      const found = await alice.client.v2.search.list({ q: `@${bob.acct}`, type: 'accounts', resolve: true });
      const bobOnAlpha = found.accounts.find((account) => account.acct === bob.acct);
      if (!bobOnAlpha) throw new Error(`alpha cannot resolve ${bob.acct}`);
      await alice.client.v1.accounts.$select(bobOnAlpha.id).follow();
      const follow = await stub.waitForActivity(
        (received) => received.activity.type === 'Follow' && received.activity.actor === aliceUri,
        30_000,
      );
      await stub.post(`${aliceUri}/inbox`, activity(bob, 'Accept', follow.activity));
      await stub.post(`${aliceUri}/inbox`, activity(bob, 'Follow', aliceUri));
      await waitFor(`${alice.acct} and ${bob.acct} to be pals`, async () => {
        const [relationship] = await alice.client.v1.accounts.relationships.fetch({ id: [bobOnAlpha.id] });
        return relationship?.following && relationship.followedBy;
      });

      // alice writes to bob; bob's server answers by reference
      await apiAs<Message>(alice, 'POST', '/api/v1/friend_messages', {
        recipient_id: bobOnAlpha.id,
        content: 'hello bob',
      });
      const delivered = await stub.waitForActivity(
        (received) =>
          received.activity.type === 'Create' && JSON.stringify(received.activity).includes('hello bob'),
        30_000,
      );
      const noteId = `${bob.id}/statuses/answer`;
      const text = `<p>@${alice.username} an answer given by reference</p>`;
      stub.serve(
        new URL(noteId).pathname,
        mastodonNote(bob.id, noteId, {
          to: [aliceUri],
          cc: [],
          inReplyTo: (delivered.activity.object as { id: string }).id,
          content: text,
          contentMap: { en: text },
          tag: [{ type: 'Mention', href: aliceUri, name: `@${alice.acct}` }],
        }),
        { onlyTo: [`${aliceUri}#main-key`] },
      );
      const create = activity(bob, 'Create', noteId, { to: [aliceUri], cc: [] });
      expect((await stub.post(`${alpha.url}/inbox`, create)).status).toBe(202);

      await waitFor(`the answer in ${alice.acct}'s chat with ${bob.acct}`, async () => {
        const conversations = await apiAs<Conversation[]>(
          alice,
          'GET',
          '/api/v1/friend_messages/conversations',
        );
        for (const conversation of conversations) {
          const page = await apiAs<ConversationPage>(
            alice,
            'GET',
            `/api/v1/friend_messages/conversations/${conversation.id}`,
          );
          if (page.messages.some((message) => message.content.includes('an answer given by reference')))
            return true;
        }
        return false;
      });
      // fetched signed as alice: her server's instance actor would have been refused
      expect(stub.readers.get(new URL(noteId).pathname)).toContain(`${aliceUri}#main-key`);
    });
  },
);
