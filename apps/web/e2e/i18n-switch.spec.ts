import { catalogue } from './support/catalogue';
import { expect, test } from './support/test';
import { baseURL, signedInContext } from './support/users';

const arabic = catalogue('ar');
const english = catalogue('en');
const german = catalogue('de');

/**
 * Issue 34: a language chosen in the preferences applies at once, without reloading the page (its state, the
 * query cache, stays), and is the account's: a new sign-in, from a browser set to English, finds it again.
 */
test('switching the interface language applies without a reload and survives a new sign-in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, user } = await signedInContext(browser, { prefix: 'polyglot' });
  const page = await context.newPage();
  await page.goto('/settings/preferences');
  const picker = page.getByLabel(english['preferences.interface_language']);
  // each language is named in itself
  await expect(picker).toBeVisible();
  expect(await picker.locator('option').allTextContents()).toEqual(
    expect.arrayContaining(['English', 'Deutsch', 'العربية', 'فارسی', '日本語']),
  );
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await picker.selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: german['preferences.language'] })).toBeVisible();
  await expect(
    page.getByRole('region', { name: german['preferences.language'] }).getByRole('status'),
  ).toHaveText(german['preferences.saved']);

  await page.getByLabel(german['preferences.interface_language']).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: arabic['preferences.language'] })).toBeVisible();
  await expect(
    page.getByRole('region', { name: arabic['preferences.language'] }).getByRole('status'),
  ).toHaveText(arabic['preferences.saved']);
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  expect(navigations).toEqual([]);
  await context.close();

  // a fresh browser, in English, signs in: the account's language comes back
  const fresh = await browser.newContext({ baseURL, locale: 'en-US' });
  const signIn = await fresh.newPage();
  await signIn.goto('/auth/sign_in');
  await expect(signIn.locator('html')).toHaveAttribute('lang', 'en');
  await signIn.getByLabel(english['auth.login']).fill(user.username);
  await signIn.getByLabel(english['auth.password']).fill(user.password);
  await signIn.getByRole('button', { name: english['auth.sign_in'] }).click();
  await expect(signIn).not.toHaveURL(/sign_in/);
  await expect(signIn.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(signIn.locator('html')).toHaveAttribute('dir', 'rtl');
  await signIn.goto('/settings/preferences');
  await expect(signIn.getByLabel(arabic['preferences.interface_language'])).toHaveValue('ar');
  await fresh.close();
});
