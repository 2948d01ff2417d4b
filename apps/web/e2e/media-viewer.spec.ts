import { deflateSync, crc32 } from 'node:zlib';
import { apiAs, createUser } from './messages-support';
import { expect, test, shortcutsReady, shot, statusWith, uploadFile, uploadPng } from './support/social';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width`×`height` with a diagonal gradient between two colours: a picture worth looking at. */
function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const mix = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c += 1) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * mix);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PICTURES: [string, Buffer][] = [
  ['A sunset over the sea, orange fading into purple', gradientPng(800, 500, [255, 140, 60], [90, 40, 140])],
  ['A pine forest under a pale sky', gradientPng(480, 640, [200, 230, 255], [20, 90, 50])],
  ['A field of lavender', gradientPng(600, 600, [150, 120, 220], [60, 40, 110])],
  ['Snow on the mountains', gradientPng(900, 400, [240, 245, 255], [110, 130, 170])],
];

test.describe('media viewer, gallery and polls', () => {
  test.describe.configure({ timeout: 120_000 });

  test('B opens A’s pictures in the viewer, goes through them with the keys and reopens them with `e`', async ({
    alice,
    bob,
  }) => {
    // one post per gallery layout: 1, 2, 3 and 4 pictures (an attachment belongs to one post)
    const posts: { id: string }[] = [];
    for (const count of [1, 2, 3, 4]) {
      const ids: string[] = [];
      for (const [description, png] of PICTURES.slice(0, count))
        ids.push(await uploadPng(alice, description, png));
      posts.push(
        await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
          status: `Holiday pictures, ${count} of them`,
          media_ids: ids,
        }),
      );
    }
    const page = bob.page;

    for (const [index, post] of posts.entries()) {
      await page.goto(`/@${alice.username}/${post.id}`);
      const card = page.locator('.thread__focus article.status');
      await expect(card.locator('.media-gallery__item img')).toHaveCount(index + 1);
      await expect(card.locator('.media-gallery__item img').last()).toHaveJSProperty('complete', true);
      await card.screenshot({ path: `/tmp/shots/media-gallery-${index + 1}.png` });
    }

    // the two-picture post: a click on the first tile opens the viewer at the original picture
    await page.goto(`/@${alice.username}/${posts[1]?.id}`);
    await shortcutsReady(page);
    const card = page.locator('.thread__focus article.status');
    const firstTile = card.getByRole('link', { name: PICTURES[0]![0] });
    await firstTile.click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer).toContainText('1 / 2');
    await expect(viewer.getByRole('img', { name: PICTURES[0]![0] })).toHaveAttribute('src', /\/system\//);
    await expect(viewer.getByRole('link', { name: 'Open original' })).toHaveAttribute('target', '_blank');
    await shot(page, 'media-viewer');

    // → goes to the second picture, whose description shows under it
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('2 / 2');
    await expect(viewer.locator('.media-viewer__description')).toHaveText(PICTURES[1]![0]);
    await expect(viewer.getByRole('img', { name: PICTURES[1]![0] })).toBeVisible();
    await shot(page, 'media-viewer-next');

    // Escape closes it and gives focus back to the tile
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(firstTile).toBeFocused();

    // `e` on the focused status opens its media
    await card.focus();
    await page.keyboard.press('e');
    await expect(viewer).toBeVisible();
    await expect(viewer).toContainText('1 / 2');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);

    // the ALT badge shows a tile's description in place
    await card.getByRole('button', { name: 'ALT' }).nth(1).click();
    await expect(card.locator('.media-gallery__alt-text')).toHaveText(PICTURES[1]![0]);
    await card.screenshot({ path: '/tmp/shots/media-gallery-alt.png' });

    // a ctrl-click keeps the link to the original (a new tab), not the viewer
    const [original] = await Promise.all([
      bob.context.waitForEvent('page'),
      firstTile.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    expect(original.url()).toContain('/system/');
    await original.close();
    await expect(viewer).toHaveCount(0);

    // on a phone: the four-picture grid, and the viewer opened at the third tile
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`/@${alice.username}/${posts[3]?.id}`);
    await page.locator('article.status').getByRole('link', { name: PICTURES[2]![0] }).click();
    await expect(viewer).toContainText('3 / 4');
    await expect(viewer.getByRole('img', { name: PICTURES[2]![0] })).toBeVisible();
    await shot(page, 'media-viewer-phone');
  });

  test('the viewer zooms and pans a picture with the mouse, the wheel and touch, and links to the post', async ({
    alice,
    bob,
  }) => {
    const [description, png] = PICTURES[0]!;
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'A zoomable sunset',
      media_ids: [await uploadPng(alice, description, png)],
    });
    const page = bob.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/@${alice.username}`);
    await statusWith(page, 'A zoomable sunset').getByRole('link', { name: description }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    const image = viewer.getByRole('img', { name: description });
    await expect(image).toHaveJSProperty('complete', true);
    const fitted = (await image.boundingBox())!;

    // a double click zooms in twice as large about the pointer, a drag pans, the button zooms back out
    await image.dblclick();
    await expect(image).toHaveAttribute('data-scale', '2.00');
    await expect(viewer.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(fitted.width * 1.9);
    const before = (await image.boundingBox())!;
    await page.mouse.move(720, 450);
    await page.mouse.down();
    await page.mouse.move(620, 400, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await image.boundingBox())!.x).toBeLessThan(before.x - 50);
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('.media-viewer__description')).toHaveText(description);
    await page.screenshot({ path: '/tmp/shots/media-viewer-zoomed.png' });
    await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(image).toHaveAttribute('data-scale', '1.00');

    // the wheel zooms too
    await image.hover();
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await image.getAttribute('data-scale'))).toBeGreaterThan(1.5);

    // download and the post it belongs to
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('download', '');
    await viewer.getByRole('link', { name: 'View post' }).click();
    await expect(viewer).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/@${alice.username}/${post.id}$`));

    // on a phone: a double tap zooms, a second one fits the picture again
    const phone = await bob.context.browser()!.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await bob.context.storageState(),
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const touch = await phone.newPage();
    await touch.goto(`/@${alice.username}/${post.id}`);
    await touch.locator('.thread__focus article.status').getByRole('link', { name: description }).tap();
    const phoneImage = touch
      .getByRole('dialog', { name: 'Media viewer' })
      .getByRole('img', { name: description });
    await expect(phoneImage).toHaveJSProperty('complete', true);
    const centre = (await phoneImage.boundingBox())!;
    const [x, y] = [centre.x + centre.width / 2, centre.y + centre.height / 2];
    await touch.touchscreen.tap(x, y);
    await touch.touchscreen.tap(x, y);
    await expect(phoneImage).toHaveAttribute('data-scale', '2.00');
    await touch.screenshot({ path: '/tmp/shots/media-viewer-phone-zoomed.png' });
    await touch.waitForTimeout(350);
    await touch.touchscreen.tap(x, y);
    await touch.touchscreen.tap(x, y);
    await expect(phoneImage).toHaveAttribute('data-scale', '1.00');
    await phone.close();
  });

  test('a video previews muted in its tile, plays in the viewer and pops out into the player', async ({
    alice,
    bob,
  }) => {
    // a short colourful WebM recorded by the browser itself
    await alice.page.goto('/home');
    const webm = await alice.page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext('2d');
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      for (let frame = 0; frame < 40; frame += 1) {
        if (context) context.fillStyle = `hsl(${frame * 9}, 70%, 55%)`;
        context?.fillRect(0, 0, 320, 180);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    });
    const videoId = await uploadFile(alice, 'Colours cycling', {
      name: 'colours.webm',
      mimeType: 'video/webm',
      buffer: Buffer.from(webm, 'latin1'),
    });
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'A little animation',
      media_ids: [videoId],
    });

    const page = bob.page;
    await page.goto(`/@${alice.username}/${post.id}`);
    const card = page.locator('.thread__focus article.status');
    const tile = card.getByRole('link', { name: 'Play video' });
    const preview = tile.locator('video');
    await expect(preview).toHaveJSProperty('muted', true);
    await tile.hover();
    await expect(preview).toHaveJSProperty('paused', false);
    await card.screenshot({ path: '/tmp/shots/media-gallery-video.png' });

    await tile.click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    const playing = viewer.locator('video[controls]');
    await expect(playing).toHaveJSProperty('paused', false);
    await expect(viewer).toContainText('Colours cycling');
    await viewer.getByRole('button', { name: 'Pop out' }).click();
    await expect(viewer).toHaveCount(0);
    const player = page.getByTestId('pip-player');
    await expect(player).toBeVisible();
    await expect(player.locator('video')).toHaveAttribute('src', /\/system\//);
    await shot(page, 'media-pip');
  });

  test('B sees when A’s poll closes, peeks at the results, votes and refreshes the counts', async ({
    alice,
    bob,
    browser,
    baseURL,
  }) => {
    const post = await apiAs<{ id: string; poll: { id: string } }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Which drink keeps you going?',
      poll: { options: ['Tea', 'Coffee', 'Water'], expires_in: 3 * 3600 + 60 },
    });
    const page = bob.page;
    await page.goto(`/@${alice.username}/${post.id}`);
    const poll = page.locator('.thread__focus article.status .poll');
    await expect(poll).toContainText('0 people · Closes in 3 hours · Refresh · Show results');
    await expect(poll.getByRole('radio')).toHaveCount(3);
    await shot(page, 'poll-open');

    await poll.getByRole('button', { name: 'Show results' }).click();
    await expect(poll.getByRole('radio')).toHaveCount(0);
    await expect(poll.locator('.poll__result')).toHaveCount(3);
    await poll.getByRole('button', { name: 'Hide results' }).click();

    await poll.getByRole('radio', { name: 'Coffee' }).check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    const coffee = poll.locator('.poll__result').filter({ hasText: 'Coffee' });
    await expect(coffee).toContainText('100%');
    await expect(coffee).toContainText('You voted for this answer');
    await expect(coffee).toHaveClass(/poll__result--leading/);
    await expect(poll).toContainText('1 person');

    // someone else votes: Refresh brings the new counts
    const carol = await createUser(browser, baseURL ?? '', 'carol');
    await apiAs(carol, 'POST', `/api/v1/polls/${post.poll.id}/votes`, { choices: [0] });
    await poll.getByRole('button', { name: 'Refresh' }).click();
    await expect(poll).toContainText('2 people');
    await expect(coffee).toContainText('50%');
    await page.screenshot({ path: '/tmp/shots/poll-voted.png', animations: 'disabled' });
    await carol.context.close();
  });
});
