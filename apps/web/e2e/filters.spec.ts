import { apiAs } from './messages-support';
import { expect, test, shortcutsReady, shot, statusWith } from './support/social';

test.describe('filters: mute a hashtag from the popup, warn, delete', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ alice, bob }) => {
    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/follow`);
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'Before the film' });
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: '#spoilers The twist is the butler' });
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'After the film' });
  });

  test('the mute entry prefills a hide filter; hidden, then warned, then deleted', async ({ bob }) => {
    const page = bob.page;
    await page.goto('/home');
    const spoiler = statusWith(page, 'The twist is the butler');
    await expect(spoiler).toBeVisible();

    // the hashtag popup's third entry opens the form, prefilled to mute the tag
    await spoiler.getByRole('link', { name: '#spoilers' }).click();
    await page.getByTestId('hashtag-menu').getByRole('menuitem', { name: 'Mute #spoilers' }).click();
    await expect(page).toHaveURL(/\/filters\/new\?hashtag=spoilers$/);
    const form = page.getByRole('form', { name: 'Filter' });
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('#spoilers');
    await expect(form.getByLabel('Keyword or phrase 1')).toHaveValue('#spoilers');
    await expect(form.getByLabel('Whole word')).toBeChecked();
    for (const context of ['Home and lists', 'Notifications', 'Public timelines', 'Conversations'])
      await expect(form.getByLabel(context)).toBeChecked();
    await expect(form.getByLabel('Profiles')).not.toBeChecked();
    await expect(form.getByLabel('Hide completely')).toBeChecked();
    await expect(form.getByLabel('Expire after')).toHaveValue('null');
    await shot(page, 'filters-form');
    await form.getByRole('button', { name: 'Save new filter' }).click();

    // the list shows it
    await expect(page).toHaveURL(/\/filters$/);
    const card = page.getByRole('article', { name: '#spoilers', exact: true });
    await expect(card).toContainText('Never expires');
    await expect(card).toContainText('Hide completely');
    await expect(card).toContainText('Home and lists');
    await shot(page, 'filters-list');

    // home: the post is gone, the neighbours stay, j/k go from one to the other
    await page.goto('/home');
    await expect(statusWith(page, 'After the film')).toBeVisible();
    await expect(statusWith(page, 'Before the film')).toBeVisible();
    await expect(page.getByText('The twist is the butler')).toHaveCount(0);
    await shortcutsReady(page);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('j');
    await expect(statusWith(page, 'After the film')).toBeFocused();
    await page.keyboard.press('j');
    await expect(statusWith(page, 'Before the film')).toBeFocused();

    // edit to a warning: the post collapses to "Filtered: #spoilers" until shown anyway
    await page.goto('/filters');
    await page.getByRole('link', { name: 'Edit filter #spoilers' }).click();
    await expect(page).toHaveURL(/\/filters\/\d+\/edit$/);
    await expect(form.getByLabel('Keyword or phrase 1')).toHaveValue('#spoilers');
    await form.getByLabel('Hide with a warning').check();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/filters$/);
    await expect(page.getByRole('article', { name: '#spoilers', exact: true })).toContainText(
      'Hide with a warning',
    );

    await page.goto('/home');
    const warned = page.locator('article.status--filtered');
    await expect(warned).toHaveText(/Filtered: #spoilers/);
    await expect(page.getByText('The twist is the butler')).toHaveCount(0);
    await shot(page, 'filters-warned');
    await warned.getByRole('button', { name: 'Show anyway' }).click();
    await expect(statusWith(page, 'The twist is the butler')).toBeVisible();
    await expect(page.locator('article.status--filtered')).toHaveCount(0);

    // delete, after confirming: the post shows as usual
    await page.goto('/filters');
    await page.getByRole('button', { name: 'Delete filter #spoilers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the filter “#spoilers”?' });
    await shot(page, 'filters-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("You haven't created any filters yet.", { exact: false })).toBeVisible();
    expect(await apiAs<unknown[]>(bob, 'GET', '/api/v2/filters')).toEqual([]);
    await page.goto('/home');
    await expect(statusWith(page, 'The twist is the butler')).toBeVisible();
    await expect(page.locator('article.status--filtered')).toHaveCount(0);
  });

  test('an incomplete filter is refused with clear messages and nothing is saved', async ({ bob }) => {
    const page = bob.page;
    // the single-column layout this time
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto('/filters/new');
    const form = page.getByRole('form', { name: 'Filter' });
    for (const context of ['Home and lists', 'Notifications', 'Public timelines', 'Conversations'])
      await form.getByLabel(context).uncheck();
    await form.getByRole('button', { name: 'Save new filter' }).click();
    await expect(form.getByText('Give the filter a title.')).toBeVisible();
    await expect(form.getByText('Add at least one keyword or phrase.')).toBeVisible();
    await expect(form.getByText('Choose at least one context.')).toBeVisible();
    await shot(page, 'filters-form-errors-single-column');

    // two keywords, one removed again; an expiry
    await form.getByLabel('Title', { exact: true }).fill('Football');
    await form.getByLabel('Keyword or phrase 1').fill('penalty');
    await form.getByRole('button', { name: 'Add keyword' }).click();
    await form.getByLabel('Keyword or phrase 2').fill('offside');
    await form.getByRole('button', { name: 'Remove keyword 1' }).click();
    await form.getByLabel('Public timelines').check();
    await form.getByLabel('Expire after').selectOption({ label: '1 day' });
    await expect(form.getByText('Give the filter a title.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save new filter' }).click();
    await expect(page).toHaveURL(/\/filters$/);
    const [saved] = await apiAs<
      { title: string; context: string[]; expires_at: string; keywords: { keyword: string }[] }[]
    >(bob, 'GET', '/api/v2/filters');
    expect(saved?.title).toBe('Football');
    expect(saved?.context).toEqual(['public']);
    expect(saved?.keywords.map((k) => k.keyword)).toEqual(['offside']);
    expect(Date.parse(saved?.expires_at ?? '') - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await expect(page.getByRole('article', { name: 'Football', exact: true })).toContainText(
      'Expires in 1 day',
    );
    await shot(page, 'filters-list-single-column');
  });
});
