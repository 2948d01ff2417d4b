import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import {
  apiAs,
  box,
  makePals,
  openBox,
  sendMessage,
  startDirectChat,
  type ChatUser,
} from './messages-support';
import { ROUTE_LINK, ROUTE_TAG, specRoutes } from './support/routes';
import { expect, test } from './support/social';

/**
 * Phones (issue 30, item 1): at 320, 375 and 414 px, with touch, no route scrolls sideways, the tab bar and its
 * Menu stay on screen, opening the Menu moves nothing, and the Messages tab opens the box full screen.
 */
const NARROWEST = 320;
const WIDTHS = [NARROWEST, 375, 414];
const HEIGHT = 740;

/** A phone's browser context (touch, mobile viewport), signed in as `signedIn`'s session when given. */
async function phoneContext(
  browser: Browser,
  baseURL: string | undefined,
  signedIn?: BrowserContext,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    isMobile: true,
    hasTouch: true,
    viewport: { width: NARROWEST, height: HEIGHT },
    storageState: signedIn ? await signedIn.storageState() : undefined,
  });
}

/** Sideways overflow and what of the phone's chrome lies outside the viewport, at the page's current width. */
async function phoneFit(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const outside = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector} missing`;
      const rect = element.getBoundingClientRect();
      const inside =
        rect.left >= 0 && rect.top >= 0 && rect.right <= width + 0.5 && rect.bottom <= height + 0.5;
      return inside && rect.width > 0 ? null : `${selector} at ${JSON.stringify(rect)}`;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      width,
      outside: [outside('.tab-bar'), outside('.tab-bar [aria-controls="navigation-drawer"]')].filter(Boolean),
    };
  });
}

/** Opens `path` in the app already loaded (as its links do: a page load per route would take minutes). */
async function showRoute(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('main')).toBeVisible();
  // the view's first page of data has come
  await expect(page.locator('main [role="progressbar"]')).toHaveCount(0);
}

/** Shows `path` and checks it at every phone width. */
async function checkRoute(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: NARROWEST, height: HEIGHT });
  await showRoute(page, path);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const fit = await phoneFit(page);
    expect.soft(fit.scrollWidth, `sideways scroll on ${path} at ${width} px`).toBeLessThanOrEqual(width);
    expect
      .soft(fit.scrollWidth, `sideways scroll on ${path} at ${width} px`)
      .toBeLessThanOrEqual(fit.innerWidth);
    expect.soft(fit.outside, `tab bar off screen on ${path} at ${width} px`).toEqual([]);
  }
}

const SCREENS = (pal: string): [string, string][] => [
  ['home', '/home'],
  ['notifications', '/notifications'],
  ['profile', `/@${pal}`],
];

/** Screenshots of the page at these widths, light and dark, for looking at after a run. */
async function shots(page: Page, name: string, widths: number[]): Promise<void> {
  const height = page.viewportSize()?.height ?? HEIGHT;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `/tmp/shots-phone/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
}

/** The first page load of a test. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#splash')).toHaveCount(0);
}

test.describe('phones', () => {
  // a few seconds each on an idle machine; the timeout allows for a busy one
  test.describe.configure({ timeout: 240_000 });

  test('every route fits 320–414 px signed in, with the tab bar and its Menu on screen', async ({
    browser,
    baseURL,
    alice,
  }) => {
    await apiAs(alice, 'PUT', '/api/web/settings', {
      introductionVersion: CURRENT_INTRODUCTION_VERSION,
      layout: 'auto',
    });
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: `A long word Pneumonoultramicroscopicsilicovolcanoconiosis-and-more and #${ROUTE_TAG} ${ROUTE_LINK}/${'segment-'.repeat(12)}`,
    });
    const list = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/lists', { title: 'A list' });
    const context = await phoneContext(browser, baseURL, alice.context);
    const page = await context.newPage();

    const routes = specRoutes({
      username: alice.username,
      accountId: alice.id,
      statusId: post.id,
      listId: list.id,
    });
    await load(page, '/home');
    for (const [, path] of routes) await checkRoute(page, path);

    // the header carries the logo and New post, the tab bar the rest
    await page.setViewportSize({ width: NARROWEST, height: HEIGHT });
    await showRoute(page, '/home');
    const tabs = page.getByRole('navigation', { name: 'Main sections' });
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.ui-header').getByRole('link', { name: 'New post' })).toBeInViewport();

    // opening the Menu moves nothing on the page; its drawer leads to everything else
    await page.evaluate(() => window.scrollTo(0, 200));
    const main = page.locator('main');
    const before = { box: await main.boundingBox(), scroll: await page.evaluate(() => window.scrollY) };
    await tabs.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.locator('#navigation-drawer');
    await expect(drawer.getByRole('link', { name: 'Lists' })).toBeInViewport();
    expect({ box: await main.boundingBox(), scroll: await page.evaluate(() => window.scrollY) }).toEqual(
      before,
    );
    expect((await phoneFit(page)).scrollWidth).toBeLessThanOrEqual(NARROWEST);
    await shots(page, 'menu-open', [NARROWEST]);
    await drawer.getByRole('link', { name: 'Lists' }).click();
    await expect(page).toHaveURL(/\/lists$/);
    await expect(drawer).toHaveCount(0);
    await context.close();
  });

  test('signed out, the public pages fit 320–414 px with the tab bar on screen', async ({
    browser,
    baseURL,
    alice,
  }) => {
    const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
      status: `Seen signed out, #${ROUTE_TAG}`,
    });
    const context = await phoneContext(browser, baseURL);
    const page = await context.newPage();
    await load(page, '/explore');
    for (const path of [
      '/explore',
      '/public/local',
      '/about',
      `/@${alice.username}`,
      `/@${alice.username}/${post.id}`,
    ])
      await checkRoute(page, path);
    await expect(page.locator('.ui-header').getByRole('link', { name: 'Log in' })).toBeInViewport();
    await shots(page, 'signed-out-profile', WIDTHS);
    await context.close();
  });

  test('the Messages tab opens the box full screen, its minimise button closes it', async ({
    browser,
    baseURL,
    alice,
    bob,
  }) => {
    await makePals(alice, bob);
    await apiAs(alice, 'PUT', '/api/web/settings', {
      introductionVersion: CURRENT_INTRODUCTION_VERSION,
      layout: 'auto',
    });
    const context = await phoneContext(browser, baseURL, alice.context);
    const page = await context.newPage();
    const phone: ChatUser = { ...alice, context, page };
    await page.goto('/home');
    const messageBox = box(phone);
    // minimised, the box gives way to the Messages tab: nothing of it lies under the visible screen
    // (it loads once the page is idle, which a busy machine takes a while to be)
    await expect(messageBox).toBeAttached({ timeout: 30_000 });
    await expect(messageBox).toBeHidden();

    const tabs = page.getByRole('navigation', { name: 'Main sections' });
    await tabs.getByRole('button', { name: 'Menu' }).click();
    await tabs.getByRole('button', { name: 'Messages' }).click();
    // the drawer closes: the box never covers it
    await expect(page.locator('#navigation-drawer')).toHaveCount(0);
    await expect(messageBox.getByTestId('conversation-list')).toBeVisible();
    expect(await messageBox.boundingBox()).toEqual({ x: 0, y: 0, width: NARROWEST, height: HEIGHT });

    await startDirectChat(phone, bob);
    const composer = messageBox.getByPlaceholder('Type a message...');
    await expect(composer).toBeInViewport({ ratio: 1 });
    expect((await phoneFit(page)).scrollWidth).toBeLessThanOrEqual(NARROWEST);
    await sendMessage(phone, 'Hello from a phone');
    await shots(page, 'box-open', WIDTHS);

    await messageBox.getByRole('button', { name: 'Minimise messages' }).click();
    await expect(messageBox).toBeHidden();
    await expect(tabs).toBeInViewport();
    for (const [name, path] of SCREENS(bob.username)) {
      await showRoute(page, path);
      await shots(page, name, WIDTHS);
    }
    await context.close();

    // on a desktop the box stays docked at the bottom right
    const desktop = alice.page;
    await desktop.setViewportSize({ width: 1440, height: 900 });
    for (const [name, path] of SCREENS(bob.username)) {
      await desktop.goto(path);
      await expect(desktop.locator('#splash')).toHaveCount(0);
      await shots(desktop, name, [1440]);
    }
    await openBox(alice);
    const docked = await box(alice).boundingBox();
    expect(docked && docked.x + docked.width).toBeLessThanOrEqual(1440 - 16);
    expect(docked?.width).toBeLessThan(500);
    await shots(desktop, 'box-open', [1440]);
  });
});
