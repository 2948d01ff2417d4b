import { CURRENT_INTRODUCTION_VERSION, type LayoutSetting } from '@palchat/api';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signedInContext } from './support/users';

/**
 * The most /api requests one signed-in /home load may make (issue #30: it made 15, five of them twice, and ~20
 * loads spent the 5-minute allowance). Today the deck makes 7: the home timeline, the lists, the follow
 * requests, the notifications' unread count and its column's notifications, the box's unread count, and the
 * server's information refreshed 3 s after load; the viewer's account, settings and the server's information at
 * start come with the page. One more is allowed for a badge of the phone's tab bar.
 */
const MAX_API_REQUESTS_PER_LOAD = 8;

/** Every /api request the page makes from now on, as method and URL path with query. */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

const duplicatesOf = (requests: string[]) => requests.filter((url, i) => requests.indexOf(url) !== i);

/** Loads `path` and waits until the page has settled: the box loaded, and the 3 s server refresh made. */
async function loadAndSettle(page: Page, path: string): Promise<void> {
  const refreshed = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v2/instance');
  await page.goto(path);
  await expect(page.getByTestId('message-box')).toBeVisible();
  await refreshed;
  await page.waitForLoadState('networkidle');
}

function expectFrugal(requests: string[]): void {
  expect(duplicatesOf(requests)).toEqual([]);
  expect(requests.length).toBeLessThanOrEqual(MAX_API_REQUESTS_PER_LOAD);
  // the viewer's account comes with the page
  expect(requests.filter((url) => url.startsWith('GET /api/v1/accounts/'))).toEqual([]);
}

const sizes = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
};

const cases: { name: string; layout: LayoutSetting; size: keyof typeof sizes }[] = [
  { name: 'single column', layout: 'single-column', size: 'desktop' },
  { name: 'deck', layout: 'multi-column', size: 'desktop' },
  { name: 'phone', layout: 'auto', size: 'phone' },
];

for (const { name, layout, size } of cases) {
  test(`a signed-in /home load (${name}) asks the API for nothing twice, and little`, async ({ browser }) => {
    const { context } = await signedInContext(browser, {
      settings: { introductionVersion: CURRENT_INTRODUCTION_VERSION, layout },
      viewport: sizes[size],
    });
    const page = await context.newPage();
    const requests = recordApiRequests(page);
    await loadAndSettle(page, '/home');
    expectFrugal(requests);
    expect(requests).toContain('GET /api/v1/timelines/home');

    // a second load of the page: the same again, nothing left over from the first
    requests.length = 0;
    await loadAndSettle(page, '/home');
    expectFrugal(requests);
    await context.close();
  });
}

test('going to Notifications and back Home asks for each resource once', async ({ browser }) => {
  const { context } = await signedInContext(browser, {
    settings: { introductionVersion: CURRENT_INTRODUCTION_VERSION, layout: 'single-column' },
    viewport: sizes.desktop,
  });
  const page = await context.newPage();
  const requests = recordApiRequests(page);
  await loadAndSettle(page, '/home');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(duplicatesOf(requests)).toEqual([]);
  await context.close();
});
