import { expect, test } from './support/test';
import { startThirdPartyApp, THIRD_PARTY_APP_NAME, type ThirdPartyApp } from './support/third-party-app';
import {
  baseURL,
  initialStateOf,
  newUser,
  signUpViaApi,
  submitSignUpForm,
  type TestUser,
} from './support/users';
import type { Page } from '@playwright/test';

/**
 * Issue 31 items 1 and 2: a web client on another origin registers, signs a signed-out visitor in through
 * OAuth with PKCE (the sign-in or sign-up page leads back to its consent page) and reads the API with its
 * token, which only works if the server answers cross-origin requests as Mastodon does.
 */

let app: ThirdPartyApp;
test.beforeAll(async () => {
  app = await startThirdPartyApp(baseURL);
});
test.afterAll(async () => app.close());

/** From the consent page on: authorizes, and the app's callback shows what it read with its token. */
async function authorizeAndRead(page: Page, user: TestUser): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Authorization required' })).toBeVisible();
  await expect(page.getByText(THIRD_PARTY_APP_NAME)).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  const output = page.getByTestId('app-output');
  await expect(output).toContainText(`Signed in as @${user.username}`);
  await expect(output).not.toContainText('Failed');
}

test('a signed-out member signs in from the app, authorizes it, and the app reads the home timeline', async ({
  page,
}) => {
  const user = newUser('appuser');
  const api = await signUpViaApi(user);
  const { csrfToken } = await initialStateOf(api);
  const posted = await api.post('/api/v1/statuses', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { status: 'posted before the app came' },
  });
  expect(posted.ok()).toBe(true);

  await page.goto(app.url);
  // signed out: the app's authorization link leads to the sign-in page, which leads back to it
  await expect(page).toHaveURL(/\/auth\/sign_in\?redirect_to=%2Foauth%2Fauthorize/);
  await page.getByLabel('Email address or username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await authorizeAndRead(page, user);
  const output = page.getByTestId('app-output');
  await expect(output).toContainText('Home: posted before the app came');
  await expect(output).toContainText('Link header: readable');
  await expect(output).toContainText('Rate limit header: readable');
});

test("a newcomer signs up from the app's sign-in link and comes back to authorize it", async ({ page }) => {
  const user = newUser('appnew');
  await page.goto(app.url);
  await expect(page).toHaveURL(/\/auth\/sign_in\?redirect_to=/);
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/auth\/sign_up\?redirect_to=%2Foauth%2Fauthorize/);
  await submitSignUpForm(page, user);
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await authorizeAndRead(page, user);
});
