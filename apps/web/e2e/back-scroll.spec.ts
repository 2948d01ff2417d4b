import type { Page } from '@playwright/test';
import { apiAs } from './messages-support';
import { expect, shortcutsReady, test } from './support/social';
import type { ChatUser } from './messages-support';

/** Coming back to a list (Back) shows the same post at the same place, as the reader left it. */

/** Posts of different lengths: a list that guessed the heights of the rows above the view would be off. */
async function postMany(user: ChatUser, count: number, first = 0): Promise<void> {
  for (let index = first; index < first + count; index += 1) {
    const words = 'words '.repeat(5 + ((index * 37) % 60));
    await apiAs(user, 'POST', '/api/v1/statuses', { status: `Post number ${index} ${words}` });
  }
}

/**
 * The first post whose top is in the scroller's view below its sticky headers (clicking it does not scroll),
 * and how far below the view's top it starts.
 */
function firstVisible(page: Page, scroller: string | null) {
  return page.evaluate((selector) => {
    const view = selector ? document.querySelector(selector) : null;
    const viewTop = view ? view.getBoundingClientRect().top : 0;
    const post = [...(view ?? document).querySelectorAll('article.status')].find(
      (article) => article.getBoundingClientRect().top >= viewTop + 150,
    );
    if (!post) return null;
    return {
      text: /Post number \d+/.exec(post.textContent ?? '')?.[0],
      offset: Math.round(post.getBoundingClientRect().top - viewTop),
    };
  }, scroller);
}

type Position = NonNullable<Awaited<ReturnType<typeof firstVisible>>>;

/**
 * Scrolls the window (or the column) with the mouse wheel until it is more than `distance` down. A list renders
 * the rows of its first page as the reader comes near them, so a single long wheel stops at the last one so far.
 */
async function scrollDown(page: Page, scroller: string | null, distance: number) {
  const position = () =>
    scroller
      ? page.locator(scroller).evaluate((element) => element.scrollTop)
      : page.evaluate(() => window.scrollY);
  await expect(async () => {
    await page.mouse.wheel(0, 800);
    expect(await position()).toBeGreaterThan(distance);
  }).toPass();
}

/** Where the list rests once the scroll (and what it loads) has settled: the same twice in a row. */
async function restingPosition(page: Page, scroller: string | null): Promise<Position> {
  const seen: (Position | null)[] = [];
  await expect
    .poll(async () => {
      seen.push(await firstVisible(page, scroller));
      const [previous, last] = seen.slice(-2);
      return last != null && JSON.stringify(previous) === JSON.stringify(last);
    })
    .toBe(true);
  return seen.at(-1) as Position;
}

async function leaveAndComeBack(page: Page, scroller: string | null, whileAway?: () => Promise<void>) {
  const before = await restingPosition(page, scroller);
  expect(before.text).toBeTruthy();
  const post = page.locator('article.status', { hasText: `${before.text} ` }).first();
  // the timestamp link opens the post
  await post.locator('a.status__time').click();
  await expect(page).toHaveURL(/\/@[^/]+\/\d+$/);
  await expect(page.locator('article.status').first()).toBeVisible();
  await whileAway?.();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/@[^/]+\/\d+$/);
  await expect
    .poll(async () => {
      const after = await firstVisible(page, scroller);
      return {
        text: after?.text,
        offsetKept: Math.abs((after?.offset ?? Infinity) - before.offset) <= 4,
      };
    })
    .toEqual({ text: before.text, offsetKept: true });
}

test.describe('single column, the window scrolls', () => {
  test.beforeEach(async ({ alice }) => {
    await postMany(alice, 20);
    await alice.page.setViewportSize({ width: 412, height: 800 });
  });

  test('Back shows the timeline where the reader left it, virtualized on the way back', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/home');
    await expect(page.locator('article.status').first()).toBeVisible();
    // the first page renders the posts near the view, the others as the reader comes near them
    await expect.poll(() => page.locator('article.status').count()).toBeLessThan(20);
    await scrollDown(page, null, 2000);
    await leaveAndComeBack(page, null);
  });

  test('Back shows a virtualized timeline where the reader left it', async ({ alice }) => {
    await postMany(alice, 20, 20);
    const page = alice.page;
    await page.goto('/home');
    await expect(page.locator('article.status').first()).toBeVisible();
    await scrollDown(page, null, 3000);
    // the second page made the list virtualized: it keeps fewer rows than it has
    await expect.poll(() => page.locator('article.status').count()).toBeLessThan(30);
    await leaveAndComeBack(page, null);
  });

  test('Back shows the plain first page where the reader left it, every row rendered at once', async ({
    alice,
  }) => {
    const page = alice.page;
    // without the virtualizer's code the list stays the plain first page
    await page.route(/virtual-list-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/home');
    await expect(page.locator('article.status').first()).toBeVisible();
    await scrollDown(page, null, 1000);
    await leaveAndComeBack(page, null);
    await expect(page.locator('article.status')).toHaveCount(20);
  });

  // one's own post arrives while react-virtuoso settles the restored position (the stream's catch-up after it
  // subscribes again, the first page's refetch): it waits for the position to settle, then joins above
  test('one’s own post made while away joins the top without moving the post in view', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/home');
    await expect(page.locator('article.status').first()).toBeVisible();
    await scrollDown(page, null, 2000);
    await leaveAndComeBack(page, null, async () => {
      await apiAs(alice, 'POST', '/api/v1/statuses', { status: 'Written while away' });
    });
    // (react-virtuoso may still settle the restored position for a few frames)
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator('article.status').first()).toContainText('Written while away', {
        timeout: 1000,
      });
    }).toPass();
  });

  test('a new visit through the navigation starts at the top', async ({ alice }) => {
    const page = alice.page;
    await page.goto('/home');
    await expect(page.locator('article.status').first()).toBeVisible();
    await scrollDown(page, null, 2000);
    // in-app navigation (keyboard shortcuts "g n", then "g h"): new history entries
    await shortcutsReady(page);
    for (const [key, url] of [
      ['n', /\/notifications$/],
      ['h', /\/home$/],
    ] as const) {
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect(page).toHaveURL(url);
    }
    await expect(page.locator('article.status').first()).toContainText('Post number 19');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('multi-column: Back shows the routed column where the reader left it', async ({ alice }) => {
  // the deck is opted into (a new account starts in the single column)
  await apiAs(alice, 'PUT', '/api/web/settings', { layout: 'multi-column' });
  await postMany(alice, 20);
  const page = alice.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  // her profile: a routed column that no other test's posts reach
  await page.goto(`/@${alice.username}`);
  const column = 'main .column--scroll';
  await expect(page.locator(`${column} article.status`).first()).toBeVisible();
  await page.locator(column).hover();
  await scrollDown(page, column, 2000);
  await leaveAndComeBack(page, column);
});
