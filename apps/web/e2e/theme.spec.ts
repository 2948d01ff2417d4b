import fs from 'node:fs';
import { CURRENT_INTRODUCTION_VERSION, type ThemeSetting } from '@palchat/api';
import type { Page } from '@playwright/test';
import { apiAs, box, openBox, openChatWith, palsTest as test, type ChatUser } from './messages-support';
import { postAndChat } from './support/content';
import { expect } from './support/test';

const SHOTS = '/tmp/shots-theme';
fs.mkdirSync(SHOTS, { recursive: true });

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_PAGE = 'rgb(238, 241, 246)';
const DARK_PAGE = 'rgb(14, 16, 23)';

async function saveTheme(user: ChatUser, theme: ThemeSetting): Promise<void> {
  await apiAs(user, 'PUT', '/api/web/settings', { theme, introductionVersion: CURRENT_INTRODUCTION_VERSION });
}

test('the theme setting applies at once, is painted by the server, and "system" follows the system live', async ({
  ann,
}) => {
  test.setTimeout(120_000);
  await saveTheme(ann, 'system');
  const { page } = ann;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings/preferences');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  const theme = appearance.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'Follow the system' })).toBeChecked();
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);

  // following the system: the colours change with it, without a reload
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);

  // "Dark" applies at once, whatever the system says, and is saved to the account
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
  await expect(appearance.getByRole('status')).toHaveText('Saved.');

  // the server marks the page itself, so the first paint is already dark (no flash of the light theme)
  const html = await (await ann.context.request.get('/home')).text();
  expect(html).toMatch(/<html data-theme="dark"/);
  await page.reload();
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // high contrast: black on white in a light system, white on black in a dark one
  await theme.getByRole('radio', { name: 'High contrast' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
  await expect.poll(() => pageBackground(page)).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(page)).toBe('rgb(0, 0, 0)');
  await expect(appearance.getByRole('status')).toHaveText('Saved.');

  // back to the system: the mark goes, the system's dark applies
  await theme.getByRole('radio', { name: 'Follow the system' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
  await expect(appearance.getByRole('status')).toHaveText('Saved.');
  expect(await (await ann.context.request.get('/home')).text()).not.toContain('data-theme');
});

test('screenshots: home, a status, preferences (and the open box at 1440) in each theme at 1440 and 375 px', async ({
  ann,
  ben,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const postId = await postAndChat(ann, ben, {
    post: 'Trying the #themes: light, dark and high contrast',
    reply: 'The dark one is lovely',
    chat: ['Which theme do you use?', 'Dark, always.'],
  });

  const phone = await browser.newContext({
    baseURL,
    storageState: await ann.context.storageState(),
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const sizes: [string, ChatUser][] = [
    ['1440', ann],
    ['375', { ...ann, context: phone, page: await phone.newPage() }],
  ];
  await ann.page.setViewportSize({ width: 1440, height: 900 });
  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    await saveTheme(ann, theme);
    for (const [size, user] of sizes) {
      const { page } = user;
      const name = `${theme}-${size}`;
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByText('Trying the').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-home.png` });
      await page.goto(`/@${ann.username}/${postId}`);
      await expect(page.getByText('The dark one is lovely').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-status.png` });
      await page.goto('/settings/preferences');
      await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-preferences.png`, fullPage: true });
      // the phone's box is a view of its own, covered by the layout specs
      if (size === '375') continue;
      await openBox(user);
      await openChatWith(user, 'Ben Baker');
      await expect(box(user).getByText('Dark, always.')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-box.png` });
    }
  }
  await phone.close();
});
