import fs from 'node:fs';
import { CURRENT_INTRODUCTION_VERSION, type UserSettings } from '@palchat/api';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { initialStateOf, signedInContext } from './support/users';

const SHOTS = '/tmp/shots-c1';
fs.mkdirSync(SHOTS, { recursive: true });

async function apiCall<T>(api: APIRequestContext, method: string, url: string, data?: object): Promise<T> {
  const { csrfToken } = await initialStateOf(api);
  const response = await api.fetch(url, { method, data, headers: { 'X-CSRF-Token': csrfToken } });
  if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The deck's pinned columns, left to right, as the page shows them. */
async function deckColumns(page: Page): Promise<string[]> {
  return page
    .locator('.columns-area > .column-slot:not(.column-slot--routed), .columns-area > .drawer')
    .evaluateAll((slots) => slots.map((slot) => slot.getAttribute('data-column') ?? 'compose'));
}

test('preferences: deck columns, posting defaults and reading settings', async ({ browser }) => {
  // many steps, reloads and saved settings: about 25 s alone, more while other specs load the machine
  test.setTimeout(90_000);
  const { context, api } = await signedInContext(browser, {
    settings: { introductionVersion: CURRENT_INTRODUCTION_VERSION, layout: 'single-column' },
    viewport: { width: 1600, height: 1000 },
    prefix: 'prefs',
  });
  const page = await context.newPage();
  const tag = `deck${Date.now().toString(36)}`;

  // switching to the advanced layout applies at once and is saved
  await page.goto('/settings/preferences');
  await expect(
    page.getByRole('region', { name: 'Posting defaults' }).getByLabel('Default post visibility'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preferences-single.png`, fullPage: true });
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await appearance.getByRole('radio', { name: /Advanced \(multiple columns\)/ }).check();
  await expect(page.locator('[data-layout="multi-column"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Appearance' }).getByRole('status')).toHaveText('Saved.');
  await page.screenshot({ path: `${SHOTS}/preferences-multi.png`, fullPage: true });

  // pin the hashtag's timeline from its own view
  await page.goto(`/tags/${tag}`);
  const routed = page.locator('.column-slot--routed');
  await routed.getByRole('button', { name: 'Show column settings' }).click();
  await page.screenshot({ path: `${SHOTS}/deck-pin-panel.png` });
  await routed.getByRole('button', { name: 'Pin to the deck' }).click();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'notifications', 'hashtag']);
  const pinned = page.locator('.column-slot[data-column="hashtag"]');
  await expect(pinned.getByRole('region', { name: `#${tag}` })).toBeVisible();
  // the address now names a pinned column: the deck selects it, the routed column shows the navigation
  await expect(pinned).toHaveAttribute('aria-current', 'location');
  await expect(routed.getByTestId('getting-started')).toBeVisible();
  await expect(page.getByRole('region', { name: `#${tag}` })).toHaveCount(1);
  const saved = await apiCall<UserSettings>(api, 'GET', '/api/web/settings');
  expect(saved.columns.at(-1)).toMatchObject({ id: 'hashtag', params: { id: tag } });

  // move it left, then remove it; both survive a reload
  await pinned.getByRole('button', { name: 'Show column settings' }).click();
  await pinned.getByRole('button', { name: 'Move left' }).click();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'hashtag', 'notifications']);
  await page.screenshot({ path: `${SHOTS}/deck-moved.png` });
  await page.reload();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'hashtag', 'notifications']);
  await pinned.getByRole('button', { name: 'Show column settings' }).click();
  await pinned.getByRole('button', { name: 'Remove column' }).click();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'notifications']);
  await page.reload();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'notifications']);

  // the compose column moves from the drawer's quick links
  const drawer = page.getByTestId('drawer');
  await drawer.getByRole('button', { name: 'Show column settings' }).click();
  await drawer.getByRole('button', { name: 'Move right' }).click();
  await expect.poll(() => deckColumns(page)).toEqual(['home', 'compose', 'notifications']);
  await page.screenshot({ path: `${SHOTS}/deck-compose-moved.png` });
  await drawer.getByRole('button', { name: 'Move left' }).click();
  await expect.poll(() => deckColumns(page)).toEqual(['compose', 'home', 'notifications']);

  // default visibility: saved on the account, shown by the compose form after a reload
  await page.goto('/deck/settings/preferences');
  const posting = page.getByRole('region', { name: 'Posting defaults' });
  await posting.getByLabel('Default post visibility').selectOption('private');
  await expect(posting.getByRole('status')).toHaveText('Saved.');
  const me = await apiCall<{ id: string; source: { privacy: string } }>(
    api,
    'GET',
    '/api/v1/accounts/verify_credentials',
  );
  expect(me.source.privacy).toBe('private');
  await page.reload();
  await expect(posting.getByLabel('Default post visibility')).toHaveValue('private');
  await expect(page.getByTestId('drawer').getByLabel('Who can see this post')).toHaveValue('private');

  // content warnings: collapsed by default, expanded once the setting is on
  await apiCall(api, 'POST', '/api/v1/statuses', {
    status: 'The butler did it',
    spoiler_text: 'Mystery spoilers',
    visibility: 'public',
  });
  await page.goto('/deck/getting-started');
  const home = page.locator('.column-slot[data-column="home"]');
  const card = home.locator('article.status').filter({ hasText: 'Mystery spoilers' });
  await expect(card).toBeVisible();
  await expect(card.getByText('The butler did it')).toHaveCount(0);
  await page.goto('/deck/settings/preferences');
  const reading = page.getByRole('region', { name: 'Reading' });
  await reading.getByRole('checkbox', { name: /Always expand posts marked with content warnings/ }).check();
  await expect(reading.getByRole('status')).toHaveText('Saved.');
  await page.screenshot({ path: `${SHOTS}/preferences-all.png`, fullPage: true });
  await page.goto('/deck/getting-started');
  await expect(card.getByText('The butler did it')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/deck-expanded-cw.png` });

  // "ask before boosting": a declined confirmation boosts nothing
  await page.goto('/deck/settings/preferences');
  await reading.getByRole('checkbox', { name: 'Before boosting' }).check();
  await expect(reading.getByRole('status')).toHaveText('Saved.');
  await page.goto('/deck/getting-started');
  const boost = card.getByRole('button', { name: 'Boost', exact: true });
  await boost.click();
  const dialog = page.getByRole('alertdialog', { name: 'Boost post?' });
  await expect(dialog).toContainText('Boost this post to your followers?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(boost).toHaveAttribute('aria-pressed', 'false');
  const [post] = await apiCall<{ reblogged: boolean }[]>(api, 'GET', `/api/v1/accounts/${me.id}/statuses`);
  expect(post?.reblogged).toBe(false);
  await context.close();
});
