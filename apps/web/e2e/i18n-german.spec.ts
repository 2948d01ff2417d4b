import { apiAs, createUser, makePals, type ChatUser } from './messages-support';
import { catalogue } from './support/catalogue';
import { expect, test } from './support/test';
import { baseURL, initialStateOf, newUser, SHOTS_DIR } from './support/users';

const german = catalogue('de');

/**
 * Issue 34: the main flows in German, as a visitor whose browser prefers German meets them: sign up, post,
 * chat. Every text the steps look for is the German catalogue's, so an English one left on the way fails them.
 */
test('a German browser signs up, posts and chats in German', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const user = newUser('deutsch');

  await page.goto('/auth/sign_up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel(german['auth.username']).fill(user.username);
  await page.getByLabel(german['auth.email']).fill(user.email);
  await page.getByLabel(german['auth.password'], { exact: true }).fill(user.password);
  await page.getByLabel(german['auth.password_confirmation']).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: german['auth.sign_up'] }).click();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByRole('heading', { name: german['onboarding.heading'] })).toBeVisible();
  // the new account keeps the language it signed up in
  expect((await initialStateOf(context.request)).settings.locale).toBe('de');

  await page.goto('/home');
  const compose = page.getByRole('form', { name: german['compose.label'] });
  await compose.getByPlaceholder(german['compose.placeholder']).fill('Guten Morgen aus Hamburg');
  await compose.getByRole('button', { name: german['compose.publish'] }).click();
  await expect(page.getByText(german['compose.published'])).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Guten Morgen aus Hamburg' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/i18n-de-home.png` });

  const pal = await createUser(browser, baseURL, 'palde', 'Petra');
  const me = await apiAs<{ id: string }>({ context }, 'GET', '/api/v1/accounts/verify_credentials');
  const self: ChatUser = { username: user.username, id: me.id, context, page };
  await makePals(self, pal);
  await page.goto('/home');
  const box = page.getByTestId('message-box');
  await expect(box).toBeAttached({ timeout: 30_000 });
  if ((await box.getAttribute('class'))?.includes('mbox--collapsed'))
    await box.getByRole('button', { name: german['messages.expand'] }).click();
  await box.getByRole('button', { name: german['messages.compose'] }).first().click();
  await box.getByPlaceholder(german['messages.search_people']).fill(pal.username);
  await box.getByTestId('person').filter({ hasText: pal.username }).click();
  const input = box.getByPlaceholder(german['messages.composer.placeholder']);
  await input.fill('Hallo Petra!');
  await input.press('Enter');
  await expect(box.getByTestId('message').filter({ hasText: 'Hallo Petra!' }).last()).toBeVisible();
  await box.screenshot({ path: `${SHOTS_DIR}/i18n-de-box.png` });
  await pal.context.close();
  await context.close();
});
