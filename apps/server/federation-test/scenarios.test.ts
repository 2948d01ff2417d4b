import type { mastodon } from 'masto';
import { describe, expect, it } from 'vitest';
import {
  nextEvent,
  openHomeStream,
  scenariosSkipReason,
  servers,
  waitFor,
  type TestAccount,
} from './support/federation.js';

// Phase 2 of issue #15: what two Palchat servers must do together. These are real scenarios, expected to pass
// once federation (fedcore, fedremote and the phase-2 inbox listeners and outgoing hooks) is merged; until then
// they run only with FEDERATION_SCENARIOS=on (`FEDERATION_SCENARIOS=on npm run test:federation`).

const { alpha, beta } = servers;

/** `other` as `viewer`'s server knows it, looked up by user@domain with resolve=true (WebFinger on demand). */
async function resolve(viewer: TestAccount, other: TestAccount): Promise<mastodon.v1.Account> {
  const results = await viewer.client.v2.search.list({
    q: `@${other.acct}`,
    type: 'accounts',
    resolve: true,
  });
  const found = results.accounts.find((account) => account.acct === other.acct);
  if (!found)
    throw new Error(`${viewer.acct} cannot resolve ${other.acct}: ${JSON.stringify(results.accounts)}`);
  return found;
}

/** `follower` follows `followed` on the other server and waits until the follow was accepted. */
async function followAcross(follower: TestAccount, followed: TestAccount): Promise<mastodon.v1.Account> {
  const remote = await resolve(follower, followed);
  await follower.client.v1.accounts.$select(remote.id).follow();
  await waitFor(`${follower.acct} to follow ${followed.acct}`, async () => {
    const [relationship] = await follower.client.v1.accounts.relationships.fetch({ id: [remote.id] });
    return relationship?.following;
  });
  return remote;
}

/** Waits until `reader`'s home timeline shows a post whose text contains `text`. */
function arrivesInHome(reader: TestAccount, text: string, timeoutMs?: number): Promise<mastodon.v1.Status> {
  return waitFor(
    `"${text}" in ${reader.acct}'s home`,
    async () =>
      (await reader.client.v1.timelines.home.list({ limit: 40 })).find((s) => s.content.includes(text)),
    { timeoutMs },
  );
}

describe.skipIf(scenariosSkipReason !== null)(
  scenariosSkipReason ? `federation scenarios (skipped: ${scenariosSkipReason})` : 'federation scenarios',
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

    it('delivers what was sent while the other server was stopped once it is started again', async () => {
      const dora = await alpha.signUp('dora');
      const bob = await beta.signUp('bob');
      await followAcross(bob, dora);

      await beta.stop();
      try {
        await dora.client.v1.statuses.create({ status: 'Sent while beta was down', visibility: 'public' });
        // the first delivery attempt fails (502 from beta's proxy) and waits in alpha's queue
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      } finally {
        await beta.start();
      }
      await arrivesInHome(bob, 'Sent while beta was down', 100_000);
    });
  },
);
