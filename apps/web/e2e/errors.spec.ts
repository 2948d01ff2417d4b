import { expect, test } from './support/test';
import { SHOTS_DIR } from './support/users';

test.use({ viewport: { width: 1000, height: 800 } });

test('an unknown route shows the not-found view', async ({ page }) => {
  await page.goto('/this/route/does/not/exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/not-found.png` });
});

test('a profile path without @ is not found either', async ({ page }) => {
  await page.goto('/nobody-here');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a view that crashes shows the error view with its stack trace', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/__crash__');
  const view = page.getByTestId('render-error');
  await expect(view).toBeVisible();
  await expect(view.getByLabel('Stack trace')).toContainText('Deliberate crash for the end-to-end tests');
  await view.getByRole('button', { name: 'Copy stack trace' }).click();
  await expect(view.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Copy stack trace' })).toBeVisible({ timeout: 4000 });
  // The navigation still works around the crashed view.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/render-error.png` });
});

test('a crash of the whole app shows the full-page crash screen', async ({ page }) => {
  await page.goto('/__crash__/app');
  const screen = page.getByTestId('crash-screen');
  await expect(screen).toBeVisible();
  await expect(screen).toContainText("We're sorry, but something went wrong.");
  await expect(screen.getByRole('button', { name: 'Copy stack trace' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/crash-screen.png` });
});

test('a NotFoundError crash blames browser add-ons', async ({ page }) => {
  await page.goto('/__crash__/app?name=NotFoundError');
  await expect(page.getByTestId('crash-screen')).toContainText('browser add-on');
});

test('a route chunk that cannot be loaded shows the network error view', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  // Every not-yet-loaded chunk now fails, as when the network drops or a deploy removed old files.
  await page.route(/\/assets\/KeyboardShortcutsView-.*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'Keyboard shortcuts' }).first().click();
  await expect(page.getByTestId('network-error')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/network-error.png` });
});
