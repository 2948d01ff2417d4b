import type { Page } from '@playwright/test';
import { apiAs } from './messages-support';
import { describeAttachment, expect, test, PNG, shot, statusWith } from './support/social';

function profileHeader(page: Page) {
  return page.locator('.account-header');
}

test.describe('social: people', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two users follow each other from the profile buttons', async ({ alice, bob }) => {
    await alice.page.goto(`/@${bob.username}`);
    const follow = alice.page.getByRole('button', { name: 'Follow', exact: true });
    await follow.click();
    await expect(alice.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(alice.page.getByText('Follows you')).toHaveCount(0);

    // Bob sees that Alice follows him, and follows back
    await bob.page.goto(`/@${alice.username}`);
    await expect(bob.page.getByText('Follows you')).toBeVisible();
    await bob.page.getByRole('button', { name: 'Follow back' }).click();
    await expect(bob.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await shot(bob.page, 'people-followed-back');

    // the server agrees, both ways, and Alice's view of Bob now carries the badge
    const relationships = await apiAs<{ following: boolean; followed_by: boolean }[]>(
      alice,
      'GET',
      `/api/v1/accounts/relationships?id[]=${bob.id}`,
    );
    expect(relationships[0]).toMatchObject({ following: true, followed_by: true });
    await alice.page.reload();
    await expect(alice.page.getByText('Follows you')).toBeVisible();
    await expect(alice.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

    // and unfollowing, once confirmed (the "ask before unfollowing" preference is on by default), turns the
    // button back
    await alice.page.getByRole('button', { name: 'Unfollow' }).click();
    const asked = alice.page.getByRole('alertdialog', { name: 'Unfollow this account?' });
    await expect(asked).toContainText('Their posts will no longer appear in your home feed.');
    await asked.getByRole('button', { name: 'Unfollow' }).click();
    await expect(alice.page.getByRole('button', { name: 'Follow back' })).toBeVisible();
  });

  test('a hover card opens the profile of the author', async ({ alice, bob }) => {
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: 'Hello from Bob' });
    const page = alice.page;
    await page.goto('/home');
    const post = statusWith(page, 'Hello from Bob');
    const card = page.getByTestId('hover-card');
    // hovered again if the timeline re-rendered the row under the pointer while it loaded (a busy machine)
    await expect(async () => {
      await post.locator('.status__author').hover();
      await expect(card).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 15_000 });
    await expect(card).toContainText('Bob Reader');
    await expect(card.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await card.locator('.hover-card__author').click();
    await expect(page).toHaveURL(new RegExp(`/@${bob.username}$`));
    await expect(profileHeader(page)).toContainText('Bob Reader');
    await expect(statusWith(page, 'Hello from Bob')).toBeVisible();
  });

  test('g-sequences go to the pages of SPEC §9, but not while typing', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
    const sequences: [string, RegExp][] = [
      ['n', /\/notifications$/],
      ['l', /\/public\/local$/],
      ['f', /\/favourites$/],
      ['d', /\/conversations$/],
      ['u', new RegExp(`/@${alice.username}$`)],
      // at this width the layout is multi-column, where /home is the deck's start page
      ['h', /\/(home|deck\/getting-started)$/],
    ];
    for (const [key, url] of sequences) {
      // the shortcuts load just after the first render: the first sequence may come before them
      await expect(async () => {
        await page.locator('body').click({ position: { x: 5, y: 700 } });
        await page.keyboard.press('g');
        await page.keyboard.press(key);
        await expect(page).toHaveURL(url, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
    }
    // typed into the compose field, "g n" is text
    const field = page.getByRole('form', { name: 'New post' }).getByPlaceholder("What's on your mind?");
    await field.click();
    await page.keyboard.type('gn');
    await expect(field).toHaveValue('gn');
    await page.waitForTimeout(300);
    await expect(page).not.toHaveURL(/\/notifications$/);
  });

  test('an image dropped on the page is attached to the post; a file of another type is refused, and said so', async ({
    alice,
  }) => {
    const page = alice.page;
    await page.goto('/home');
    const compose = page.getByRole('form', { name: 'New post' });
    await expect(compose).toBeVisible();
    const target = page.locator('main').first();

    const files = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
        transfer.items.add(new File(['just notes'], 'notes.txt', { type: 'text/plain' }));
        return transfer;
      },
      [...PNG],
    );
    const overlay = page.getByTestId('upload-overlay');
    // the overlay's listeners load just after the first render: drag in until they answer
    await expect(async () => {
      await target.dispatchEvent('dragenter', { dataTransfer: files });
      await expect(overlay).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(overlay).toContainText('Drag & drop to upload');
    await shot(page, 'people-drop-overlay');
    // leaving the window hides it; dragged text is no upload
    await expect(async () => {
      await target.dispatchEvent('dragleave', { dataTransfer: files });
      await expect(overlay).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 5000 });
    const text = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', 'just words');
      return transfer;
    });
    await target.dispatchEvent('dragenter', { dataTransfer: text });
    await expect(overlay).toHaveCount(0);

    await target.dispatchEvent('dragenter', { dataTransfer: files });
    await expect(overlay).toBeVisible();
    await target.dispatchEvent('dragover', { dataTransfer: files });
    await target.dispatchEvent('drop', { dataTransfer: files });
    await expect(overlay).toHaveCount(0);

    // the compose form shows the preview, and why the text file was left out; the post carries the image
    await expect(compose.locator('.compose-media img')).toHaveCount(1);
    await expect(compose).toContainText('Some files were not added: this server does not accept their type.');
    await describeAttachment(page, 'dropped.png', 'Two by two pixels');
    await compose.getByPlaceholder("What's on your mind?").fill('Dropped in');
    await shot(page, 'people-drop-attached');
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(compose.getByRole('status')).toHaveText('Your post was published.');
    const posted = statusWith(page, 'Dropped in');
    await expect(posted.locator('.media-gallery img')).toHaveAttribute('alt', 'Two by two pixels');
    await expect(compose.locator('.compose-media img')).toHaveCount(0);
    await expect(compose).not.toContainText('Some files were not added');
  });
});
