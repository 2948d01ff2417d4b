import { expect, test, type Page } from '@playwright/test';
import { apiAs, createUser, type ChatUser } from './messages-support';

// below 1175 px the compose panel is hidden (SPEC §2 "Layout"): replies and edits open the compose modal
const NARROW = { width: 1000, height: 800 };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/compose-${name}.png` });
}

test.describe('social compose: modal, edits, private mentions, translation', () => {
  test.describe.configure({ timeout: 120_000 });
  let alice: ChatUser;
  let bob: ChatUser;

  test.beforeEach(async ({ browser, baseURL }) => {
    alice = await createUser(browser, baseURL ?? '', 'alice', 'Alice Author');
    bob = await createUser(browser, baseURL ?? '', 'bob', 'Bob Reader');
    await alice.page.setViewportSize(NARROW);
    await bob.page.setViewportSize(NARROW);
  });

  test.afterEach(async () => {
    await alice.context.close();
    await bob.context.close();
  });

  test('reply in the compose modal; discard asks first; n and alt+n open it', async () => {
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Who wants tea?',
    });
    const page = bob.page;
    await page.goto(`/@${alice.username}/${post.id}`);
    await expect(page.getByTestId('compose-panel')).toHaveCount(0);
    const focused = page.locator('.thread__focus article.status');
    await focused.getByRole('button', { name: 'Reply' }).click();

    const modal = page.getByRole('dialog', { name: 'Reply' });
    await expect(modal).toBeVisible();
    const field = modal.getByPlaceholder("What's on your mind?");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(`@${alice.username} `);
    await expect(modal.getByText(`Replying to @${alice.username}`)).toBeVisible();
    // focus stays in the dialog
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    await expect(modal.locator(':focus')).toHaveCount(1);

    await field.click();
    await field.press('End');
    await field.pressSequentially('Me, please');
    await shot(page, 'reply-modal');
    await modal.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.locator('.thread article.status').filter({ hasText: 'Me, please' })).toBeVisible();

    // n opens an empty modal; Escape with text asks before discarding
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('n');
    const compose = page.getByRole('dialog', { name: 'New post' });
    await expect(compose.getByPlaceholder("What's on your mind?")).toBeFocused();
    await compose.getByPlaceholder("What's on your mind?").fill('Half a thought');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Discard your draft post?' });
    await expect(confirm).toBeVisible();
    await shot(page, 'discard-confirm');
    await confirm.getByRole('button', { name: 'Resume draft' }).click();
    await expect(compose.getByPlaceholder("What's on your mind?")).toHaveValue('Half a thought');
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard your draft post?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // a reply started, then alt+n: a brand new post without the reply
    await focused.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByRole('dialog', { name: 'Reply' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Reply' }).getByRole('button', { name: 'Cancel reply' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('Alt+n');
    const fresh = page.getByRole('dialog', { name: 'New post' });
    await expect(fresh.getByPlaceholder("What's on your mind?")).toHaveValue('');
    await expect(fresh.getByText(/Replying to/)).toHaveCount(0);
  });

  test('edit one’s own post from its menu; the edited marker opens the history', async () => {
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Meeting at 5pm',
      visibility: 'unlisted',
    });
    const page = alice.page;
    await page.goto(`/@${alice.username}/${post.id}`);
    const card = page.locator('.thread__focus article.status');
    await expect(card).toContainText('Meeting at 5pm');
    await card.getByRole('button', { name: 'More' }).click();
    await expect(card.getByRole('menuitem', { name: 'Delete & re-draft' })).toBeVisible();
    await card.getByRole('menuitem', { name: 'Edit' }).click();

    const modal = page.getByRole('dialog', { name: 'Edit post' });
    const field = modal.getByPlaceholder("What's on your mind?");
    await expect(field).toHaveValue('Meeting at 5pm');
    await expect(modal.getByLabel('Who can see this post')).toBeDisabled();
    await expect(modal.getByLabel('Who can see this post')).toHaveValue('unlisted');
    await field.fill('Meeting at 6pm (moved)');
    await shot(page, 'edit-modal');
    await modal.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(modal).toHaveCount(0);

    await expect(card).toContainText('Meeting at 6pm (moved)');
    const edited = card.getByRole('button', { name: /^Edited / });
    await expect(edited).toHaveText('Edited');
    await edited.click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    const versions = history.locator('.edit-history__version');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Alice Author edited');
    await expect(versions.nth(0)).toContainText('Meeting at 6pm (moved)');
    await expect(versions.nth(1)).toContainText('Alice Author created');
    await expect(versions.nth(1)).toContainText('Meeting at 5pm');
    await shot(page, 'edit-history');
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    // the edit reached the server
    const fresh = await apiAs<{ content: string; edited_at: string | null }>(
      alice,
      'GET',
      `/api/v1/statuses/${post.id}`,
    );
    expect(fresh.content).toContain('Meeting at 6pm (moved)');
    expect(fresh.edited_at).not.toBeNull();
  });
});
