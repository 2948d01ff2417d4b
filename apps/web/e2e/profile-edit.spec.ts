import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, uniqueName, type ChatUser } from './messages-support';
import { NEWS_SITE_NAME, startFakeNewsSite } from './support/fake-news-site';
import { expect, test, PNG, statusWith } from './support/social';

const SHOTS = '/tmp/shots-c3';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

interface Relationship {
  following: boolean;
  notifying: boolean;
  showing_reblogs: boolean;
  note: string;
}

async function relationshipOf(user: ChatUser, other: ChatUser): Promise<Relationship> {
  const [relationship] = await apiAs<Relationship[]>(
    user,
    'GET',
    `/api/v1/accounts/relationships?id[]=${other.id}`,
  );
  if (!relationship) throw new Error('no relationship');
  return relationship;
}

test.describe('profile editing and relationship controls', () => {
  test.describe.configure({ timeout: 120_000 });

  test('edit the whole profile, see it on the profile, and be asked for a follow request', async ({
    alice,
    bob,
  }) => {
    const page = alice.page;
    await page.goto(`/@${alice.username}`);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    const form = page.getByRole('form', { name: 'Edit profile' });

    // an image the server cannot read: its error shows and nothing typed is lost
    await form.getByLabel('Display name').fill('Alice Edited');
    await form
      .getByLabel('Change avatar')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('avatar');
    await expect(form.getByLabel('Display name')).toHaveValue('Alice Edited');

    await form.getByLabel('Bio').fill('I write the tests.');
    await expect(form.getByText('482 characters left')).toBeVisible();
    await form.getByLabel('Label 1').fill('Pronouns');
    await form.getByLabel('Content 1').fill('she/her');
    await form
      .getByLabel('Change avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.locator('.profile-images__avatar')).toHaveAttribute('src', /^blob:/);
    await form.getByLabel('Require follow requests').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    // a tall window shows the whole form at once for the screenshot
    await page.setViewportSize({ width: 1280, height: 1500 });
    await shot(page, 'edit-profile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.reload();
    await expect(form.getByLabel('Display name')).toHaveValue('Alice Edited');
    await expect(form.getByLabel('Bio')).toHaveValue('I write the tests.');
    await expect(form.getByLabel('Content 1')).toHaveValue('she/her');
    await expect(form.getByLabel('Require follow requests')).toBeChecked();

    await page.goto(`/@${alice.username}`);
    const header = page.locator('.account-header');
    await expect(header.locator('.account-header__name')).toContainText('Alice Edited');
    await expect(header).toContainText('I write the tests.');
    await expect(header.locator('.account-field')).toContainText('Pronouns');
    await expect(header.locator('.account-field')).toContainText('she/her');
    await expect(header.locator('.account-header__avatar')).toHaveAttribute('src', /accounts\/avatars/);
    await expect(header.getByRole('img', { name: /This account is locked/ })).toBeVisible();
    await shot(page, 'own-profile');

    // Bob is asked to request, and his request waits
    await bob.page.goto(`/@${alice.username}`);
    await bob.page.getByRole('button', { name: 'Request to follow' }).click();
    await expect(bob.page.getByRole('button', { name: 'Requested' })).toBeVisible();
    expect(await relationshipOf(bob, alice)).toMatchObject({ following: false });
  });

  test('notify bell, boosts, lists, personal note and pinned posts on a profile', async ({ alice, bob }) => {
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    const list = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/lists', { title: 'Close pals' });
    const pinned = await apiAs<{ id: string }>(bob, 'POST', '/api/v1/statuses', {
      status: `Pinned hello to @${alice.username}`,
    });
    await apiAs(bob, 'POST', `/api/v1/statuses/${pinned.id}/pin`);
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: 'A later post' });

    const page = alice.page;
    await page.goto(`/@${bob.username}`);
    const header = page.locator('.account-header');

    // the bell
    await header.getByRole('button', { name: `Notify me when @${bob.username} posts` }).click();
    await expect(
      header.getByRole('button', { name: `Stop notifying me when @${bob.username} posts` }),
    ).toBeVisible();
    expect(await relationshipOf(alice, bob)).toMatchObject({ notifying: true });

    // hide boosts
    const menu = header.getByRole('button', { name: `More options for @${bob.username}` });
    await menu.click();
    await page.getByRole('menuitem', { name: `Hide boosts from @${bob.username}` }).click();
    await expect.poll(async () => (await relationshipOf(alice, bob)).showing_reblogs).toBe(false);

    // add to a list
    await menu.click();
    await page.getByRole('menuitem', { name: 'Add or remove from lists' }).click();
    const dialog = page.getByRole('dialog', { name: `Add or remove @${bob.username} from lists` });
    await dialog.getByRole('checkbox', { name: 'Close pals' }).check();
    await expect
      .poll(
        async () => (await apiAs<{ id: string }[]>(alice, 'GET', `/api/v1/accounts/${bob.id}/lists`)).length,
      )
      .toBe(1);
    await expect(dialog.getByRole('checkbox', { name: 'Close pals' })).toBeChecked();
    await shot(page, 'lists-modal');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const members = await apiAs<{ id: string }[]>(alice, 'GET', `/api/v1/lists/${list.id}/accounts`);
    expect(members.map((member) => member.id)).toEqual([bob.id]);

    // a personal note, saved when the field is left
    await menu.click();
    await page.getByRole('menuitem', { name: 'Add a personal note' }).click();
    const note = header.getByLabel('Personal note');
    await expect(note).toBeFocused();
    await note.fill('Met at the conference');
    await note.blur();
    await expect.poll(async () => (await relationshipOf(alice, bob)).note).toBe('Met at the conference');

    // pinned first, labelled
    const first = page.locator('.pinned-status').first();
    await expect(first).toContainText('Pinned');
    await expect(first).toContainText('Pinned hello');
    await shot(page, 'other-profile');

    // the mention in the post opens the hover card, and the profile on click
    await first.locator('.status__content a.mention').hover();
    const card = page.getByTestId('hover-card');
    await expect(card).toBeVisible({ timeout: 3000 });
    await expect(card).toContainText('Alice Author');
    await page.mouse.move(0, 0);
    await first.locator('.status__content a.mention').click();
    await expect(page).toHaveURL(new RegExp(`/@${alice.username}$`));
  });

  test('list members: search says Add or Remove, and deleting the list asks first', async ({
    alice,
    bob,
  }) => {
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    const list = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/lists', { title: 'Readers' });
    const page = alice.page;
    await page.goto(`/lists/${list.id}/members`);
    const search = page.getByRole('searchbox', { name: 'Search among people you follow' });
    await search.fill(bob.username);
    const row = page.locator('.account-row', { hasText: 'Bob Reader' });
    await row.getByRole('button', { name: 'Add' }).click();
    await expect(row.getByRole('button', { name: 'Remove' })).toBeVisible();
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(row.getByRole('button', { name: 'Add' })).toBeVisible();
    expect(await apiAs<unknown[]>(alice, 'GET', `/api/v1/lists/${list.id}/accounts`)).toEqual([]);

    await page.goto(`/lists/${list.id}/edit`);
    const asked = page.getByRole('alertdialog', { name: 'Delete list?' });
    await page.getByRole('button', { name: 'Delete list' }).click();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/lists/${list.id}/edit$`));
    await page.getByRole('button', { name: 'Delete list' }).click();
    await asked.getByRole('button', { name: 'Delete list' }).click();
    await expect(page).toHaveURL(/\/lists$/);
    expect(await apiAs<unknown[]>(alice, 'GET', '/api/v1/lists')).toEqual([]);
  });

  test('follow a hashtag from its page and find it in followed hashtags', async ({ alice, bob }) => {
    const tag = uniqueName('tag');
    await apiAs(bob, 'POST', '/api/v1/statuses', { status: `Trying #${tag} today` });
    const page = alice.page;
    await page.goto(`/tags/${tag}`);
    const header = page.locator('.timeline-header');
    await expect(header.getByRole('heading', { name: `#${tag}` })).toBeVisible();
    await expect(header).toContainText('1 post · 1 participant · 1 post today');
    await header.getByRole('button', { name: 'Follow hashtag' }).click();
    await expect(header.getByRole('button', { name: 'Unfollow hashtag' })).toBeVisible();
    await expect(statusWith(page, 'Trying')).toBeVisible();
    await shot(page, 'hashtag');
    await page.goto('/followed_tags');
    await expect(
      page.getByRole('region', { name: 'Followed hashtags' }).getByRole('link', { name: `#${tag}` }),
    ).toBeVisible();
  });

  test('a trending news link leads to its own timeline', async ({ alice, bob }) => {
    const site = await startFakeNewsSite();
    const slug = uniqueName('story');
    try {
      const posted = await apiAs<{ id: string }>(bob, 'POST', '/api/v1/statuses', {
        status: `Read this ${site.articleUrl(slug)}`,
      });
      // the server reads the link's card just after posting; the link trends once it has one
      await expect
        .poll(
          async () => (await apiAs<{ card: unknown }>(bob, 'GET', `/api/v1/statuses/${posted.id}`)).card,
          { timeout: 30_000 },
        )
        .not.toBeNull();
      const page = alice.page;
      await page.goto('/explore/links');
      const row = page.locator('.trend-link', { hasText: slug }).first();
      await expect(row).toBeVisible();
      await expect(row).toContainText(NEWS_SITE_NAME);
      await expect(row).toContainText('1 person talking');
      await shot(page, 'explore-links');
      await row.getByRole('link', { name: /More from this link/ }).click();
      await expect(page).toHaveURL(/\/links\//);
      await expect(page.locator('.link-header')).toContainText(`Breaking: ${slug}`);
      await expect(statusWith(page, 'Read this')).toBeVisible();
      // the post itself shows the page's preview, linking out
      const preview = statusWith(page, 'Read this').getByTestId('preview-card');
      await expect(preview).toContainText(NEWS_SITE_NAME);
      await expect(preview).toContainText(`Breaking: ${slug}`);
      await expect(preview).toContainText('What happened, and why it matters.');
      await expect(preview).toHaveAttribute('href', site.articleUrl(slug));
      await shot(page, 'link');
    } finally {
      await site.close();
    }
  });
});
