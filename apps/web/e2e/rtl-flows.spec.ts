import { apiAs, createUser, makePals, type ChatUser } from './messages-support';
import { expect, test } from './support/test';
import { catalogue } from './support/catalogue';
import { initialStateOf, newUser } from './support/users';

const ar = catalogue('ar');

/**
 * The main flows in Arabic, as a new user whose browser asks for Arabic goes through them: sign up, post, chat.
 * Controls are found by their Arabic names (from ar.json), and the page is laid out right to left.
 */
test('in Arabic: sign up, post and chat, right to left', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL, locale: 'ar', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = newUser('rtl');

  // sign up: the form in Arabic, right to left
  await page.goto('/auth/sign_up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel(ar['auth.username']).fill(user.username);
  await page.getByLabel(ar['auth.email']).fill(user.email);
  await page.getByLabel(ar['auth.password'], { exact: true }).fill(user.password);
  await page.getByLabel(ar['auth.password_confirmation']).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: ar['auth.sign_up'] }).click();
  await expect(page).toHaveURL(/\/start$/);
  await page.getByRole('button', { name: ar['onboarding.done'] }).click();
  await expect(page).not.toHaveURL(/\/start$/);
  // the new account speaks Arabic: its locale was taken from the browser at sign-up
  expect((await initialStateOf(context.request)).settings.locale).toBe('ar');
  const { id } = await apiAs<{ id: string }>({ context }, 'GET', '/api/v1/accounts/verify_credentials');
  const me: ChatUser = { username: user.username, id, context, page };

  // post, mixed-direction text shown in its own direction
  await page.goto('/home');
  const text = 'مرحبا Palchat! أول منشور لي';
  await page.getByPlaceholder(ar['compose.placeholder']).first().fill(text);
  await page.getByRole('button', { name: ar['compose.publish'], exact: true }).first().click();
  const post = page.locator('.status__content').filter({ hasText: text }).first();
  await expect(post).toBeVisible();
  await expect(post).toHaveAttribute('dir', 'auto');
  expect(await post.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');

  // chat: a pal writes in English; the reply in Arabic is on the left (own bubbles sit at the inline end)
  const pal = await createUser(browser, baseURL ?? '', 'pal', 'Pat Pal');
  await makePals(pal, me);
  await apiAs(pal, 'POST', '/api/v1/friend_messages', { recipient_id: me.id, content: 'Hello there!' });
  await page.reload();
  const box = page.getByTestId('message-box');
  await box.getByRole('button', { name: ar['messages.expand'] }).click();
  await box
    .getByTestId('conversation-row')
    .filter({ hasText: 'Pat Pal' })
    .getByRole('button')
    .first()
    .click();
  const input = box.getByPlaceholder(ar['messages.composer.placeholder']);
  await input.fill('أهلا! كيف حالك؟');
  await input.press('Enter');
  const own = box.locator('.mbox-message--own .mbox-bubble').filter({ hasText: 'أهلا! كيف حالك؟' });
  const other = box.locator('.mbox-message--other .mbox-bubble').filter({ hasText: 'Hello there!' });
  await expect(own).toBeVisible();
  const [ownBox, otherBox] = [await own.boundingBox(), await other.boundingBox()];
  expect(ownBox && otherBox && ownBox.x + ownBox.width < otherBox.x + otherBox.width).toBe(true);
  expect(ownBox && otherBox && ownBox.x < otherBox.x).toBe(true);
  await pal.context.close();
  await context.close();
});
