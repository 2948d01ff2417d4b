import type { Page } from '@playwright/test';
import { pseudoMessage } from '../build/pseudo-locale';
import { apiAs, makePals } from './messages-support';
import { catalogue } from './support/catalogue';
import { ROUTE_TAG, specRoutes } from './support/routes';
import { expect, test, uploadPng } from './support/social';

/*
 * Every route of SPEC §2 and the message box with a chat open, in the pseudo-locale of the e2e build (every
 * text accented and 40 % longer, build/pseudo-locale.ts), on a phone and on a desktop. Fails on English left
 * on screen (a text that bypassed the catalogue) and on clipped or overflowing text.
 */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const english = catalogue('en');
const pseudo = (id: keyof typeof english) => pseudoMessage(english[id]);

test('every route and the message box in the pseudo-locale: no English left, no clipped text', async ({
  alice,
  bob,
}) => {
  test.setTimeout(120_000);
  await makePals(alice, bob);
  const post = await apiAs<{ id: string }>(alice, 'POST', '/api/v1/statuses', {
    status: 'Pseudo tour of #palchat with https://example.com/article',
    media_ids: [await uploadPng(alice, 'A tiny test picture')],
  });
  await apiAs(alice, 'POST', '/api/v1/statuses', {
    status: 'Picnic day?',
    poll: { options: ['Saturday', 'Sunday'], expires_in: 86_400 },
  });
  await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/favourite`);
  await apiAs(bob, 'POST', `/api/v1/statuses/${post.id}/bookmark`);
  const list = await apiAs<{ id: string }>(bob, 'POST', '/api/v1/lists', { title: 'Friends' });
  await apiAs(bob, 'POST', `/api/v1/lists/${list.id}/accounts`, { account_ids: [alice.id] });
  await apiAs(alice, 'POST', '/api/v1/friend_messages', { recipient_id: bob.id, content: 'Hello Bob' });

  await bob.context.addInitScript(() => localStorage.setItem('palchat.e2e.pseudo-locale', '1'));
  const page = bob.page;
  // names that no locale translates: the people's, the list's and hashtag's, and the product's
  const userContent = [
    alice.username,
    bob.username,
    'Alice Author',
    'Bob Reader',
    'Friends',
    ROUTE_TAG,
    'Palchat',
  ];
  const problems: string[] = [];
  const check = async (where: string, viewports = [PHONE, DESKTOP]) => {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      const found = await problemsOnScreen(page, userContent);
      problems.push(...found.map((problem) => `${where} at ${viewport.width}px: ${problem}`));
    }
  };

  const routes = specRoutes({
    username: alice.username,
    accountId: alice.id,
    statusId: post.id,
    listId: list.id,
  });
  for (const [, path] of routes) {
    await visit(page, path);
    await check(path);
  }

  // the message box with a chat open: a tab of its own on a phone, docked on a desktop
  await visit(page, '/home');
  const tabs = page.getByRole('navigation', { name: pseudo('navigation.tab_bar') });
  await tabs.getByRole('button', { name: pseudo('navigation.messages') }).click();
  await openChat(page);
  await check('the message box', [PHONE]);
  await visit(page, '/home', DESKTOP);
  await page
    .getByTestId('message-box')
    .getByRole('button', { name: pseudo('messages.expand') })
    .click();
  await openChat(page);
  await check('the message box', [DESKTOP]);

  expect(problems).toEqual([]);
});

async function visit(page: Page, path: string, viewport = PHONE): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await expect(page.locator('.column, main').first()).toBeVisible();
  await expect(page.locator('#splash')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

async function openChat(page: Page): Promise<void> {
  const box = page.getByTestId('message-box');
  await box.getByTestId('conversation-row').first().getByRole('button').first().click();
  await expect(box.getByTestId('message').first()).toBeVisible();
}

/**
 * What the page shows that the pseudo-locale finds wrong: (a) words of plain ASCII letters (the pseudo-locale
 * accents every letter) outside the user's content (`dir="auto"`, names, handles, links, hashtags, times);
 * (b) text cut off by its box without an ellipsis, or running past its box or the viewport.
 */
function problemsOnScreen(page: Page, userContent: string[]): Promise<string[]> {
  return page.evaluate((userContent) => {
    // the user's content (people's names and handles are isolated in <bdi> wherever they show) and key names
    const NOT_UI_TEXT = '[dir="auto"], bdi, time, kbd, a[href^="http"], script, style, noscript';
    // month names: in a date that Intl formats (the pseudo-locale formats as English does)
    const months = [...Array(12).keys()].flatMap((month) =>
      ['long', 'short'].map((style) =>
        new Date(2000, month, 15).toLocaleDateString('en', { month: style as 'long' | 'short' }),
      ),
    );
    const found: string[] = [];
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    const englishIn = (text: string) => {
      let rest = text;
      for (const content of [...userContent, ...months]) rest = rest.split(content).join(' ');
      // handles, hashtags, links and domain names
      rest = rest.replace(/[@#][\w.@-]+|https?:\/\/\S+|[\w-]+(\.[\w-]+)+/g, ' ');
      return /(?<![\p{L}\p{N}])[A-Za-z]{3,}(?![\p{L}\p{N}])/u.exec(rest)?.[0];
    };
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`);

    const textElements = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      textElements.add(element);
      if (element.closest(NOT_UI_TEXT)) continue;
      const word = englishIn(node.textContent);
      if (word) found.push(`English "${word}" in ${describe(element)}`);
    }
    for (const element of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      const word = element.checkVisibility() ? englishIn(element.placeholder) : undefined;
      if (word) found.push(`English "${word}" in the placeholder of ${describe(element)}`);
    }

    for (const element of textElements) {
      if (element.closest('.visually-hidden')) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 || box.left < -1) found.push(`past the viewport: ${describe(element)}`);
      if (style.display === 'inline' || element.clientWidth === 0) continue;
      const scrolls = /auto|scroll/.test(style.overflowX);
      if (element.scrollWidth > element.clientWidth + 1 && !scrolls && style.textOverflow !== 'ellipsis')
        found.push(
          `${style.overflowX === 'visible' ? 'runs out of' : 'clipped by'} its box: ${describe(element)}`,
        );
    }
    return found;
  }, userContent);
}
