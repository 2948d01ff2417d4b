import type { Browser, Page } from '@playwright/test';
import { test as base } from './test';
import { createUser, type ChatUser } from '../messages-support';

import { expect } from '@playwright/test';

export { expect };

/** Helpers of the social specs: a tiny image, status lookup, screenshots, and the usual two users. */

/**
 * `test` with the usual two users as fixtures: Alice (author) and Bob (reader), each signed up afresh for
 * every test with a browser context of their own, closed after the test. A test that names only one of
 * them creates only that one. (Playwright's name for a fixture's second argument is `use`; it is `provide`
 * here, as react-hooks/rules-of-hooks takes any call of `use` for React's hook.)
 */
export const test = base.extend<{ alice: ChatUser; bob: ChatUser }>({
  alice: person('alice', 'Alice Author'),
  bob: person('bob', 'Bob Reader'),
});

/** A fixture signing up one person for the test and closing their browser context after it. */
function person(prefix: string, displayName: string) {
  return async (
    { browser, baseURL }: { browser: Browser; baseURL: string | undefined },
    provide: (user: ChatUser) => Promise<void>,
  ) => {
    const user = await createUser(browser, baseURL ?? '', prefix, displayName);
    await provide(user);
    await user.context.close();
  };
}

// a 2×2 PNG
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Saved under /tmp/shots for looking at the pages after a run. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}

/** Waits until the keyboard shortcuts listen (they load just after the first render). */
export async function shortcutsReady(page: Page): Promise<void> {
  await page.locator('html[data-shortcuts="ready"]').waitFor({ state: 'attached' });
}

/** The first status card on the page containing `text`. */
export function statusWith(page: Page, text: string) {
  return page.locator('article.status').filter({ hasText: text }).first();
}

/** The bearer token the page's initial state hands the signed-in client (media uploads require one). */
export async function bearerOf(user: ChatUser): Promise<string> {
  const html = await (await user.context.request.get('/home')).text();
  const token = /"accessToken":"([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no access token in the page of a signed-in user');
  return token;
}

/** Uploads a file as `user` (POST /api/v2/media) and answers the attachment's id. */
export async function uploadFile(
  user: ChatUser,
  description: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const response = await user.context.request.post('/api/v2/media', {
    headers: { Authorization: `Bearer ${await bearerOf(user)}` },
    multipart: { file, description },
  });
  if (!response.ok()) throw new Error(`upload → ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Uploads a PNG (the tiny one unless given) as `user` and answers the attachment's id. */
export function uploadPng(user: ChatUser, description: string, png: Buffer = PNG): Promise<string> {
  return uploadFile(user, description, { name: 'pic.png', mimeType: 'image/png', buffer: png });
}

/** Describes an attachment of the compose form through its "ALT" button and the alt-text editor. */
export async function describeAttachment(page: Page, name: string, description: string): Promise<void> {
  await page.getByRole('button', { name: `Edit description of ${name}` }).click();
  const editor = page.getByRole('dialog', { name: 'Describe the media' });
  await editor.getByLabel('Description for people who cannot see it').fill(description);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
}
