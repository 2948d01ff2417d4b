import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import { expect, test } from './support/test';
import { admin, signedInContext, SHOTS_DIR } from './support/users';

const settings = { introductionVersion: CURRENT_INTRODUCTION_VERSION, layout: 'single-column' as const };

test('the navigation panel leads to every main view', async ({ browser }) => {
  const { context } = await signedInContext(browser, { settings, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Follow requests' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  const destinations: [string, RegExp, string][] = [
    ['Notifications', /\/notifications$/, 'Notifications'],
    ['Live feeds', /\/public\/local$/, 'This server'],
    ['Private mentions', /\/conversations$/, 'Private mentions'],
    ['Bookmarks', /\/bookmarks$/, 'Bookmarks'],
    ['Favorites', /\/favourites$/, 'Favorites'],
    ['Lists', /\/lists$/, 'Lists'],
    ['Preferences', /\/settings\/preferences$/, 'Preferences'],
    ['About', /\/about$/, 'About'],
    ['Home', /\/home$/, 'Home'],
  ];
  for (const [link, url, heading] of destinations) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS_DIR}/home-single.png` });
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByText("You don't have any notifications yet.", { exact: false })).toBeVisible();
  await context.close();
});

test('lists created through the lists view appear in the navigation, sorted by title', async ({
  browser,
}) => {
  const { context } = await signedInContext(browser, { settings, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  for (const title of ['Zebra friends', 'Art']) {
    await page.goto('/lists/new');
    await page.getByLabel('List name').fill(title);
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page).toHaveURL(/\/lists\/\d+\/members$/);
  }
  await page.goto('/lists');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const nested = nav.locator('.nav-link--nested');
  await expect(nested).toHaveText(['Art', 'Zebra friends']);
  await page.screenshot({ path: `${SHOTS_DIR}/lists.png` });
  await context.close();
});

test('moderators and administrators see their links', async ({ browser }) => {
  const { context, user } = await signedInContext(browser, {
    settings,
    viewport: { width: 1280, height: 900 },
  });
  admin('set-role', user.username, 'admin');
  const page = await context.newPage();
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Moderation' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Administration' })).toBeVisible();
  await nav.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('forbidden')).toHaveCount(0);
  await context.close();
});

test('admin pages show an access-denied view without permission', async ({ browser }) => {
  const { context } = await signedInContext(browser, { settings });
  const page = await context.newPage();
  await page.goto('/admin/reports');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await context.close();
});

test('start-up registers the service worker at /sw.js once the first screen is done', async ({ browser }) => {
  const { context } = await signedInContext(browser, { settings });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const registeredScript = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
      return worker ? new URL(worker.scriptURL).pathname : null;
    });
  await expect.poll(registeredScript).toBe('/sw.js');
  await context.close();
});
