import { describe, expect, it } from 'vitest';
import { federationSkipReason, servers, waitFor } from './support/federation.js';
import { arrivesInHome, followAcross, notified, resolve, statusByUri } from './support/scenarios.js';

// Phase 2 of issue #15: replies, favourites, boosts, mentions, edits and deletes between two Palchat servers.

const { alpha, beta } = servers;

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason
    ? `federation interactions (skipped: ${federationSkipReason})`
    : 'federation interactions',
  () => {
    it("replies to, favourites and boosts a remote post: the author is notified of each on the author's server", async () => {
      const alice = await alpha.signUp('alice');
      const bob = await beta.signUp('bob');
      await followAcross(alice, bob);
      const original = await bob.client.v1.statuses.create({
        status: 'Talk to me from alpha',
        visibility: 'public',
      });
      const onAlpha = await arrivesInHome(alice, 'Talk to me from alpha');

      const reply = await alice.client.v1.statuses.create({
        status: `@${bob.acct} Hello from alpha`,
        inReplyToId: onAlpha.id,
        visibility: 'public',
      });
      expect(reply.inReplyToAccountId).toBe(onAlpha.account.id);
      await alice.client.v1.statuses.$select(onAlpha.id).favourite();
      await alice.client.v1.statuses.$select(onAlpha.id).reblog();

      const mention = await notified(bob, 'mention', alice.acct);
      expect(mention.status?.content).toContain('Hello from alpha');
      expect(mention.status?.inReplyToId).toBe(original.id);
      await notified(bob, 'favourite', alice.acct, original.id);
      await notified(bob, 'reblog', alice.acct, original.id);

      const counted = await waitFor('the counts of the post on beta', async () => {
        const status = await bob.client.v1.statuses.$select(original.id).fetch();
        return status.favouritesCount === 1 && status.reblogsCount === 1 && status.repliesCount === 1
          ? status
          : null;
      });
      expect(counted.id).toBe(original.id);
      // the reply is in the thread on beta
      const context = await bob.client.v1.statuses.$select(original.id).context.fetch();
      expect(context.descendants.map((status) => status.content)).toEqual([
        expect.stringContaining('Hello from alpha'),
      ]);

      // undoing the favourite and the boost reaches beta too
      await alice.client.v1.statuses.$select(onAlpha.id).unfavourite();
      await alice.client.v1.statuses.$select(onAlpha.id).unreblog();
      await waitFor('the favourite and the boost to be undone on beta', async () => {
        const status = await bob.client.v1.statuses.$select(original.id).fetch();
        return status.favouritesCount === 0 && status.reblogsCount === 0;
      });
    });

    it('links and notifies a mention of @user@domain', async () => {
      const alice = await alpha.signUp('alice');
      const bob = await beta.signUp('bob');
      const bobOnAlpha = await resolve(alice, bob);

      const posted = await alice.client.v1.statuses.create({
        status: `Have you seen this, @${bob.acct}?`,
        visibility: 'public',
      });
      // on alpha: the mention is a link to Bob's profile on beta, and names him
      expect(posted.mentions).toEqual([
        expect.objectContaining({ id: bobOnAlpha.id, acct: bob.acct, url: `${beta.url}/@${bob.username}` }),
      ]);
      expect(posted.content).toMatch(new RegExp(`<a [^>]*href="${beta.url}/@${bob.username}"`));

      // on beta: Bob is notified, and the post mentions him as one of beta's own
      const notification = await notified(bob, 'mention', alice.acct);
      expect(notification.status?.uri).toBe(posted.uri);
      expect(notification.status?.mentions).toEqual([
        expect.objectContaining({ id: bob.account.id, acct: bob.username }),
      ]);
      expect(notification.status?.content).toContain(`${beta.url}/@${bob.username}`);
    });

    it('propagates an edit (with its history) and a delete', async () => {
      const alice = await alpha.signUp('alice');
      const bob = await beta.signUp('bob');
      await followAcross(alice, bob);
      const posted = await bob.client.v1.statuses.create({ status: 'First draft', visibility: 'public' });
      const onAlpha = await arrivesInHome(alice, 'First draft');

      await bob.client.v1.statuses.$select(posted.id).update({ status: 'Second draft, edited' });
      const edited = await waitFor('the edit on alpha', async () => {
        const status = await alice.client.v1.statuses.$select(onAlpha.id).fetch();
        return status.content.includes('Second draft, edited') ? status : null;
      });
      expect(edited.editedAt).not.toBeNull();
      const history = await alice.client.v1.statuses.$select(onAlpha.id).history.list();
      expect(history.map((version) => version.content)).toEqual([
        expect.stringContaining('First draft'),
        expect.stringContaining('Second draft, edited'),
      ]);

      await bob.client.v1.statuses.$select(posted.id).remove();
      await waitFor('the delete on alpha', async () => {
        const home = await alice.client.v1.timelines.home.list({ limit: 40 });
        if (home.some((status) => status.id === onAlpha.id)) return false;
        return alice.client.v1.statuses
          .$select(onAlpha.id)
          .fetch()
          .then(
            () => false,
            (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
          );
      });
    });

    it("opens a remote post by its URL: search with resolve=true fetches it from its author's server", async () => {
      const alice = await alpha.signUp('alice');
      const bob = await beta.signUp('bob');
      const posted = await bob.client.v1.statuses.create({ status: 'Find me by URL', visibility: 'public' });

      const found = await statusByUri(alice, posted.uri);
      expect(found).toMatchObject({ uri: posted.uri, account: { acct: bob.acct } });
      expect(found.content).toContain('Find me by URL');
    });
  },
);
