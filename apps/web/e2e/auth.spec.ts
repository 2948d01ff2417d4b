import { expect, test } from './support/test';
import { newUser, SHOTS_DIR, submitSignUpForm } from './support/users';

test('signing up through the UI lands on /start, and / leads there again on first launch', async ({
  page,
}) => {
  const user = newUser('signup');
  await page.goto('/auth/sign_up');
  await expect(page.getByRole('heading', { name: /Create your account/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/sign-up.png` });
  await submitSignUpForm(page, user);

  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByTestId('onboarding')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're in! Let's get you set up." })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/onboarding.png` });

  await page.goto('/');
  await expect(page).toHaveURL(/\/start$/);

  // Done saves the introduction version: the next visit to / is no longer a first launch.
  await page.getByRole('button', { name: 'Done, take me to my feed' }).click();
  await expect(page).not.toHaveURL(/\/start$/);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/start$/);
});

test('signing in with a wrong password shows the server error', async ({ page }) => {
  await page.goto('/auth/sign_in');
  await page.getByLabel('Email address or username').fill('nobody@example.test');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await page.screenshot({ path: `${SHOTS_DIR}/sign-in-error.png` });
});
