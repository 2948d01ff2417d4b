import { expect, test } from './support/test';
import sharp from 'sharp';
import {
  box,
  createUser,
  makePals,
  messageBubble,
  openBox,
  openChatWith,
  screenshotBox,
  sendMessage,
  startDirectChat,
  type ChatUser,
} from './messages-support';

async function png(color: string) {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe('message box: media and search', () => {
  test.describe.configure({ timeout: 90_000 });
  let ann: ChatUser;
  let ben: ChatUser;

  test.beforeEach(async ({ browser, baseURL }) => {
    ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    await makePals(ann, ben);
    await openBox(ann);
    await openBox(ben);
    await startDirectChat(ann, ben);
    await sendMessage(ann, 'Look at this');
  });

  test.afterEach(async () => {
    await ann.context.close();
    await ben.context.close();
  });

  test('media is checked, uploaded, sent and shown on both sides', async () => {
    const input = box(ann).getByTestId('media-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(box(ann).getByRole('alert').filter({ hasText: 'Some files were not added.' })).toHaveText(
      'Some files were not added. Only images (JPEG, PNG, GIF, WebP) and videos (MP4, WebM) are allowed.',
    );
    const files = await Promise.all(
      ['#ff6a88', '#6a8bff', '#5fd39b', '#ffc857', '#b06aff'].map(async (color, i) => ({
        name: `pic${i}.png`,
        mimeType: 'image/png',
        buffer: await png(color),
      })),
    );
    // uploads held until the test lets them go: the send button reads 'Uploading...' and is disabled meanwhile
    let releaseUploads = () => {};
    const uploadsHeld = new Promise<void>((resolve) => (releaseUploads = resolve));
    // an encrypted chat uploads ciphertext to the e2ee media endpoint
    await ann.page.route('**/api/v1/{media,e2ee/media}', async (route) => {
      await uploadsHeld;
      await route.continue();
    });
    await input.setInputFiles(files);
    const tooMany = box(ann).getByRole('alert').filter({ hasText: 'You can select up to 4 files only.' });
    await expect(tooMany).toBeVisible();
    // notifications have a close button (closed at once: the box also removes them by itself after 3 s)
    await tooMany.getByRole('button', { name: 'Close' }).click();
    await expect(tooMany).toHaveCount(0);
    await expect(box(ann).getByTestId('send-button')).toHaveText('Uploading...');
    await expect(box(ann).getByTestId('send-button')).toBeDisabled();
    releaseUploads();
    await expect(box(ann).getByTestId('send-button')).not.toHaveText('Uploading...');
    await expect(box(ann).getByTestId('media-count')).toHaveText('4/4');
    await box(ann).getByRole('button', { name: 'Remove attachment' }).first().click();
    await box(ann).getByRole('button', { name: 'Remove attachment' }).first().click();
    await expect(box(ann).getByTestId('media-count')).toHaveText('2/4');
    await expect(box(ann).getByTestId('send-button')).toBeEnabled();
    // blank text with media is sent (as a single space)
    await box(ann).getByTestId('send-button').click();
    await expect(box(ann).getByTestId('media-preview')).toHaveCount(0);
    await expect(box(ann).getByTestId('message-image')).toHaveCount(2);
    await expect(box(ben).getByTestId('conversation-row').getByTestId('conversation-preview')).toHaveText(
      'Photo',
    );
    await openChatWith(ben, 'Ann Archer');
    await expect(box(ben).getByTestId('message-image')).toHaveCount(2);
    await expect(box(ben).getByTestId('message-image').first()).toHaveJSProperty('complete', true);
    await screenshotBox(ben, 'media');
  });

  test('search finds a message and opens it highlighted', async () => {
    await sendMessage(ann, 'The pineapple pizza debate continues');
    await sendMessage(ann, 'Something else entirely');
    const search = box(ben).getByPlaceholder('Search all messages...');
    await search.fill('p');
    await expect(box(ben).getByTestId('search-results')).toHaveCount(0);
    await search.fill('pineapple');
    const result = box(ben).getByTestId('search-result');
    await expect(result).toHaveCount(1);
    await expect(result).toContainText('The pineapple pizza debate continues');
    await screenshotBox(ben, 'search');
    await result.click();
    const found = messageBubble(ben, 'The pineapple pizza debate continues');
    await expect(found).toHaveClass(/is-highlighted/);
    await expect(found).not.toHaveClass(/is-highlighted/, { timeout: 4000 });
  });
});
