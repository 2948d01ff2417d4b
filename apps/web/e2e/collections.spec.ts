import { apiAs } from './messages-support';
import { expect, shot, test } from './support/social';

test.describe('endorsements and collections', () => {
  test.describe.configure({ timeout: 60_000 });

  test('Alice features Bob, puts him in a collection he hears of, visitors see it, and she deletes it', async ({
    alice,
    bob,
    browser,
  }) => {
    const { page } = alice;
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);

    // "Feature on profile" from the profile's menu, then the Featured view lists him
    await page.goto(`/@${bob.username}`);
    await page.getByRole('button', { name: `More options for @${bob.username}` }).click();
    await page.getByRole('menuitem', { name: 'Feature on profile' }).click();
    await page.getByRole('button', { name: `More options for @${bob.username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Stop featuring on profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`/@${alice.username}/featured`);
    await expect(page.getByRole('heading', { name: 'Recommended profiles' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('.featured').getByText('Bob Reader')).toBeVisible();

    // a new collection, then Bob found by search and added
    await page.getByRole('link', { name: 'New collection' }).click();
    await page.getByLabel('Name').fill('Good readers');
    await page.getByLabel('Description').fill('People who read everything');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    const collectionPath = new URL(page.url()).pathname;
    await page.getByPlaceholder('Search for people to add').fill(bob.username);
    await page
      .locator('.account-row', { hasText: 'Bob Reader' })
      .getByRole('button', { name: 'Add' })
      .click();
    await expect(
      page.locator('.account-row', { hasText: 'Bob Reader' }).getByRole('button', { name: 'Remove' }),
    ).toBeVisible();

    // Bob is told
    await bob.page.goto('/notifications');
    await expect(bob.page.getByText('added you to the collection')).toBeVisible({ timeout: 20_000 });
    await expect(bob.page.getByRole('link', { name: 'Good readers' })).toHaveAttribute(
      'href',
      collectionPath,
    );
    // the profile lists it with its account count; the page opens from there
    await page.goto(`/@${alice.username}/featured`);
    await expect(page.getByRole('link', { name: /Good readers/ })).toContainText('1 account');
    await shot(page, 'collections-featured-view');
    await page.getByRole('link', { name: /Good readers/ }).click();
    await expect(page.getByRole('button', { name: 'Delete collection' })).toBeVisible();

    // a signed-out visitor sees the collection on Alice's profile and opens it
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/@${alice.username}/featured`);
    await visitorPage.getByRole('link', { name: /Good readers/ }).click();
    await expect(visitorPage.getByText('People who read everything')).toBeVisible({ timeout: 20_000 });
    await expect(visitorPage.locator('.account-row', { hasText: 'Bob Reader' })).toBeVisible();
    await shot(visitorPage, 'collection-page-signed-out');
    await visitor.close();

    // deleting asks first
    await page.getByRole('button', { name: 'Delete collection' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete collection?' });
    await expect(dialog).toContainText('Good readers');
    await dialog.getByRole('button', { name: 'Delete collection' }).click();
    await expect(page).toHaveURL(new RegExp(`/@${alice.username}/featured$`));
    await expect(page.getByRole('link', { name: /Good readers/ })).toHaveCount(0);
  });
});
