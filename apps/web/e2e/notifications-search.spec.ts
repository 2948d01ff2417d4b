import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, createUser } from './messages-support';
import { expect, test, PNG } from './support/social';

const SHOTS = '/tmp/shots-c4';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// the routed column (the deck may pin another notifications column beside it)
const notificationsColumn = (page: Page) =>
  page.locator('#main').getByRole('region', { name: 'Notifications' });

// single-column (631-1174 px): the navigation panel with its counts is on screen
const SINGLE_COLUMN = { width: 1100, height: 850 };

test.describe('notifications filter, follow requests, search tabs, compose language', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ alice }) => {
    await alice.page.setViewportSize(SINGLE_COLUMN);
  });

  test('Mentions shows only the mention among a favourite and a mention', async ({ alice, bob }) => {
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Sunrise over the harbour',
    });
    await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/favourite`);
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: `@${alice.username} coffee later?` });

    const page = alice.page;
    await page.goto('/notifications');
    const column = notificationsColumn(page);
    await expect(column.getByText('favorited your post')).toBeVisible();
    await expect(column.getByText('mentioned you')).toBeVisible();

    const filters = column.getByRole('group', { name: 'Show notifications' });
    await filters.getByRole('button', { name: 'Mentions' }).click();
    await expect(page).toHaveURL(/\/notifications\?filter=mention$/);
    await expect(column.getByText('coffee later?')).toBeVisible();
    await expect(column.getByText('favorited your post')).toHaveCount(0);
    await expect(filters.getByRole('button', { name: 'Mentions' })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'notifications-mentions');

    // one kind by its icon: favourites only
    await filters.getByRole('button', { name: 'Favorites' }).click();
    await expect(column.getByText('favorited your post')).toBeVisible();
    await expect(column.getByText('coffee later?')).toHaveCount(0);

    // the filter survives a reload (it is in the address)
    await page.reload();
    await expect(filters.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: 'All' }).click();
    await expect(column.getByText('mentioned you')).toBeVisible();

    // clearing asks first, then empties the list on the server too
    await column.getByRole('button', { name: 'Clear notifications' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear notifications?' });
    await shot(page, 'notifications-clear-confirm');
    await confirm.getByRole('button', { name: 'Clear notifications' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(column.getByText("You don't have any notifications yet.", { exact: false })).toBeVisible();
    expect(await apiAs<unknown[]>(alice, 'GET', '/api/v1/notifications')).toEqual([]);

    // the deck: the filter bar fits a narrow pinned column, the drawer's compose toolbar stays compact
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: `@${alice.username} one more` });
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.goto('/notifications?filter=mention');
    await expect(notificationsColumn(page).getByText('one more')).toBeVisible();
    await shot(page, 'notifications-deck');
  });

  test('a locked account accepts a follow request right in its notifications', async ({ alice, bob }) => {
    await apiAs(alice, 'PATCH', '/api/v1/accounts/update_credentials', { locked: true });
    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/follow`);

    const page = alice.page;
    await page.goto('/notifications');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const requestsLink = navigation.getByRole('link', { name: /Follow requests/ });
    await expect(requestsLink).toBeVisible();
    const request = notificationsColumn(page).locator('.notification').filter({
      hasText: 'has requested to follow you',
    });
    await expect(request).toBeVisible();
    await shot(page, 'notifications-follow-request');
    await request.getByRole('button', { name: 'Accept' }).click();
    // the card says "Accepted" until the list is read again, which drops the answered request (as Mastodon does)
    await expect(request.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(requestsLink).toHaveCount(0);

    const relationship = await apiAs<{ following: boolean; requested: boolean }[]>(
      bob,
      'GET',
      `/api/v1/accounts/relationships?id[]=${alice.id}`,
    );
    expect(relationship[0]).toMatchObject({ following: true, requested: false });
    // the answered request is gone from the notifications
    await page.reload();
    await expect(notificationsColumn(page).getByText('has requested to follow you')).toHaveCount(0);
  });

  test('search tabs find people, hashtags and posts', async ({ alice, bob, browser, baseURL }) => {
    const word = `qz${Date.now().toString(36)}`;
    // account search matches the start of a username or display name
    const carol = await createUser(browser, baseURL ?? '', word, 'Carol Lantern');
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: `Lanterns by the river ${word} #${word}tag` });

    const page = alice.page;
    await page.goto('/search');
    const column = page.getByRole('region', { name: 'Search' });
    await column.getByRole('searchbox').fill(word);
    await column.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    const tabs = column.getByRole('navigation', { name: 'Search results' });
    // All: a section of each kind
    await expect(column.getByRole('heading', { name: 'People' })).toBeVisible();
    await expect(column.getByRole('heading', { name: 'Hashtags' })).toBeVisible();
    await expect(column.getByRole('heading', { name: 'Posts' })).toBeVisible();
    await shot(page, 'search-all');

    await tabs.getByRole('link', { name: 'People' }).click();
    await expect(page).toHaveURL(/type=accounts/);
    await expect(column.locator('.account-row').filter({ hasText: 'Carol Lantern' })).toBeVisible();
    await expect(column.locator('article.status')).toHaveCount(0);
    await shot(page, 'search-people');

    await tabs.getByRole('link', { name: 'Hashtags' }).click();
    await expect(column.getByRole('link', { name: `#${word}tag` })).toBeVisible();
    await expect(column.locator('.account-row')).toHaveCount(0);

    await tabs.getByRole('link', { name: 'Posts' }).click();
    await expect(column.locator('article.status').filter({ hasText: 'Lanterns by the river' })).toBeVisible();
    await expect(column.locator('.account-row')).toHaveCount(0);

    // a tab with nothing in it says so
    await page.goto(`/search?q=${word}nothing&type=statuses`);
    await expect(column.getByText(`No posts match “${word}nothing”.`)).toBeVisible();

    // the search box remembers what was searched there
    await page.goto('/search');
    await column.getByRole('searchbox').focus();
    await expect(column.getByText('Recent searches')).toBeVisible();
    await shot(page, 'search-recent');
    await column.getByRole('button', { name: word, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word}$`));
    await expect(column.getByRole('heading', { name: 'People' })).toBeVisible();
    await carol.context.close();
  });

  test('compose sends the chosen language and sensitive media', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/publish');
    const form = page.getByRole('form', { name: 'New post' });
    await form.getByPlaceholder("What's on your mind?").fill('Guten Morgen aus dem Hafen');
    await form.getByLabel('Post language').selectOption('de');

    // a video cannot join an image: the picker says why and keeps the image only
    const files = form.getByTestId('compose-file');
    await files.setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: PNG });
    await files.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('0000') });
    await expect(form.getByRole('alert')).toHaveText(
      'A video or an audio file has to be the only attachment of a post.',
    );
    await expect(form.locator('.compose-media__item')).toHaveCount(1);
    await form.getByLabel('Mark media as sensitive').check();
    await shot(page, 'compose-language-sensitive');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    // the image has no description: posting it anyway
    await page
      .getByRole('alertdialog', { name: 'Post without a description?' })
      .getByRole('button', { name: 'Post anyway' })
      .click();
    await expect(page.getByText('Your post was published.')).toBeVisible();

    const statuses = await apiAs<{ language: string | null; sensitive: boolean; visibility: string }[]>(
      alice,
      'GET',
      `/api/v1/accounts/${alice.id}/statuses?limit=1`,
    );
    expect(statuses[0]).toMatchObject({ language: 'de', sensitive: true, visibility: 'public' });

    // the account's posting defaults preselect the form
    await apiAs(alice, 'PATCH', '/api/v1/accounts/update_credentials', {
      source: { privacy: 'private', language: 'fr' },
    });
    await page.reload();
    await expect(form.getByLabel('Who can see this post')).toHaveValue('private');
    await expect(form.getByLabel('Post language')).toHaveValue('fr');
  });
  test('compose offers its guess of the language, and the author’s own pick wins', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/publish');
    const form = page.getByRole('form', { name: 'New post' });
    const field = form.getByPlaceholder("What's on your mind?");
    const guess = form.getByTestId('compose-language-guess');
    const before = await form.getByLabel('Post language').inputValue();

    // too short to tell: nothing is offered
    await field.fill('Ciao!');
    await page.waitForTimeout(1500);
    await expect(guess).toHaveCount(0);

    await field.fill('Oggi vado al parco con i miei amici perché il sole splende e fa caldo.');
    await expect(guess).toContainText('Looks like Italiano — use it?');
    await guess.getByRole('button', { name: 'Use Italiano' }).click();
    await expect(form.getByLabel('Post language')).toHaveValue('it');
    await expect(guess).toHaveCount(0);

    // an explicit choice is not second-guessed, whatever is written next
    await field.fill('Heute gehe ich mit meinen Freunden in den Park, weil die Sonne so schön scheint.');
    await page.waitForTimeout(1500);
    await expect(guess).toHaveCount(0);
    await form.getByLabel('Post language').selectOption(before);
    await field.fill('Oggi vado al parco con i miei amici perché il sole splende e fa caldo.');
    await page.waitForTimeout(1500);
    await expect(guess).toHaveCount(0);
    await form.getByLabel('Post language').selectOption('it');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Your post was published.')).toBeVisible();

    const statuses = await apiAs<{ language: string | null }[]>(
      alice,
      'GET',
      `/api/v1/accounts/${alice.id}/statuses?limit=1`,
    );
    expect(statuses[0]?.language).toBe('it');
  });
});
