import { describe, expect, it } from 'vitest';
import {
  federationSkipReason,
  servers,
  TEST_PASSWORD,
  waitFor,
  type TestAccount,
} from './support/federation.js';
import { apiAs, followAcross, resolve } from './support/scenarios.js';

// Account migration across two Palchat servers (issue #15): Alice on alpha moves to a new account on beta, and
// her followers on both servers follow the new account.

const { alpha, beta } = servers;

async function follows(viewer: TestAccount, other: TestAccount): Promise<boolean> {
  const remote = viewer.host === other.host ? other.account : await resolve(viewer, other);
  const [relationship] = await viewer.client.v1.accounts.relationships.fetch({ id: [remote.id] });
  return Boolean(relationship?.following);
}

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason ? `account migration (skipped: ${federationSkipReason})` : 'account migration',
  () => {
    it('moves an account to another server: the followers on both servers follow the new account', async () => {
      const alice = await alpha.signUp('alice', 'Alice');
      const newAlice = await beta.signUp('alice', 'Alice, moved');
      const bob = await beta.signUp('bob');
      const carol = await alpha.signUp('carol');
      await followAcross(bob, alice);
      await carol.client.v1.accounts.$select(alice.account.id).follow();

      // the new account names the old one; a move before that is refused
      const refused = await fetch(`${alpha.url}/api/web/settings/migration`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ acct: newAlice.acct, current_password: TEST_PASSWORD }),
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ code: 'missing_also_known_as' });
      await apiAs(newAlice, 'POST', '/api/web/settings/aliases', { acct: alice.acct });

      const moved = await apiAs<{ moved_to: { acct: string } }>(
        alice,
        'POST',
        '/api/web/settings/migration',
        {
          acct: newAlice.acct,
          current_password: TEST_PASSWORD,
        },
      );
      expect(moved.moved_to.acct).toBe(newAlice.acct);

      // beta applied the Move: Bob follows the new account there, and sees the old one as moved
      await waitFor(`${bob.acct} to follow ${newAlice.acct}`, () => follows(bob, newAlice));
      expect(await follows(bob, alice)).toBe(false);
      const oldOnBeta = await bob.client.v1.accounts.lookup({ acct: alice.acct });
      expect(oldOnBeta.moved?.acct).toBe(newAlice.username);

      // alpha moved its own follower: Carol follows the new account on beta (accepted there)
      await waitFor(`${carol.acct} to follow ${newAlice.acct}`, () => follows(carol, newAlice));
      const followers = await newAlice.client.v1.accounts.$select(newAlice.account.id).followers.list();
      expect(followers.map((account) => account.acct).sort()).toEqual([bob.username, carol.acct].sort());

      // the old account cannot post anymore
      await expect(alice.client.v1.statuses.create({ status: 'still here?' })).rejects.toThrow();
    });
  },
);
