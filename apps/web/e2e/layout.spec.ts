import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import { expect, test } from './support/test';
import { signedInContext, SHOTS_DIR } from './support/users';

const onboarded = { introductionVersion: CURRENT_INTRODUCTION_VERSION };

test('automatic layout: multi-column at 1175 px', async ({ browser }) => {
  const { context } = await signedInContext(browser, {
    settings: { ...onboarded, layout: 'auto' },
    viewport: { width: 1175, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/deck\/getting-started$/);
  await expect(page.locator('[data-layout="multi-column"]')).toBeVisible();
  await expect(page.getByTestId('drawer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await expect(
    page.getByText('Your home timeline is empty! Follow more people to fill it up.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/multi-column-1175.png` });

  // /home is sent to the deck in multi-column
  await page.goto('/home');
  await expect(page).toHaveURL(/\/deck\/getting-started$/);
  await context.close();
});

test('the deck: a link to a pinned column selects it instead of showing it twice', async ({ browser }) => {
  const { context } = await signedInContext(browser, {
    settings: { ...onboarded, layout: 'multi-column' },
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/deck/getting-started');
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toHaveCount(1);

  await page.getByTestId('drawer').getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/deck\/notifications$/);
  const pinned = page.locator('.column-slot[data-column="notifications"]');
  await expect(pinned).toHaveAttribute('aria-current', 'location');
  await expect(pinned).toBeFocused();
  await expect(notifications).toHaveCount(1);
  // the routed column shows the navigation, its Notifications link marked as the page
  const routed = page.locator('.column-slot--routed');
  await expect(routed.getByTestId('getting-started')).toBeVisible();
  await expect(routed.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
  await expect(routed.getByRole('button', { name: 'Show column settings' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/deck-selected-column.png` });

  // a column that is not pinned opens as the routed one
  await routed.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(pinned).not.toHaveAttribute('aria-current', 'location');
  await expect(routed.getByRole('region', { name: 'Bookmarks' })).toBeVisible();
  await expect(notifications).toHaveCount(1);

  // notifications of one type are another view of the column: the routed column shows it, and says it is pinned
  await page.goto('/deck/notifications?filter=mention');
  await expect(routed.getByRole('button', { name: 'Mentions' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pinned).not.toHaveAttribute('aria-current', 'location');
  await routed.getByRole('button', { name: 'Show column settings' }).click();
  await expect(routed.getByText('This column is pinned to your deck.')).toBeVisible();
  await expect(routed.getByRole('button', { name: 'Pin to the deck' })).toHaveCount(0);

  // pinning Bookmarks when the save is refused: the column goes away again and the routed one says why
  await page.route('**/api/web/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { error: 'The settings could not be saved' } })
      : route.fallback(),
  );
  await page.goto('/deck/bookmarks');
  await routed.getByRole('button', { name: 'Show column settings' }).click();
  await routed.getByRole('button', { name: 'Pin to the deck' }).click();
  await expect(routed.getByRole('alert')).toBeVisible();
  await expect(routed.getByRole('region', { name: 'Bookmarks' })).toBeVisible();
  await expect(page.locator('.column-slot[data-column="bookmarks"]')).toHaveCount(0);
  await context.close();
});

test('automatic layout: single-column at 1174 px, compose panel hidden', async ({ browser }) => {
  const { context } = await signedInContext(browser, {
    settings: { ...onboarded, layout: 'auto' },
    viewport: { width: 1174, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('[data-layout="single-column"]')).toBeVisible();
  await expect(page.getByTestId('compose-panel')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/single-column-1174.png` });

  // /deck prefixes are stripped in single-column
  await page.goto('/deck/notifications');
  await expect(page).toHaveURL(/\/notifications$/);
  await context.close();
});

test('resizing re-evaluates the automatic layout after the debounce', async ({ browser }) => {
  const { context } = await signedInContext(browser, {
    settings: { ...onboarded, layout: 'auto' },
    viewport: { width: 1175, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/notifications');
  await expect(page.locator('[data-layout="multi-column"]')).toBeVisible();
  await page.setViewportSize({ width: 1174, height: 800 });
  await expect(page.locator('[data-layout="single-column"]')).toBeVisible();
  await context.close();
});

test('an explicit single-column setting wins at wide widths and shows the compose panel', async ({
  browser,
}) => {
  const { context } = await signedInContext(browser, {
    settings: { ...onboarded, layout: 'single-column' },
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('compose-panel')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New post' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/single-column-1400.png` });
  await context.close();
});
