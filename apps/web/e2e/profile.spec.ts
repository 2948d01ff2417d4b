import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiAs, box, createUser, messageBubble, sendMessage, type ChatUser } from './messages-support';
import { expect, test } from './support/social';
import { newUser, submitSignUpForm } from './support/users';

const SHOTS = '/tmp/shots-profile';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function messageButton(page: Page) {
  return page.locator('.account-header__buttons').getByRole('button', { name: 'Message', exact: true });
}

async function openProfile(viewer: ChatUser, of: ChatUser): Promise<void> {
  await viewer.page.goto(`/@${of.username}`);
  await expect(viewer.page.locator('.account-header__name')).toHaveText('Bob Reader', { timeout: 20_000 });
}

test.describe('a profile', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Message opens the chat with the pal in the box; the first send creates the conversation', async ({
    alice,
    bob,
  }) => {
    await openProfile(alice, bob);
    await messageButton(alice.page).click();
    const chat = box(alice).getByTestId('chat-view');
    await expect(chat).toBeVisible();
    await expect(chat).toContainText('Bob Reader');
    await expect(chat.getByText('Say hello to your pal!')).toBeVisible();
    await shot(alice.page, 'message-new-chat-1280');

    await sendMessage(alice, 'Hello from your profile');
    // Bob's conversation list now has the chat with Alice
    const conversations = await apiAs<unknown>(bob, 'GET', '/api/v1/friend_messages/conversations');
    expect(JSON.stringify(conversations)).toContain(`"id":"${alice.id}"`);

    // the next time, the same button opens the conversation that now exists
    await openProfile(alice, bob);
    await messageButton(alice.page).click();
    await expect(box(alice).getByTestId('chat-title')).toHaveText('Bob Reader');
    await expect(messageBubble(alice, 'Hello from your profile')).toBeVisible();
  });

  test('no Message button on your own profile, nor while either of you blocks the other', async ({
    alice,
    bob,
  }) => {
    await alice.page.goto(`/@${alice.username}`);
    await expect(alice.page.getByRole('link', { name: 'Edit profile' })).toBeVisible({ timeout: 20_000 });
    await expect(messageButton(alice.page)).toHaveCount(0);

    await openProfile(alice, bob);
    await expect(messageButton(alice.page)).toBeVisible();

    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/block`);
    await openProfile(alice, bob);
    await expect(alice.page.locator('.account-header__buttons').getByRole('button').first()).toBeVisible();
    await expect(messageButton(alice.page)).toHaveCount(0);

    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/unblock`);
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/block`);
    await openProfile(alice, bob);
    await expect(alice.page.locator('.account-header__buttons').getByRole('button').first()).toBeVisible();
    await expect(messageButton(alice.page)).toHaveCount(0);
  });

  test("shows when the account joined, and its bio's hashtags open the hashtag page", async ({
    alice,
    bob,
  }) => {
    await apiAs(bob, 'PATCH', '/api/v1/accounts/update_credentials', {
      note: 'Growing tomatoes. #Gardening every weekend',
    });
    const joined = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
    await openProfile(alice, bob);
    await expect(alice.page.getByText(`Joined ${joined}`)).toBeVisible();
    const tag = alice.page.locator('.account-header__note').getByRole('link', { name: '#Gardening' });
    await expect(tag).toHaveAttribute('href', '/tags/Gardening');
    await tag.click();
    await expect(alice.page).toHaveURL(/\/tags\/Gardening$/);
  });
});

test.describe('the profile at phone and desktop sizes, light and dark', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [size, options] of [
      ['375', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      test(`${size} px, ${colorScheme}`, async ({ browser, baseURL }) => {
        const viewer = await createUser(browser, baseURL ?? '', 'viewer', 'Vera Viewer');
        const bob = await createUser(browser, baseURL ?? '', 'bob', 'Bob Reader');
        await apiAs(bob, 'PATCH', '/api/v1/accounts/update_credentials', {
          note: 'Growing tomatoes. #Gardening every weekend, notes at https://bob.example',
        });
        const context = await browser.newContext({
          ...options,
          colorScheme,
          baseURL,
          storageState: await viewer.context.storageState(),
        });
        const page = await context.newPage();
        await page.goto(`/@${bob.username}`);
        await expect(messageButton(page)).toBeVisible({ timeout: 20_000 });
        await shot(page, `profile-${size}-${colorScheme}`);
        await messageButton(page).click();
        await expect(page.getByTestId('message-box').getByTestId('chat-view')).toBeVisible();
        await shot(page, `profile-message-${size}-${colorScheme}`);
        await context.close();
        await viewer.context.close();
        await bob.context.close();
      });
    }
  }
});

/** Every button of the profile header lies inside `container` and below the banner (the avatar alone overlaps it). */
async function expectHeaderButtonsInside(page: Page, container: Locator): Promise<void> {
  const outer = await container.boundingBox();
  const banner = await page.locator('.account-header__banner').boundingBox();
  const buttons = await page.locator('.account-header__buttons').getByRole('button').all();
  expect(buttons.length).toBeGreaterThanOrEqual(3);
  for (const button of buttons) {
    const box = await button.boundingBox();
    if (!box || !outer || !banner) throw new Error('a header element has no box');
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(outer.x);
    expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(outer.x + outer.width);
    expect(box.y, `${name}: top edge`).toBeGreaterThanOrEqual(banner.y + banner.height);
  }
}

test.describe('the profile header in narrow columns', () => {
  test.describe.configure({ timeout: 90_000 });

  test('its buttons stay inside a deck column at 1440 px and inside a phone screen', async ({
    alice,
    bob,
  }) => {
    await apiAs(alice, 'PUT', '/api/web/settings', { layout: 'multi-column' });
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    const page = alice.page;
    await page.setViewportSize(DESKTOP.viewport);
    await openProfile(alice, bob);
    const column = page.locator('.column-slot--routed');
    await expect(column.getByRole('button', { name: 'Unfollow' })).toBeEnabled();
    await expectHeaderButtonsInside(page, column);
    await shot(page, 'profile-deck-1440');

    // the phone layout (the deck setting keeps the deck at any width; `auto` gives the phone layout)
    await apiAs(alice, 'PUT', '/api/web/settings', { layout: 'auto' });
    await page.setViewportSize(PHONE.viewport);
    await openProfile(alice, bob);
    await expect(page.getByRole('button', { name: 'Unfollow' })).toBeEnabled();
    await expectHeaderButtonsInside(page, page.locator('body'));
    await shot(page, 'profile-following-375');
  });
});

test.describe('signing up', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the form tells a taken username, a bad e-mail and a short password before submitting', async ({
    browser,
    baseURL,
    bob,
  }) => {
    const context = await browser.newContext({ ...DESKTOP, baseURL });
    const page = await context.newPage();
    await page.goto('/auth/sign_up');
    const username = page.getByLabel('Username');
    await username.fill(bob.username.toUpperCase());
    const taken = page.getByText('This username is already taken. Try another.');
    await expect(taken).toBeVisible();
    const describedBy = (await username.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain(await taken.getAttribute('id'));
    await expect(username).toHaveAttribute('aria-invalid', 'true');

    await username.fill('not a name!');
    await expect(page.getByText('Use only letters, numbers and underscores.')).toBeVisible();
    await expect(taken).toHaveCount(0);

    await page.getByLabel('Email address').fill('ada@example');
    await expect(page.getByText('Enter an email address like name@example.com.')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await page.getByLabel('Confirm password').focus();
    await expect(page.getByText('The password is too short: use at least 8 characters.')).toBeVisible();
    await shot(page, 'sign-up-errors-1440-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'sign-up-errors-1440-dark');
    await page.setViewportSize(PHONE.viewport);
    await shot(page, 'sign-up-errors-375-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'sign-up-errors-375-light');

    // fixed, the messages go and the sign-up goes through
    await submitSignUpForm(page, newUser('fresh'));
    await expect(page).toHaveURL(/\/start$/);
    await context.close();
  });

  for (const [size, options, layout] of [
    ['1440', DESKTOP, 'single-column'],
    ['375', PHONE, 'mobile'],
  ] as const) {
    test(`a new account gets the simple single column (${size} px)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...options, baseURL });
      const page = await context.newPage();
      const user = newUser('simple');
      await page.goto('/auth/sign_up');
      await submitSignUpForm(page, user);
      await expect(page).toHaveURL(/\/start$/);
      await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
      await page.getByRole('button', { name: 'Done, take me to my feed' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator('[data-layout="multi-column"]')).toHaveCount(0);
      await shot(page, `new-account-home-${size}`);
      await context.close();
    });
  }
});
