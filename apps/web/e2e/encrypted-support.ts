import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './support/test';
import { apiAs, box, openBox, PASSWORD, type ChatUser } from './messages-support';
import { initialStateOf } from './support/users';

/**
 * Helpers of the encrypted-chat specs: a browser becomes a device when its box is expanded (it registers and
 * uploads key packages), so a chat started after `openEncryptedBox` on both sides is end-to-end encrypted.
 */
interface Device {
  id: string;
  key_packages_available: number;
}

/** Opens the box and waits until this browser is a device with key packages on the server. */
export async function openEncryptedBox(user: ChatUser, devices = 1): Promise<void> {
  await openBox(user);
  await expect
    .poll(
      async () => {
        const list = await apiAs<Device[]>(user, 'GET', '/api/v1/e2ee/devices');
        return list.filter((d) => d.key_packages_available >= 5).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(devices);
}

export function lockIn(user: ChatUser, scope: 'header' | 'row') {
  const area =
    scope === 'header'
      ? box(user).locator('.mbox-chat__identity')
      : box(user).getByTestId('conversation-row');
  return area.getByRole('img', { name: 'End-to-end encrypted' }).first();
}

export async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Attaches a picture in the composer and waits until it is encrypted and uploaded. */
export async function attachPicture(user: ChatUser, color: string): Promise<void> {
  await box(user)
    .getByTestId('media-input')
    .setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: await png(color) });
  await expect(box(user).getByTestId('media-count')).toHaveText('1/4');
  await expect(box(user).getByTestId('send-button')).not.toHaveText('Uploading...');
}

/** The decrypted picture of a message: a blob: URL that has loaded. */
export function pictureIn(bubble: ReturnType<typeof box>) {
  return bubble.locator('img[src^="blob:"]').first();
}

export async function pictureLoaded(bubble: ReturnType<typeof box>): Promise<void> {
  await expect
    .poll(() => pictureIn(bubble).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** The same person in a new browser (a second device): signed in with their password, the box opened. */
export async function secondBrowser(browser: Browser, baseURL: string, user: ChatUser): Promise<ChatUser> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const signedOut = await initialStateOf(context.request);
  const signIn = await context.request.post('/auth/sign_in', {
    headers: { 'X-CSRF-Token': signedOut.csrfToken },
    data: { login: user.username, password: PASSWORD },
  });
  expect(signIn.ok(), `sign-in ${user.username}: ${signIn.status()}`).toBe(true);
  return { ...user, context, page: await context.newPage() };
}
