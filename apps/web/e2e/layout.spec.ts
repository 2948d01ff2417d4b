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
