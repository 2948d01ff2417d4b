import { request } from '@playwright/test';
import { expect, test } from './support/test';
import { baseURL, initialStateOf, SHOTS_DIR } from './support/users';

test('the root redirect of a signed-out visitor follows the server flags', async ({ page }) => {
  const api = await request.newContext({ baseURL });
  const { server } = await initialStateOf(api);
  const expected = server.singleUserAccount
    ? new RegExp(`/@${server.singleUserAccount}$`)
    : server.explorePageEnabled
      ? /\/explore$/
      : /\/public\/local$/;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page).toHaveURL(expected);
  await expect(page.getByTestId('sign-in-banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByTestId('server-banner')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/signed-out-root.png` });
});

test('signed-out visitors on a sign-in-only view are offered to log in', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/bookmarks');
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
});
