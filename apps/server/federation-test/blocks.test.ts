import { describe, expect, it } from 'vitest';
import { federationSkipReason, servers, waitFor } from './support/federation.js';
import { arrivesInHome, followAcross, homeTimeline, resolve } from './support/scenarios.js';

// Phase 2 of issue #15: a block and a domain block stop delivery between two Palchat servers. Each check that
// something did NOT arrive waits for a sentinel that went the same way after it, so it cannot pass by being early.

const { alpha, beta } = servers;

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason ? `federation blocks (skipped: ${federationSkipReason})` : 'federation blocks',
  () => {
    it("a block reaches the blocked person's server, ends the follow and stops delivery to them", async () => {
      const alice = await alpha.signUp('alice');
      const dora = await alpha.signUp('dora');
      const bob = await beta.signUp('bob');
      const aliceOnBeta = await followAcross(bob, alice);
      await followAcross(bob, dora);

      const bobOnAlpha = await resolve(alice, bob);
      await alice.client.v1.accounts.$select(bobOnAlpha.id).block();
      // as Mastodon does on a Block: the blocked person no longer follows, and is told
      await waitFor(`${bob.acct} to stop following ${alice.acct}`, async () => {
        const [relationship] = await bob.client.v1.accounts.relationships.fetch({ id: [aliceOnBeta.id] });
        return relationship && !relationship.following;
      });

      await alice.client.v1.statuses.create({ status: 'Not for blocked eyes', visibility: 'public' });
      await dora.client.v1.statuses.create({ status: 'Sentinel after the block', visibility: 'public' });
      await arrivesInHome(bob, 'Sentinel after the block');
      const home = await homeTimeline(bob);
      expect(home.map((status) => status.content).join('\n')).not.toContain('Not for blocked eyes');
      // and beta knows of the block: Bob cannot follow Alice again (403, as Mastodon's FollowService)
      await expect(bob.client.v1.accounts.$select(aliceOnBeta.id).follow()).rejects.toMatchObject({
        statusCode: 403,
      });
    });

    it("a domain block hides the server's public posts and notifications and drops its followers", async () => {
      const alice = await alpha.signUp('alice');
      const carol = await alpha.signUp('carol');
      const dora = await alpha.signUp('dora');
      const bob = await beta.signUp('bob');
      await followAcross(carol, bob);
      const aliceOnBeta = await followAcross(bob, alice);
      await followAcross(bob, dora);

      // as Mastodon's POST /api/v1/domain_blocks: public posts and notifications from the domain are hidden,
      // its followers removed
      await alice.client.v1.domainBlocks.create({ domain: beta.domain });

      // incoming: the post reaches alpha once (shared inbox): Carol sees it, Alice is not notified of its
      // mention and does not see it in the federated timeline
      const posted = await bob.client.v1.statuses.create({
        status: `From a blocked domain, @${alice.acct}`,
        visibility: 'public',
      });
      await arrivesInHome(carol, 'From a blocked domain');
      const carolsView = await carol.client.v1.timelines.public.list({ remote: true, limit: 40 });
      expect(carolsView.map((status) => status.uri)).toContain(posted.uri);
      const alicesView = await alice.client.v1.timelines.public.list({ remote: true, limit: 40 });
      expect(alicesView.map((status) => status.uri)).not.toContain(posted.uri);
      const notifications = await alice.client.v1.notifications.list({ limit: 40 });
      expect(notifications.map((notification) => notification.account.acct)).not.toContain(bob.acct);

      // outgoing: Bob is no longer Alice's follower (Mastodon removes the domain's followers and sends each a
      // Reject), so her next post goes to beta only for Dora's followers
      await waitFor(`beta to learn that ${bob.acct} no longer follows ${alice.acct}`, async () => {
        const [relationship] = await bob.client.v1.accounts.relationships.fetch({ id: [aliceOnBeta.id] });
        return relationship && !relationship.following;
      });
      await alice.client.v1.statuses.create({ status: 'Beta must not see this', visibility: 'public' });
      await dora.client.v1.statuses.create({
        status: 'Sentinel after the domain block',
        visibility: 'public',
      });
      await arrivesInHome(bob, 'Sentinel after the domain block');
      const bobHome = await homeTimeline(bob);
      expect(bobHome.map((status) => status.content).join('\n')).not.toContain('Beta must not see this');
    });
  },
);
