import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiAs } from './messages-support';
import { specRoutes } from './support/routes';
import { expect, test, shot, statusWith, uploadPng } from './support/social';

/**
 * Every route of SPEC §2 with real data behind it: each one renders its view (no error, crash or not-found
 * view, no uncaught page error, no message id where its text should be) in the single-column layout, with a
 * screenshot of each under /tmp/shots/tour-*.
 */
test.describe('route tour', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every route renders its view with real data', async ({ alice, bob }) => {
    await apiAs(bob, 'POST', `/api/v1/accounts/${alice.id}/follow`);
    await apiAs(alice, 'POST', `/api/v1/accounts/${bob.id}/follow`);
    const mediaId = await uploadPng(alice, 'A tiny test picture');
    const post = await apiAs<{ id: string; url: string }>(alice, 'POST', '/api/v1/statuses', {
      status: 'Tour of the #palchat routes with a link https://example.com/article',
      media_ids: [mediaId],
    });
    await apiAs(alice, 'POST', '/api/v1/statuses', {
      status: 'Which day works for the picnic?',
      poll: { options: ['Saturday', 'Sunday'], expires_in: 86_400 },
    });
    await apiAs(bob, 'POST', '/api/v1/statuses', {
      status: `Replying @${alice.username}`,
      in_reply_to_id: post.id,
    });
    await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/favourite`);
    await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/reblog`);
    await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/bookmark`);
    await apiAs(alice, 'POST', `/api/v1/statuses/${post.id}/pin`);
    const list = await apiAs<{ id: string }>(bob, 'POST', '/api/v1/lists', { title: 'Friends' });
    await apiAs(bob, 'POST', `/api/v1/lists/${list.id}/accounts`, { account_ids: [alice.id] });
    await apiAs(bob, 'POST', '/api/v1/tags/palchat/follow');
    await apiAs(bob, 'PUT', '/api/web/settings', { layout: 'single-column' });

    const page = bob.page;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    // a message rendered before its part of the catalogue had loaded (platform/i18n/use-complete-catalogue.ts)
    page.on('console', (message) => {
      if (message.text().includes('MISSING_TRANSLATION')) pageErrors.push(`${page.url()}: ${message.text()}`);
    });

    const routes = specRoutes({
      username: alice.username,
      accountId: alice.id,
      statusId: post.id,
      listId: list.id,
    });
    for (const [name, path] of routes) {
      await visit(page, path);
      await shot(page, `tour-${name}`);
    }

    // a few views show what was seeded
    await visit(page, '/pinned');
    await visit(page, `/@${alice.username}`);
    await expect(statusWith(page, 'Tour of the #palchat routes')).toBeVisible();
    await visit(page, '/favourites');
    await expect(statusWith(page, 'Tour of the #palchat routes')).toBeVisible();
    await visit(page, `/lists/${list.id}`);
    await expect(statusWith(page, 'Which day works for the picnic?')).toBeVisible();

    expect(pageErrors).toEqual([]);
  });
});

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.column, main').first()).toBeVisible();
  await expect(page.locator('#splash')).toHaveCount(0);
  // settle: the first screen's requests answered
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.error-view'), `error view on ${path}`).toHaveCount(0);
  expect(await messageIdsShown(page), `message ids instead of texts on ${path}`).toEqual([]);
}

const MESSAGE_IDS = Object.keys(
  JSON.parse(readFileSync(new URL('../src/locales/en.json', import.meta.url), 'utf8')) as Record<
    string,
    string
  >,
);

/** Catalogue ids in the page's text, labels, titles or placeholders: a text that was missing when rendered. */
async function messageIdsShown(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap(
      (element) => ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
  return MESSAGE_IDS.filter((id) => shown.includes(id));
}
