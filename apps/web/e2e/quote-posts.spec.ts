import { apiAs } from './messages-support';
import { expect as baseExpect, test, shot } from './support/social';

// views load their chunks on first use, which takes long on this shared machine: wait up to 30 s
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('quote posts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('bob quotes alice from the status card; the quote shows the post; alice sees the count and the list', async ({
    alice,
    bob,
  }) => {
    const original = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Tea is better than coffee',
    });
    const guarded = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Do not quote me on this',
      quote_approval_policy: 'nobody',
    });

    const page = bob.page;
    await page.goto(`/@${alice.username}/${guarded.id}`);
    const guardedCard = page.locator('.thread__focus article.status');
    await expect(
      guardedCard.getByRole('button', { name: 'You are not allowed to quote this post' }),
    ).toBeDisabled();

    await page.goto(`/@${alice.username}/${original.id}`);
    const focused = page.locator('.thread__focus article.status');
    await focused.getByRole('button', { name: 'Quote', exact: true }).click();
    const form = page.locator('form').filter({ has: page.getByText(`Quoting @${alice.username}`) });
    await expect(form.getByLabel(`Quoted post by ${alice.username}`)).toContainText(
      'Tea is better than coffee',
    );
    await form.getByPlaceholder("What's on your mind?").fill('Strongly disagree');
    await shot(page, 'quote-compose');
    await form.getByRole('button', { name: 'Post', exact: true }).click();

    await page.goto(`/@${bob.username}`);
    const quoteCard = page
      .getByRole('main')
      .locator('article.status')
      .filter({ hasText: 'Strongly disagree' });
    const quoted = quoteCard.getByLabel(`Quoted post by ${alice.username}`);
    await expect(quoted).toContainText('Tea is better than coffee');
    await shot(page, 'quote-card');
    await quoted.getByText('Tea is better than coffee').click();
    await expect(page).toHaveURL(new RegExp(`/@${alice.username}/${original.id}$`));

    const own = alice.page;
    await own.goto(`/@${alice.username}/${original.id}`);
    const meta = own.locator('.thread__focus .status__meta');
    await expect(meta.getByRole('link', { name: '1 quote' })).toBeVisible();
    await meta.getByRole('link', { name: '1 quote' }).click();
    await expect(
      own.getByRole('main').locator('article.status').filter({ hasText: 'Strongly disagree' }),
    ).toBeVisible();

    // alice deletes her post: the quote says so
    await apiAs(alice, 'DELETE', `/api/v1/statuses/${original.id}`);
    await page.goto(`/@${bob.username}`);
    await expect(
      page
        .getByRole('main')
        .locator('article.status')
        .filter({ hasText: 'Strongly disagree' })
        .getByText('This post was removed by its author.'),
    ).toBeVisible();
    await shot(page, 'quote-deleted');
  });
});
