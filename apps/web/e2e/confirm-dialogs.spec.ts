import type { Page } from '@playwright/test';
import { apiAs, type ChatUser } from './messages-support';
import { expect, test } from './support/social';

const SHOTS = '/tmp/shots-confirm';

/** Counts the browser's own dialogs: none may open, the app asks in its modal. */
function countNativeDialogs(page: Page): () => number {
  let count = 0;
  page.on('dialog', (dialog) => {
    count += 1;
    void dialog.dismiss();
  });
  return () => count;
}

async function relationshipWith(user: ChatUser, other: ChatUser) {
  const [relationship] = await apiAs<{ following: boolean; followed_by: boolean; blocking: boolean }[]>(
    user,
    'GET',
    `/api/v1/accounts/relationships?id[]=${other.id}`,
  );
  return relationship;
}

test.describe('destructive actions ask first, in the app’s modal', () => {
  test.describe.configure({ timeout: 120_000 });

  test('deleting a post asks in an alertdialog; Cancel keeps it', async ({ alice }) => {
    const page = alice.page;
    const nativeDialogs = countNativeDialogs(page);
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', { status: 'Keep or toss' });
    await page.goto(`/@${alice.username}/${post.id}`);
    const card = page.locator('.thread__focus article.status');
    const asked = page.getByRole('alertdialog', { name: 'Delete post?' });
    const openDelete = async () => {
      await card.getByRole('button', { name: 'More', exact: true }).click();
      await page
        .getByRole('menu', { name: 'More' })
        .getByRole('menuitem', { name: 'Delete', exact: true })
        .click();
    };

    await openDelete();
    await expect(asked).toContainText('Are you sure you want to delete this post?');
    await expect(asked.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(asked).toHaveCount(0);
    await openDelete();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);
    expect((await alice.context.request.get(`/api/v1/statuses/${post.id}`)).status()).toBe(200);

    await openDelete();
    await asked.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(asked).toHaveCount(0);
    await expect
      .poll(async () => (await alice.context.request.get(`/api/v1/statuses/${post.id}`)).status())
      .toBe(404);
    expect(nativeDialogs()).toBe(0);
  });

  test('blocking from a profile asks first and says follows end; Cancel changes nothing', async ({
    alice,
    bob,
  }) => {
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/follow`);
    const page = alice.page;
    const nativeDialogs = countNativeDialogs(page);
    await page.goto(`/@${bob.username}`);
    const name = `@${bob.username}`;
    const asked = page.getByRole('alertdialog', { name: `Block ${name}?` });
    const openBlock = async () => {
      await page.getByRole('button', { name: `More options for ${name}` }).click();
      await page.getByRole('menuitem', { name: `Block ${name}` }).click();
    };

    await openBlock();
    await expect(asked).toContainText('They will not be able to follow you or see your posts');
    await expect(asked).toContainText('Any follows between you end, both ways');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);
    expect(await relationshipWith(alice, bob)).toMatchObject({
      following: true,
      followed_by: true,
      blocking: false,
    });

    await openBlock();
    await asked.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByRole('button', { name: `Unblock ${name}` })).toBeVisible();
    expect(await relationshipWith(alice, bob)).toMatchObject({
      following: false,
      followed_by: false,
      blocking: true,
    });
    expect(nativeDialogs()).toBe(0);
  });

  test('the confirmation fits phones and desktops in both themes', async ({ alice, browser }) => {
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', { status: 'Look at me' });
    const storageState = await alice.context.storageState();
    const sizes = [
      { label: '375', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      { label: '1440', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
    ];
    for (const size of sizes)
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          baseURL: test.info().project.use.baseURL,
          storageState,
          viewport: size.viewport,
          isMobile: size.isMobile,
          hasTouch: size.hasTouch,
          colorScheme,
        });
        const page = await context.newPage();
        await page.goto(`/@${alice.username}/${post.id}`);
        await page
          .locator('.thread__focus article.status')
          .getByRole('button', { name: 'More', exact: true })
          .click();
        await page.getByRole('menuitem', { name: 'Delete & re-draft' }).click();
        const asked = page.getByRole('alertdialog', { name: 'Delete and re-draft?' });
        await expect(asked).toBeVisible();
        // inside the viewport, both answers in reach (the page's own sideways overflow is the phone layout's work)
        const width = await page.evaluate(() => window.innerWidth);
        for (const part of [asked, ...(await asked.getByRole('button').all())]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await page.screenshot({ path: `${SHOTS}/redraft-confirm-${size.label}-${colorScheme}.png` });
        await context.close();
      }
  });
});
