import { describe, expect, it } from 'vitest';
import { nextEvent, openHomeStream, federationSkipReason, servers, waitFor } from './support/federation.js';
import { arrivesInHome, followAcross, notified, resolve } from './support/scenarios.js';

// Phase 2 of issue #15: what two Palchat servers must do together (follows, live delivery, a stopped server).
// Interactions are in interactions.test.ts, chats in chats.test.ts, blocks in blocks.test.ts.

const { alpha, beta } = servers;
const REDELIVERY_TIMEOUT_MS = 240_000;

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason ? `federation scenarios (skipped: ${federationSkipReason})` : 'federation scenarios',
  () => {
    it('finds a person on the other server by WebFinger: search with resolve=true, then lookup', async () => {
      const alice = await alpha.signUp('alice', 'Alice on Alpha');
      const bob = await beta.signUp('bob', 'Bob on Beta');

      // what alpha's server gets when it asks beta's WebFinger
      const webfinger = await alpha.fetchFromInside(
        `${beta.url}/.well-known/webfinger?resource=acct:${bob.acct}`,
        'application/jrd+json',
      );
      expect(webfinger.status).toBe(200);
      const jrd = JSON.parse(webfinger.body) as {
        subject: string;
        links: { rel: string; type?: string; href?: string }[];
      };
      expect(jrd.subject).toBe(`acct:${bob.acct}`);
      expect(jrd.links).toContainEqual(
        expect.objectContaining({
          rel: 'self',
          type: 'application/activity+json',
          href: `${beta.url}/users/${bob.username}`,
        }),
      );

      const remote = await resolve(alice, bob);
      expect(remote).toMatchObject({
        username: bob.username,
        displayName: 'Bob on Beta',
        url: `${beta.url}/@${bob.username}`,
      });
      const looked = await alice.client.v1.accounts.lookup({ acct: bob.acct });
      expect(looked.id).toBe(remote.id);
    });

    it('follows an open account on the other server, and its public post reaches home live', async () => {
      const alice = await alpha.signUp('alice');
      const bob = await beta.signUp('bob');
      await followAcross(alice, bob);

      // beta lists alpha's person among Bob's followers
      const aliceOnBeta = await resolve(bob, alice);
      const followers = await bob.client.v1.accounts.$select(bob.account.id).followers.list();
      expect(followers.map((account) => account.id)).toContain(aliceOnBeta.id);

      // Alice's home stream is live before Bob posts: his post arrives through it
      const stream = await openHomeStream(alice);
      try {
        const live = nextEvent(
          stream.subscription,
          (event) => event.event === 'update' && event.payload.content.includes('Fresh from beta'),
        );
        const posted = await bob.client.v1.statuses.create({
          status: 'Fresh from beta',
          visibility: 'public',
        });
        expect((await live).payload).toMatchObject({ uri: posted.uri, account: { acct: bob.acct } });

        const arrived = await arrivesInHome(alice, 'Fresh from beta');
        expect(arrived.account.acct).toBe(bob.acct);
        expect(arrived.uri).toBe(`${beta.url}/users/${bob.username}/statuses/${posted.id}`);
        expect(arrived.url).toBe(`${beta.url}/@${bob.username}/${posted.id}`);
      } finally {
        stream.close();
      }
    });

    it('follows a locked account: a follow request, then following once it is authorized', async () => {
      const alice = await alpha.signUp('alice');
      const carol = await beta.signUp('carol');
      await carol.client.v1.accounts.updateCredentials({ locked: true });

      const remote = await resolve(alice, carol);
      const requested = await alice.client.v1.accounts.$select(remote.id).follow();
      expect(requested.following).toBe(false);
      const request = await waitFor(`the follow request of ${alice.acct} at ${carol.acct}`, async () =>
        (await carol.client.v1.followRequests.list()).find((account) => account.acct === alice.acct),
      );
      await carol.client.v1.followRequests.$select(request.id).authorize();
      await waitFor(`${alice.acct} to follow ${carol.acct}`, async () => {
        const [relationship] = await alice.client.v1.accounts.relationships.fetch({ id: [remote.id] });
        return relationship?.following && !relationship.requested;
      });
    });

    it(
      'delivers what was sent while the other server was stopped once it is started again',
      async () => {
        const dora = await alpha.signUp('dora');
        const bob = await beta.signUp('bob');
        await followAcross(bob, dora);

        await beta.stop();
        try {
          await dora.client.v1.statuses.create({ status: 'Sent while beta was down', visibility: 'public' });
          await dora.client.v1.statuses.create({
            status: `And a word for you, @${bob.acct}`,
            visibility: 'public',
          });
          // the first delivery attempts fail (502 from beta's proxy) and wait in alpha's queue
          await new Promise((resolve) => setTimeout(resolve, 3_000));
        } finally {
          await beta.start();
        }
        // nothing lost: both posts arrive, and the mention notifies. The suite's servers retry a failed delivery
        // after 5 s, then 10, 20, 40 s… (FEDERATION_FIRST_RETRY_SECONDS; a minute in production), so the
        // redelivery follows the same backoff path, only sooner
        await arrivesInHome(bob, 'Sent while beta was down', REDELIVERY_TIMEOUT_MS);
        await arrivesInHome(bob, 'And a word for you', REDELIVERY_TIMEOUT_MS);
        await notified(bob, 'mention', dora.acct);
      },
      REDELIVERY_TIMEOUT_MS + 60_000,
    );
  },
);
