import sharp from 'sharp';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { statusWith, uploadFile } from './support/social';
import {
  apiAs,
  box,
  createUser,
  makePals,
  openBox,
  openBoxOn,
  openChatWith,
  palsTest,
  sendMessage,
  startDirectChat,
  type ChatUser,
} from './messages-support';

// the machine these run on may be busy: generous waits, the assertions are the same
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/**
 * Issue 30 item 4, in the message box and the status popups: popovers stay inside the box and Escape closes
 * only the innermost one, chat photos open the media viewer, a chat with photos opens at its newest message,
 * the blocked placeholder shows whole, a member removed from a group is told so, and the hashtag popup is a
 * menu by its link. Desktop (1440×900) and phone (375×812, touch) where it is visual.
 */

const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
} as const;
type Size = keyof typeof SIZES;

/** The same signed-in person in a new context of the given size (their session cookies carried over). */
async function sizedPage(browser: Browser, user: ChatUser, size: Size, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    ...SIZES[size],
    baseURL,
    storageState: await user.context.storageState(),
  });
  return context.newPage();
}

async function picture(color: string, width = 600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function sendPictures(user: ChatUser, conversationId: string, colors: string[], content = ' ') {
  const ids: string[] = [];
  for (const color of colors)
    ids.push(
      await uploadFile(user, `A ${color} square`, {
        name: 'pic.png',
        mimeType: 'image/png',
        buffer: await picture(color),
      }),
    );
  await apiAs(user, 'POST', '/api/v1/friend_messages', {
    conversation_id: conversationId,
    content,
    media_ids: ids,
  });
}

async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a, 'inner box').not.toBeNull();
  expect(b, 'outer box').not.toBeNull();
  if (!a || !b) return;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.y).toBeGreaterThanOrEqual(b.y - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height + 0.5);
}

async function openChatOn(page: Page, title: string): Promise<Locator> {
  const messageBox = await openBoxOn(page);
  await messageBox
    .getByTestId('conversation-row')
    .filter({ hasText: title })
    .getByRole('button')
    .first()
    .click();
  await expect(messageBox.getByTestId('chat-title')).toHaveText(title);
  return messageBox;
}

/** The open chat's id, once the server has made the conversation (a new chat has none until its first message is in). */
async function conversationIdOf(user: ChatUser): Promise<string> {
  const chat = box(user).getByTestId('chat-view');
  await expect(chat).toHaveAttribute('data-conversation-id', /\S/);
  return (await chat.getAttribute('data-conversation-id')) ?? '';
}

for (const size of ['desktop', 'phone'] as const) {
  palsTest(
    `popovers stay in the box and Escape closes the innermost first (${size})`,
    async ({ ann, ben, browser, baseURL }) => {
      await openBox(ann);
      await startDirectChat(ann, ben);
      await sendMessage(ann, 'Hi Ben');
      await openBox(ben);
      await openChatWith(ben, 'Ann Archer');
      await sendMessage(ben, 'Hello Ann, a short one');

      const page = await sizedPage(browser, ann, size, baseURL ?? '');
      const messageBox = await openChatOn(page, 'Ben Baker');
      const scroller = messageBox.locator('.mbox-messages__scroller');
      for (const text of ['Hello Ann, a short one', 'Hi Ben']) {
        const message = messageBox.getByTestId('message').filter({ hasText: text });
        await message.hover();
        await message.getByRole('button', { name: 'React' }).click();
        const picker = messageBox.getByTestId('reaction-picker');
        await expect(picker).toBeVisible();
        // every emoji, the last (😠) too, inside the box's message list
        await expectInside(picker, scroller);
        await expectInside(picker.getByRole('button').last(), scroller);
        await page.screenshot({
          path: `/tmp/shots-breakage/reaction-picker-${size}-${text.slice(0, 5)}.png`,
        });
        await page.keyboard.press('Escape');
        await expect(picker).toHaveCount(0);
        await expect(messageBox.getByTestId('chat-view')).toBeVisible();
      }
      // the last emoji can be picked
      const pal = messageBox.getByTestId('message').filter({ hasText: 'Hello Ann' });
      await pal.hover();
      await pal.getByRole('button', { name: 'React' }).click();
      await messageBox.getByRole('button', { name: 'React with 😠' }).click();
      await expect(pal.getByTestId('reaction')).toContainText('😠');

      // the emoji picker: Escape closes it, the chat stays; the next Escape goes back to the list
      await messageBox.getByRole('button', { name: 'Insert emoji' }).click();
      await expect(messageBox.getByTestId('emoji-picker')).toBeVisible();
      await expectInside(messageBox.getByTestId('emoji-picker'), messageBox);
      await messageBox.getByTestId('emoji-picker').getByRole('button', { name: '😀' }).click();
      await expect(messageBox.getByPlaceholder('Type a message...')).toHaveValue('😀');
      await page.keyboard.press('Escape');
      await expect(messageBox.getByTestId('emoji-picker')).toHaveCount(0);
      await expect(messageBox.getByTestId('chat-view')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(messageBox.getByTestId('chat-view')).toHaveCount(0);
      await expect(messageBox.getByTestId('conversation-list')).toBeVisible();
      await page.context().close();
    },
  );

  palsTest(`the blocked placeholder shows whole (${size})`, async ({ ann, ben, browser, baseURL }) => {
    await openBox(ann);
    await startDirectChat(ann, ben);
    await sendMessage(ann, 'About to block');
    await apiAs(
      ann,
      'POST',
      `/api/v1/friend_messages/conversations/${await conversationIdOf(ann)}/block_user`,
    );
    const page = await sizedPage(browser, ann, size, baseURL ?? '');
    const messageBox = await openChatOn(page, 'Ben Baker');
    const input = messageBox.getByPlaceholder('Cannot send messages (user blocked)');
    await expect(input).toBeDisabled();
    // the placeholder laid out as the field lays it out (its width, font and padding): no taller than the field
    const fits = await input.evaluate((field: HTMLTextAreaElement) => {
      const style = getComputedStyle(field);
      const probe = document.createElement('div');
      for (const property of ['font', 'padding', 'lineHeight', 'letterSpacing', 'boxSizing'] as const)
        probe.style[property] = style[property];
      probe.style.width = `${field.getBoundingClientRect().width}px`;
      probe.style.whiteSpace = 'pre-wrap';
      probe.style.overflowWrap = 'break-word';
      probe.textContent = field.placeholder;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().height;
      probe.remove();
      return { needed, height: field.getBoundingClientRect().height };
    });
    expect(fits.height).toBeGreaterThanOrEqual(fits.needed - 1);
    await messageBox.screenshot({ path: `/tmp/shots-breakage/blocked-placeholder-${size}.png` });
    await page.context().close();
  });
}

palsTest(
  'a photo in a chat opens the media viewer; a chat with photos opens at its newest message',
  async ({ ann, ben, browser, baseURL }) => {
    await openBox(ann);
    await startDirectChat(ann, ben);
    await sendMessage(ann, 'Holiday pictures coming');
    const conversationId = await conversationIdOf(ann);
    for (let index = 0; index < 5; index += 1) await sendPictures(ann, conversationId, ['#5fd39b']);
    // near the newest message, so that the list (which renders only what is near the screen) holds it
    await sendPictures(ann, conversationId, ['#ff6a88', '#6a8bff']);
    await apiAs(ann, 'POST', '/api/v1/friend_messages', {
      conversation_id: conversationId,
      content: 'The newest',
    });

    for (const size of ['desktop', 'phone'] as const) {
      const page = await sizedPage(browser, ben, size, baseURL ?? '');
      // pictures arrive slowly, as on a phone network: their place must be kept meanwhile
      await page.route('**/system/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      const messageBox = await openChatOn(page, 'Ann Archer');
      const images = messageBox.getByTestId('message-image');
      await expect(images.last()).toHaveJSProperty('complete', true);
      await expect(images.last()).not.toHaveJSProperty('naturalWidth', 0);
      const scroller = messageBox.locator('.mbox-messages__scroller');
      await expect
        .poll(() => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
        .toBeLessThanOrEqual(2);
      await expect(messageBox.getByTestId('message').filter({ hasText: 'The newest' })).toBeInViewport();
      await page.screenshot({ path: `/tmp/shots-breakage/chat-photos-${size}.png` });

      // the two-photo message: a click opens the viewer on it, → goes to the other one, Escape closes only it
      await messageBox
        .locator('.mbox-media--2 [data-testid="message-image"]')
        .first()
        .scrollIntoViewIfNeeded();
      await messageBox.locator('.mbox-media--2 [data-testid="message-image"]').first().click();
      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('img', { name: 'A #ff6a88 square' })).toBeVisible();
      await expect(viewer).toContainText('1 / 2');
      await page.screenshot({ path: `/tmp/shots-breakage/chat-viewer-${size}.png` });
      await page.keyboard.press('ArrowRight');
      await expect(viewer.getByRole('img', { name: 'A #6a8bff square' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await expect(messageBox.getByTestId('chat-view')).toBeVisible();
      await page.context().close();
    }
  },
);

test('a member removed from a group sees so, read-only, live and on reopening', async ({
  browser,
  baseURL,
}) => {
  const [ann, ben, cat] = [
    await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer'),
    await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker'),
    await createUser(browser, baseURL ?? '', 'cat', 'Cat Cooper'),
  ];
  try {
    await makePals(ann, ben, cat);
    const group = await apiAs<{ id: string }>(ann, 'POST', '/api/v1/friend_messages/conversations', {
      name: 'Book club',
      participant_ids: [ben.id, cat.id],
    });
    await apiAs(ann, 'POST', '/api/v1/friend_messages', {
      conversation_id: group.id,
      content: 'Chapter one?',
    });
    await openBox(cat);
    await openChatWith(cat, 'Book club');
    await expect(box(cat).getByPlaceholder('Type a message...')).toBeVisible();

    await apiAs(ann, 'POST', `/api/v1/friend_messages/conversations/${group.id}/remove_participants`, {
      participant_ids: [cat.id],
    });
    // live: the notice takes the composer's place, what was read stays
    const notice = box(cat).getByTestId('removed-notice');
    await expect(notice).toHaveText('You were removed from this group.');
    await expect(box(cat).getByPlaceholder('Type a message...')).toHaveCount(0);
    await expect(box(cat).getByTestId('message').filter({ hasText: 'Chapter one?' })).toBeVisible();
    await expect(box(cat).getByRole('button', { name: 'Chat settings' })).toHaveCount(0);
    await box(cat).screenshot({ path: '/tmp/shots-breakage/removed-member.png' });
    // the list no longer offers the group
    await box(cat).getByRole('button', { name: 'Back' }).click();
    await expect(box(cat).getByTestId('conversation-list')).toBeVisible();
    await expect(box(cat).getByTestId('conversation-row').filter({ hasText: 'Book club' })).toHaveCount(0);

    // Ben, still in it, goes on writing
    await openBox(ben);
    await openChatWith(ben, 'Book club');
    await sendMessage(ben, 'Yes, chapter one');
  } finally {
    for (const user of [ann, ben, cat]) await user.context.close();
  }
});

for (const size of ['desktop', 'phone'] as const) {
  test(`the hashtag popup is a menu by its link, inside the screen (${size})`, async ({
    browser,
    baseURL,
  }) => {
    const carol = await createUser(browser, baseURL ?? '', 'carol', 'Carol Tags');
    try {
      await apiAs(carol, 'POST', '/api/v1/statuses', { status: 'Reading on the porch #books' });
      const page = await sizedPage(browser, carol, size, baseURL ?? '');
      await page.goto('/home');
      const link = statusWith(page, 'Reading on the porch').getByRole('link', { name: '#books' });
      await link.click();
      const menu = page.getByTestId('hashtag-menu');
      await expect(menu.getByRole('menuitem')).toHaveCount(3);
      const linkBox = await link.boundingBox();
      const menuBox = await menu.boundingBox();
      const viewport = page.viewportSize();
      if (!linkBox || !menuBox || !viewport) throw new Error('not laid out');
      // a menu, not a strip across the page: by the link, below (or above) it, within the screen
      expect(menuBox.width).toBeLessThan(Math.min(420, viewport.width));
      expect(
        Math.abs(menuBox.y - (linkBox.y + linkBox.height)) < 12 ||
          Math.abs(menuBox.y + menuBox.height - linkBox.y) < 12,
      ).toBe(true);
      expect(menuBox.x).toBeGreaterThanOrEqual(0);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(viewport.width);
      expect(Math.abs(menuBox.x - linkBox.x)).toBeLessThan(viewport.width / 2);
      await page.screenshot({ path: `/tmp/shots-breakage/hashtag-menu-${size}.png` });
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await link.click();
      await expect(menu).toBeVisible();
      await page.mouse.click(5, viewport.height - 5);
      await expect(menu).toHaveCount(0);
      await page.context().close();
    } finally {
      await carol.context.close();
    }
  });
}
