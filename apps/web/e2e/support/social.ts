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

/** Waits until the keyboard shortcuts listen (they load just after the first render). */
export async function shortcutsReady(page: Page): Promise<void> {
  await page.locator('html[data-shortcuts="ready"]').waitFor({ state: 'attached' });
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

/** The bearer token the page's initial state hands the signed-in client (media uploads require one). */
async function bearerOf(user: ChatUser): Promise<string> {
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
