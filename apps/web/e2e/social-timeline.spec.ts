import type { WebSocketRoute } from '@playwright/test';
import { apiAs, createUser } from './messages-support';
import { describeAttachment, expect, test, PNG, shortcutsReady, shot, statusWith } from './support/social';

test.describe('social: posting, live timeline, actions, notifications, thread', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ alice, bob }) => {
    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/follow`);
  });

  test('A posts with a CW and an image; B sees it live, reveals, favourites and boosts; A is notified; replies thread', async ({
    alice,
    bob,
  }) => {
    await bob.page.goto('/home');
    await expect(bob.page.getByRole('region', { name: 'Home' })).toBeVisible();
    await alice.page.goto('/home');

    // Alice composes: content warning, text with a hashtag, an image with a description
    const compose = alice.page.getByRole('form', { name: 'New post' });
    await compose.getByRole('button', { name: 'Add a content warning' }).click();
    await compose.getByPlaceholder('Content warning').fill('Spoilers ahead');
    await compose.getByPlaceholder("What's on your mind?").fill('The butler did it #mystery');
    await expect(compose.getByTestId('compose-counter')).toHaveText(String(500 - 26 - 14));
    await compose
      .getByTestId('compose-file')
      .setInputFiles({ name: 'clue.png', mimeType: 'image/png', buffer: PNG });
    await describeAttachment(alice.page, 'clue.png', 'A magnifying glass');
    await shot(alice.page, 'compose');
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(compose.getByRole('status')).toHaveText('Your post was published.');
    await expect(statusWith(alice.page, 'Spoilers ahead')).toBeVisible();

    // Bob: the new-posts indicator, then the status behind its content warning
    const newPosts = bob.page.getByRole('button', { name: '1 new post' });
    await expect(newPosts).toBeVisible({ timeout: 15_000 });
    await shot(bob.page, 'new-posts');
    await newPosts.click();
    // the original, not Bob's own boost of it that will appear on top
    const card = bob.page
      .locator('article.status:not(:has(.status__prepend))')
      .filter({ hasText: 'Spoilers ahead' });
    await expect(card).toBeVisible();
    await expect(card.getByText('The butler did it')).toHaveCount(0);
    await card.getByRole('button', { name: 'Show more' }).click();
    await expect(card.getByText('The butler did it')).toBeVisible();
    await expect(card.locator('.media-gallery img')).toHaveAttribute('alt', 'A magnifying glass');

    await card.getByRole('button', { name: 'Favorite' }).click();
    await expect(card.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await card.getByRole('button', { name: 'Boost' }).click();
    await expect(card.getByRole('button', { name: 'Undo boost' })).toBeVisible();
    await shot(bob.page, 'actions');

    // Alice sees both notifications
    await alice.page.goto('/notifications');
    await expect(alice.page.getByText('Bob Reader favorited your post').first()).toBeVisible();
    await expect(alice.page.getByText('Bob Reader boosted your post').first()).toBeVisible();
    await shot(alice.page, 'notifications');

    // Bob replies from the thread view; the reply shows in the thread
    await card.locator('.status__time').click();
    await expect(bob.page).toHaveURL(new RegExp(`/@${alice.username}/\\d+$`));
    const focused = bob.page.locator('.thread__focus article.status');
    // the content warning Bob opened in his timeline stays open for that post (as on Mastodon)
    await expect(focused.getByRole('button', { name: 'Show less' })).toBeVisible();
    await expect(focused.getByText('The butler did it')).toBeVisible();
    await focused.getByRole('button', { name: 'Reply' }).click();
    const bobCompose = bob.page.getByRole('form', { name: 'New post' });
    await expect(bobCompose.getByPlaceholder("What's on your mind?")).toHaveValue(`@${alice.username} `);
    await bobCompose.getByPlaceholder("What's on your mind?").pressSequentially('It was the gardener');
    await bobCompose.getByRole('button', { name: 'Reply', exact: true }).click();
    // the reply keeps the parent's content warning (as on Mastodon)
    const reply = bob.page.locator('.thread article.status').nth(1);
    await expect(reply).toContainText('Spoilers ahead');
    await reply.getByRole('button', { name: 'Show more' }).click();
    await expect(reply).toContainText('It was the gardener');
    await shot(bob.page, 'thread');
  });

  test('what was posted while the stream was down joins "new posts" once it reconnects', async ({
    alice,
    bob,
  }) => {
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'Before the outage' });
    // Bob's streaming sockets pass through routes the test can cut, and refuse to reconnect while it says so
    const open: WebSocketRoute[] = [];
    let refuse = false;
    await bob.page.routeWebSocket(/\/api\/v1\/streaming/, (socket) => {
      if (refuse) return void socket.close();
      socket.connectToServer();
      open.push(socket);
    });
    await bob.page.goto('/home');
    await expect(statusWith(bob.page, 'Before the outage')).toBeVisible();
    await expect.poll(() => open.length).toBeGreaterThan(0);

    refuse = true;
    for (const socket of open.splice(0)) await socket.close();
    await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'Posted during the outage' });
    await bob.page.waitForTimeout(500); // the post is not streamed: nobody is listening
    await expect(bob.page.getByRole('button', { name: '1 new post' })).toHaveCount(0);
    refuse = false;

    // the client reconnects within a few seconds and asks what it missed
    const newPosts = bob.page.getByRole('button', { name: '1 new post' });
    await expect(newPosts).toBeVisible({ timeout: 15_000 });
    await newPosts.click();
    await expect(statusWith(bob.page, 'Posted during the outage')).toBeVisible();
  });
});

test.describe('social: popups and keyboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test('hashtag popup, hover card, keyboard shortcuts n and j/k', async ({ browser, baseURL }) => {
    const carol = await createUser(browser, baseURL ?? '', 'carol', 'Carol Keys');
    await apiAs(carol, 'POST', '/api/v1/statuses', { status: 'First post #hello' });
    await apiAs(carol, 'POST', '/api/v1/statuses', { status: 'Second post' });
    const page = carol.page;
    await page.goto('/home');
    const first = statusWith(page, 'First post');
    await expect(first).toBeVisible();

    // hashtag popup: a plain click opens the three entries
    await first.getByRole('link', { name: '#hello' }).click();
    const menu = page.getByTestId('hashtag-menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(3);
    await expect(menu.getByRole('menuitem', { name: 'Browse posts in #hello' })).toHaveAttribute(
      'href',
      '/tags/hello',
    );
    await expect(menu.getByRole('menuitem', { name: /Browse posts from @carol/ })).toHaveAttribute(
      'href',
      `/@${carol.username}/tagged/hello`,
    );
    await shot(page, 'hashtag-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // hover card after pointing at the author
    await first.locator('.status__author').hover();
    await expect(page.getByTestId('hover-card')).toBeVisible({ timeout: 3000 });
    await shot(page, 'hover-card');
    await page.mouse.move(5, 700);
    await expect(page.getByTestId('hover-card')).toHaveCount(0);

    // j/k move between statuses, n focuses the compose field
    await shortcutsReady(page);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('j');
    await expect(statusWith(page, 'Second post')).toBeFocused();
    await page.keyboard.press('j');
    await expect(first).toBeFocused();
    await page.keyboard.press('k');
    await expect(statusWith(page, 'Second post')).toBeFocused();
    await page.keyboard.press('n');
    await expect(
      page.getByRole('form', { name: 'New post' }).getByPlaceholder("What's on your mind?"),
    ).toBeFocused();
    // typing in the field is not a shortcut
    await page.keyboard.type('jk');
    await expect(
      page.getByRole('form', { name: 'New post' }).getByPlaceholder("What's on your mind?"),
    ).toHaveValue('jk');
    await carol.context.close();
  });
});
