import { expect, test } from '../e2e/support/test';
import { apiAs, createUser } from '../e2e/messages-support';
import { followAndWait, resolveAs } from './support';
import { federationSkipReason, servers } from '../../server/federation-test/support/federation';

// Two federating servers in Chromium (issue #15).
test.skip(federationSkipReason !== null, federationSkipReason ?? '');

const { alpha, beta } = servers;

test("Alice on alpha opens Bob's profile on beta, follows him, and his next post reaches her home live", async ({
  browser,
}) => {
  const bob = await beta.signUp('bob', 'Bob on Beta');
  await bob.client.v1.statuses.create({ status: 'An older post from beta', visibility: 'public' });
  const alice = await createUser(browser, alpha.url, 'alice', 'Alice on Alpha');

  // the search resolves him by WebFinger; his profile on alpha shows his posts from beta's outbox
  await resolveAs(alice, bob.acct);
  await alice.page.goto(`/@${bob.acct}`);
  const header = alice.page.locator('.account-header');
  await expect(header).toContainText('Bob on Beta');
  await expect(header).toContainText(`@${bob.acct}`);
  await expect(
    alice.page.locator('article.status').filter({ hasText: 'An older post from beta' }),
  ).toBeVisible();
  await alice.page.getByRole('button', { name: 'Follow', exact: true }).click();
  // a remote follow is requested until Bob's server accepts it, as on Mastodon; the profile then says so
  await expect(alice.page.getByRole('button', { name: /^(Requested|Unfollow)$/ })).toBeVisible();
  await expect(async () => {
    await alice.page.reload();
    await expect(alice.page.getByRole('button', { name: 'Unfollow' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

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
  const remote = await resolveAs(alice, bob.acct);
  await followAndWait(alice, remote.id);
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

test("Bob's thread on beta opens on alpha, with the post it replies to and the reply", async ({
  browser,
}) => {
  const bob = await beta.signUp('bob', 'Bob on Beta');
  const alice = await createUser(browser, alpha.url, 'alice');
  const remote = await resolveAs(alice, bob.acct);
  await followAndWait(alice, remote.id);
  const start = await bob.client.v1.statuses.create({
    status: 'A thread starts on beta',
    visibility: 'public',
  });
  await bob.client.v1.statuses.create({
    status: 'and goes on on beta',
    inReplyToId: start.id,
    visibility: 'public',
  });

  let replyId = '';
  await expect
    .poll(
      async () => {
        const home = await apiAs<{ id: string; content: string }[]>(alice, 'GET', '/api/v1/timelines/home');
        replyId = home.find((status) => status.content.includes('and goes on on beta'))?.id ?? '';
        return replyId;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  await alice.page.goto(`/@${bob.acct}/${replyId}`);
  // the multi-column layout also shows the reply in the Home column: look in the post's own column
  const thread = alice.page.getByRole('region', { name: 'Post' }).locator('article.status');
  await expect(thread.filter({ hasText: 'A thread starts on beta' })).toBeVisible();
  await expect(thread.filter({ hasText: 'and goes on on beta' })).toBeVisible();
  await expect(thread.filter({ hasText: 'and goes on on beta' }).getByText(`@${bob.acct}`)).toBeVisible();
  await alice.context.close();
});
