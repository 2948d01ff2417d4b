import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { initialStateOf } from './support/users';

/**
 * Helpers of the message-box specs: users are created through the API (sign-up with the CSRF token of the page,
 * as the browser would), made pals (mutual follows), and each gets a browser context of its own.
 */
export interface ChatUser {
  username: string;
  id: string;
  context: BrowserContext;
  page: Page;
}

export const PASSWORD = 'correct-horse-battery-9';
let counter = 0;

export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 28);
}

const csrfTokens = new WeakMap<BrowserContext, string>();

/** The CSRF token of this context's session, as its page carries it (read once: it lasts as long as the session). */
export async function csrfOf(context: BrowserContext): Promise<string> {
  let token = csrfTokens.get(context);
  if (token === undefined) {
    token = (await initialStateOf(context.request)).csrfToken;
    csrfTokens.set(context, token);
  }
  return token;
}

/** Calls the API as this user (cookie session + CSRF header); fails the test on an error answer. */
export async function apiAs<T>(
  user: Pick<ChatUser, 'context'>,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await user.context.request.fetch(path, {
    method,
    headers: { 'X-CSRF-Token': await csrfOf(user.context), Accept: 'application/json' },
    data: data === undefined ? undefined : data,
  });
  const body = await response.text();
  expect(response.ok(), `${method} ${path} → ${response.status()} ${body}`).toBe(true);
  return (body ? JSON.parse(body) : undefined) as T;
}

export async function createUser(
  browser: Browser,
  baseURL: string,
  prefix: string,
  displayName?: string,
): Promise<ChatUser> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const username = uniqueName(prefix);
  const signedOut = await initialStateOf(context.request);
  const signUp = await context.request.post('/auth/sign_up', {
    headers: { 'X-CSRF-Token': signedOut.csrfToken },
    data: {
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreement: true,
    },
  });
  expect(signUp.ok(), `sign-up ${username}: ${signUp.status()} ${await signUp.text()}`).toBe(true);
  const me = await apiAs<{ id: string }>({ context }, 'GET', '/api/v1/accounts/verify_credentials');
  if (displayName) {
    const form = { display_name: displayName };
    await context.request.fetch('/api/v1/accounts/update_credentials', {
      method: 'PATCH',
      headers: { 'X-CSRF-Token': await csrfOf(context) },
      data: form,
    });
  }
  const page = await context.newPage();
  return { username, id: me.id, context, page };
}

/** Makes every pair of these users follow one another (the mutual_follow rule of groups and the picker). */
export async function makePals(...users: ChatUser[]): Promise<void> {
  for (const a of users) {
    for (const b of users) {
      if (a !== b) await apiAs(a, 'POST', `/api/v1/accounts/${b.id}/follow`);
    }
  }
}

/** Opens a page where the signed-in layout (and so the message box) is shown, and expands the box. */
export async function openBox(user: ChatUser, path = '/home'): Promise<void> {
  await openBoxOn(user.page, path);
}

/**
 * Opens `path` and the message box on it: through the Messages tab on a phone (where the minimised box gives way
 * to the tab bar), else with the box's expand button.
 */
export async function openBoxOn(page: Page, path = '/home'): Promise<Locator> {
  await page.goto(path);
  const box = page.getByTestId('message-box');
  await expect(box).toBeAttached({ timeout: 30_000 });
  const tabs = page.getByRole('navigation', { name: 'Main sections' });
  if (await tabs.isVisible()) {
    await tabs.getByRole('button', { name: 'Messages' }).click();
  } else if ((await box.getAttribute('class'))?.includes('mbox--collapsed')) {
    await box.getByRole('button', { name: 'Expand messages' }).click();
  }
  await expect(box.getByTestId('conversation-list')).toBeVisible();
  return box;
}

export function box(user: ChatUser) {
  return user.page.getByTestId('message-box');
}

export async function openChatWith(user: ChatUser, title: string): Promise<void> {
  await box(user)
    .getByTestId('conversation-row')
    .filter({ hasText: title })
    .getByRole('button')
    .first()
    .click();
  await expect(box(user).getByTestId('chat-title')).toHaveText(title);
}

export async function startDirectChat(user: ChatUser, other: ChatUser): Promise<void> {
  await box(user).getByRole('button', { name: 'New message' }).first().click();
  await box(user).getByPlaceholder('Search people').fill(other.username);
  await box(user).getByTestId('person').filter({ hasText: other.username }).click();
  await expect(box(user).getByTestId('chat-view')).toBeVisible();
}

export async function sendMessage(user: ChatUser, text: string): Promise<void> {
  const input = box(user).getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  await expect(box(user).getByTestId('message').filter({ hasText: text }).last()).toBeVisible();
}

export function messageBubble(user: ChatUser, text: string) {
  return box(user).getByTestId('message').filter({ hasText: text }).last();
}

export async function screenshotBox(user: ChatUser, name: string): Promise<void> {
  await box(user).screenshot({ path: `/tmp/shots/box-${name}.png` });
}

/** An item of a menu opened in the box: menus render on <body>, above the box, as the post menus do. */
export function menuItem(user: ChatUser, name: string) {
  return user.page.getByRole('menuitem', { name });
}

/** A test with Ann Archer and Ben Baker, pals, each in a browser context of their own (closed after it). */
export const palsTest = test.extend<{ ann: ChatUser; ben: ChatUser }>({
  ann: async ({ browser, baseURL }, provide) => {
    const ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    await provide(ann);
    await ann.context.close();
  },
  ben: async ({ browser, baseURL, ann }, provide) => {
    const ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    await makePals(ann, ben);
    await provide(ben);
    await ben.context.close();
  },
});
