import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { box, openBox, openChatWith, palsTest } from './messages-support';
import { postAndChat } from './support/content';
import { expect, test } from './support/test';

/**
 * axe-core over the main pages and the open message box, in the light and the dark theme (the account follows
 * the system, which the browser emulates): any `serious` or `critical` violation fails the run.
 */

const SCHEMES = ['light', 'dark'] as const;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Until the splash has gone and the page's requests are answered (the streaming socket does not count). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('#splash')).toHaveCount(0);
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
}

/** The serious and critical violations of the page (or of `include`), one readable entry per element. */
async function violationsOf(page: Page, where: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // passes and incomplete results are not needed: collecting them doubles the run
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${where}] ${violation.id} (${violation.impact}): ${violation.help}\n` +
          `    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    );
  // printed as found, so that a run cut short still shows them
  for (const entry of found) console.log(entry);
  return found;
}

/** Checks the page as it is in both schemes: the colours switch live, without a reload (CSS light-dark()). */
async function violationsInBothSchemes(page: Page, where: string, include?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await violationsOf(page, `${colorScheme} ${where}`, include)));
  }
  return found;
}

test('no serious or critical axe violation on the signed-out pages, light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const found: string[] = [];
  for (const path of ['/auth/sign_in', '/public/local']) {
    await page.goto(path);
    await settle(page);
    found.push(...(await violationsInBothSchemes(page, `signed out ${path}`)));
  }
  expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
});

palsTest(
  'no serious or critical axe violation in the open box and on the main pages, light and dark',
  async ({ ann, ben }) => {
    // 8 places × 2 schemes: about 40 s on an idle machine, minutes on a crowded one
    palsTest.setTimeout(600_000);
    const postId = await postAndChat(ann, ben, {
      post: 'Checking #accessibility with a pal',
      reply: 'Looks good to me',
      chat: ['Hi Ben, how are you?', 'Fine, thanks Ann!'],
    });

    const found: string[] = [];
    for (const path of [
      '/home',
      '/settings/preferences',
      `/@${ann.username}/${postId}`,
      '/notifications',
      '/explore',
      `/@${ben.username}`,
      '/search?q=accessibility',
    ]) {
      await ann.page.goto(path);
      await settle(ann.page);
      found.push(...(await violationsInBothSchemes(ann.page, path)));
      if (path === '/home') {
        // the box loads once the browser is idle: its chunk is cached by now
        await openBox(ann);
        await openChatWith(ann, 'Ben Baker');
        await expect(box(ann).getByTestId('message').filter({ hasText: 'Fine, thanks Ann!' })).toBeVisible();
        found.push(
          ...(await violationsInBothSchemes(ann.page, 'message box', '[data-testid="message-box"]')),
        );
      }
    }
    expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
  },
);
