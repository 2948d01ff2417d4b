import type { Browser, Page } from '@playwright/test';
import { apiAs, type ChatUser } from './messages-support';
import { expect, PNG, statusWith, test } from './support/social';

const SHOTS = '/tmp/shots-tools';

/** Whether this browser draws emoji in colour (else the client shows Twemoji images). */
function drawsColourEmoji(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const context = new OffscreenCanvas(32, 32).getContext('2d');
    if (!context) return true;
    context.font = '24px sans-serif';
    context.textBaseline = 'top';
    context.fillText('\u{1F600}', 0, 0);
    const data = context.getImageData(0, 0, 32, 32).data;
    for (let at = 0; at < data.length; at += 4) {
      const [r, g, b, a] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
      if (a > 64 && Math.max(r, g, b) - Math.min(r, g, b) > 48) return true;
    }
    return false;
  });
}

/** The user's session in a phone-sized or desktop-sized context, in a light or dark system theme. */
async function sessionOf(
  browser: Browser,
  user: ChatUser,
  size: 'phone' | 'desktop',
  colorScheme: 'light' | 'dark',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await user.context.storageState(),
    colorScheme,
    ...(size === 'phone'
      ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } }),
  });
  return context.newPage();
}

/** The compose panel of /home at 1440 px. */
async function desktopCompose(user: ChatUser) {
  const page = user.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  return { page, compose: page.getByRole('form', { name: 'New post' }) };
}

test.describe('composer tools: emoji, alt text, media viewer zoom', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the emoji picker searches and inserts; :shortcode: completes; emoji show as Twemoji without a colour font', async ({
    alice,
  }) => {
    const { page, compose } = await desktopCompose(alice);
    const field = compose.getByPlaceholder("What's on your mind?");
    await field.fill('Launch ');

    // the data loads only when the picker opens
    const emojiData: string[] = [];
    page.on('request', (request) => {
      if (/compact|iamcal/.test(request.url())) emojiData.push(request.url());
    });
    expect(emojiData).toEqual([]);
    await compose.getByRole('button', { name: 'Insert emoji' }).click();
    const picker = compose.getByRole('dialog', { name: 'Emoji picker' });
    await expect(picker.getByRole('tab', { name: 'Smileys & emotion' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(picker.getByRole('button', { name: 'grinning face', exact: true })).toBeVisible();
    await picker.getByRole('tab', { name: 'Animals & nature' }).click();
    await expect(picker.getByRole('button', { name: 'fox', exact: true })).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
    await expect(picker.getByRole('button', { name: 'rocket', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/picker-desktop.png` });
    await picker.getByRole('button', { name: 'rocket', exact: true }).click();
    await expect(picker).toHaveCount(0);
    await expect(field).toHaveValue('Launch 🚀');
    await expect(field).toBeFocused();

    // Escape closes the picker only, not what holds the form, and gives the focus back to its button
    const toggle = compose.getByRole('button', { name: 'Insert emoji' });
    await toggle.click();
    await expect(picker.getByRole('searchbox', { name: 'Search emoji' })).toBeFocused();
    // the emoji just picked heads the "Recently used" row (kept in this browser)
    const recent = picker.getByRole('group', { name: 'Recently used' });
    await expect(recent.getByRole('button').first()).toHaveAccessibleName('rocket');
    await page.screenshot({ path: `${SHOTS}/picker-recent-desktop.png` });
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(field).toHaveValue('Launch 🚀');
    // a press outside closes it too, as the chat's pickers
    await toggle.click();
    await expect(picker).toBeVisible();
    await field.click();
    await expect(picker).toHaveCount(0);

    // `:smil` offers 😄 first; Enter puts it in place of the shortcode
    await field.pressSequentially(' and :smil');
    const list = compose.getByRole('listbox');
    await expect(list.getByRole('option').first()).toContainText(':smile:');
    await page.screenshot({ path: `${SHOTS}/shortcode-desktop.png` });
    await field.press('Enter');
    await expect(field).toHaveValue('Launch 🚀 and 😄 ');
    await expect(list).toHaveCount(0);
    // a time is no shortcode
    await field.pressSequentially('at 12:30');
    await expect(list).toHaveCount(0);
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(compose.getByRole('status')).toHaveText('Your post was published.');

    // the post's emoji: images from our own /emoji/ where the system has no colour emoji font
    const card = statusWith(page, 'Launch');
    const images = card.locator('.status__content img.emoji');
    if (await drawsColourEmoji(page)) {
      await expect(images).toHaveCount(0);
    } else {
      await expect(images).toHaveCount(2);
      await expect(images.first()).toHaveAttribute('alt', '🚀');
      await expect(images.first()).toHaveAttribute('src', '/emoji/1f680.svg');
      await expect(images.first()).toHaveJSProperty('complete', true);
      expect(await images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
        0,
      );
      // sized to the text
      const box = await images.first().boundingBox();
      expect(box?.height).toBeGreaterThan(12);
      expect(box?.height).toBeLessThan(30);
    }
    await card.screenshot({ path: `${SHOTS}/twemoji-status.png` });
  });

  test('an image is described in the alt-text editor; posting one without asks first, unless turned off', async ({
    alice,
  }) => {
    const { page, compose } = await desktopCompose(alice);
    const files = compose.getByTestId('compose-file');
    await files.setInputFiles([
      { name: 'kite.png', mimeType: 'image/png', buffer: PNG },
      { name: 'lake.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await compose.getByPlaceholder("What's on your mind?").fill('Two pictures');

    // the editor shows the picture and counts down from the server's limit
    await compose.getByRole('button', { name: 'Edit description of kite.png' }).click();
    const editor = page.getByRole('dialog', { name: 'Describe the media' });
    await expect(editor.locator('.alt-text__preview img')).toHaveJSProperty('complete', true);
    const text = editor.getByLabel('Description for people who cannot see it');
    await expect(text).toBeFocused();
    await expect(editor).toContainText('1500 characters left');
    await text.fill('x'.repeat(1501));
    await expect(editor).toContainText('-1 characters left');
    await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
    await text.fill('A red kite');
    await page.screenshot({ path: `${SHOTS}/alt-editor-desktop.png` });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(compose.getByRole('button', { name: 'Edit description of kite.png' })).toHaveAttribute(
      'title',
      'A red kite',
    );

    // the second has none: Post asks; "Add description" opens its editor
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    const reminder = page.getByRole('alertdialog', { name: 'Post without a description?' });
    await expect(reminder).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/alt-reminder-desktop.png` });
    await reminder.getByRole('button', { name: 'Add description' }).click();
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    await reminder.getByRole('button', { name: 'Post anyway' }).click();
    await expect(compose.getByRole('status')).toHaveText('Your post was published.');
    const [posted] = await apiAs<{ media_attachments: { description: string | null }[] }[]>(
      alice,
      'GET',
      `/api/v1/accounts/${alice.id}/statuses?limit=1`,
    );
    expect(posted?.media_attachments.map((media) => media.description)).toEqual(['A red kite', null]);

    // turned off in the preferences: no question
    await page.goto('/settings/preferences');
    const setting = page.getByLabel('Before posting media without a description');
    await expect(setting).toBeChecked();
    await setting.uncheck();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await page.goto('/home');
    await files.setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: PNG });
    await compose.getByPlaceholder("What's on your mind?").fill('No question asked');
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(compose.getByRole('status')).toHaveText('Your post was published.');
    await expect(reminder).toHaveCount(0);
  });

  test('screens at 375 and 1440 px, light and dark', async ({ alice, browser }) => {
    // four sessions, each loading the client afresh
    test.setTimeout(360_000);
    await apiAs(alice, 'PATCH', '/api/v1/accounts/update_credentials', { display_name: 'Alice 🌻 Author' });
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'Sunflowers 🌻 and bees 🐝 #garden' });
    for (const size of ['phone', 'desktop'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await sessionOf(browser, alice, size, scheme);
        // more recently used emoji than two rows hold
        await page.addInitScript(
          (keys) => localStorage.setItem('palchat.recent-emoji', JSON.stringify(keys)),
          [...'🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆🦅🦉🦇🐺🐗🐴🦄🐝🐛🦋🐌🐞🐜🍏🍎🍐🍊🍋🍌🍉'],
        );
        await page.goto(size === 'phone' ? '/publish' : '/home');
        const compose = page.getByRole('form', { name: 'New post' });
        await compose
          .getByTestId('compose-file')
          .setInputFiles({ name: 'kite.png', mimeType: 'image/png', buffer: PNG });
        await compose.getByRole('button', { name: 'Insert emoji' }).click();
        await expect(compose.getByRole('button', { name: 'grinning face', exact: true })).toBeVisible();
        const recent = compose.getByRole('group', { name: 'Recently used' }).getByRole('button');
        await expect(recent.first()).toHaveAccessibleName('dog face');
        const rows = await recent.evaluateAll((buttons) =>
          buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
        );
        expect(new Set(rows).size, `rows of ${rows.length} recent emoji`).toBe(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          page.viewportSize()!.width,
        );
        await page.screenshot({ path: `${SHOTS}/picker-${size}-${scheme}.png` });
        await compose.getByRole('button', { name: 'Insert emoji' }).click();
        await compose.getByRole('button', { name: 'Edit description of kite.png' }).click();
        await expect(page.getByRole('dialog', { name: 'Describe the media' })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/alt-editor-${size}-${scheme}.png` });
        await page.keyboard.press('Escape');
        await page.goto(`/@${alice.username}`);
        await expect(statusWith(page, 'Sunflowers')).toBeVisible({ timeout: 20_000 });
        await page.screenshot({ path: `${SHOTS}/twemoji-${size}-${scheme}.png` });
        await page.context().close();
      }
    }
  });
});
