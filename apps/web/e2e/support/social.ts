import type { Browser, Page } from '@playwright/test';
import { createUser, type ChatUser } from '../messages-support';

/** Helpers of the social specs: a tiny image, status lookup, screenshots, and the usual two users. */

// a 2×2 PNG
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Saved under /tmp/shots for looking at the pages after a run. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}

/** The first status card on the page containing `text`. */
export function statusWith(page: Page, text: string) {
  return page.locator('article.status').filter({ hasText: text }).first();
}

/** Alice (author) and Bob (reader), each signed in with a browser context of their own. */
export async function aliceAndBob(browser: Browser, baseURL: string): Promise<[ChatUser, ChatUser]> {
  return [
    await createUser(browser, baseURL, 'alice', 'Alice Author'),
    await createUser(browser, baseURL, 'bob', 'Bob Reader'),
  ];
}
