import { expect, test } from '../e2e/support/test';
import { apiAs, createUser } from '../e2e/messages-support';
import { scenariosSkipReason, servers } from '../../server/federation-test/support/federation';

// Phase 2 of issue #15 in Chromium: expected to pass once federation is merged; until then they run only with
// FEDERATION_SCENARIOS=on (`FEDERATION_SCENARIOS=on npm run test:federation`).
test.skip(scenariosSkipReason !== null, scenariosSkipReason ?? '');

const { alpha, beta } = servers;

test("Alice on alpha opens Bob's profile on beta, follows him, and his next post reaches her home live", async ({
  browser,
}) => {
  const bob = await beta.signUp('bob', 'Bob on Beta');
  await bob.client.v1.statuses.create({ status: 'An older post from beta', visibility: 'public' });
  const alice = await createUser(browser, alpha.url, 'alice', 'Alice on Alpha');

  // the search resolves him by WebFinger; his profile on alpha shows his posts from beta's outbox
  await apiAs(
    alice,
    'GET',
    `/api/v2/search?q=${encodeURIComponent(`@${bob.acct}`)}&resolve=true&type=accounts`,
  );
  await alice.page.goto(`/@${bob.acct}`);
  await expect(alice.page.getByRole('heading', { name: 'Bob on Beta' })).toBeVisible();
  await expect(
    alice.page.locator('article.status').filter({ hasText: 'An older post from beta' }),
  ).toBeVisible();
  await alice.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(alice.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await alice.page.goto('/home');
  await expect(alice.page.getByRole('region', { name: 'Home' })).toBeVisible();
  await bob.client.v1.statuses.create({ status: 'Live from beta', visibility: 'public' });
  const newPosts = alice.page.getByRole('button', { name: '1 new post' });
  await expect(newPosts).toBeVisible({ timeout: 30_000 });
  await newPosts.click();
  const card = alice.page.locator('article.status').filter({ hasText: 'Live from beta' });
  await expect(card).toBeVisible();
  await expect(card.getByText(`@${bob.acct}`)).toBeVisible();
  await alice.context.close();
});

test("alpha's /public/remote shows beta's public posts", async ({ browser }) => {
  const bob = await beta.signUp('bob');
  const alice = await createUser(browser, alpha.url, 'alice');
  await apiAs(
    alice,
    'GET',
    `/api/v2/search?q=${encodeURIComponent(`@${bob.acct}`)}&resolve=true&type=accounts`,
  );
  const remote = await apiAs<{ id: string }>(
    alice,
    'GET',
    `/api/v1/accounts/lookup?acct=${encodeURIComponent(bob.acct)}`,
  );
  await apiAs(alice, 'POST', `/api/v1/accounts/${remote.id}/follow`);
  await bob.client.v1.statuses.create({ status: 'Public news from beta', visibility: 'public' });

  await expect(async () => {
    await alice.page.goto('/public/remote');
    await expect(
      alice.page.locator('article.status').filter({ hasText: 'Public news from beta' }),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await alice.context.close();
});
