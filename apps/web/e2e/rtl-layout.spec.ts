import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { CURRENT_INTRODUCTION_VERSION, type UserSettings } from '@palchat/api';
import { apiAs, palsTest as test, type ChatUser } from './messages-support';
import { postAndChat } from './support/content';
import { expect } from './support/test';

/**
 * Arabic mirrors English: /home, a profile, the deck and the open message box are laid out in Arabic as the
 * English pages are, mirrored across the viewport. Text differs between the two, so what is compared is the
 * layout: the boxes of landmark elements (navigation, columns, compose, the dock, bubbles, header buttons). Every
 * element and action is found without its text, so the spec reads the same in either language.
 * The screenshots (light and dark, desktop and phone) are kept in test-results/rtl for a person to look at.
 */

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/rtl');
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 375, height: 812 };
/** px: sub-pixel rounding and fonts that differ a little between the two languages */
const TOLERANCE = 4;

interface Landmark {
  selector: string;
  /** the edge that holds still when the text inside changes: 'start' (English left) or 'end'; both by default */
  edge?: 'start' | 'end';
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A view of the app: where it is, how to get it on screen, and what to measure on it. */
interface View {
  name: string;
  layout: UserSettings['layout'];
  open: (page: Page) => Promise<void>;
  landmarks: Landmark[];
}

const MESSAGE_BOX = '[data-testid="message-box"]';

async function openChat(page: Page, phone: boolean): Promise<void> {
  await page.goto('/home');
  await expect(page.locator(MESSAGE_BOX)).toBeAttached({ timeout: 30_000 });
  // the Messages tab on a phone (the fourth), the box's title button elsewhere
  await page.locator(phone ? '.tab-bar__tab >> nth=3' : `${MESSAGE_BOX} .mbox-toolbar__title-button`).click();
  await page.locator(`${MESSAGE_BOX} [data-testid="conversation-row"] button`).first().click();
  await expect(page.locator(`${MESSAGE_BOX} .mbox-message--other .mbox-bubble`)).toBeVisible();
}

const homeLandmarks: Landmark[] = [
  { selector: '.ui-header__logo', edge: 'start' },
  { selector: '.ui-header__actions', edge: 'end' },
  { selector: '.main-column' },
  { selector: '.main-column .status__header', edge: 'start' },
];

const chatLandmarks: Landmark[] = [
  { selector: `${MESSAGE_BOX} .mbox-header .icon-button` },
  { selector: `${MESSAGE_BOX} .mbox-message--own .mbox-bubble`, edge: 'end' },
  { selector: `${MESSAGE_BOX} .mbox-message--other .mbox-bubble`, edge: 'start' },
];

const VIEWS: Record<'desktop' | 'phone', View[]> = {
  desktop: [
    {
      // /home with a chat open in the docked box
      name: 'home',
      layout: 'single-column',
      open: (page) => openChat(page, false),
      landmarks: [
        ...homeLandmarks,
        { selector: '.navigation-column' },
        { selector: '.compose-panel' },
        { selector: MESSAGE_BOX },
        ...chatLandmarks,
        { selector: `${MESSAGE_BOX} .mbox-composer textarea` },
      ],
    },
    {
      name: 'profile',
      layout: 'single-column',
      open: (page) => page.goto('/@' + PROFILE.name).then(() => undefined),
      landmarks: [
        { selector: '.navigation-column' },
        { selector: '.main-column' },
        { selector: '.account-header__avatar' },
        { selector: '.account-header__buttons', edge: 'end' },
        { selector: '.account-header__name', edge: 'start' },
      ],
    },
    {
      name: 'deck',
      layout: 'multi-column',
      open: (page) => page.goto('/deck/getting-started').then(() => undefined),
      landmarks: [{ selector: '.column-slot' }, { selector: MESSAGE_BOX }],
    },
  ],
  phone: [
    {
      name: 'home',
      layout: 'auto',
      open: (page) => page.goto('/home').then(() => undefined),
      landmarks: [...homeLandmarks, { selector: '.tab-bar__tab' }],
    },
    { name: 'message-box', layout: 'auto', open: (page) => openChat(page, true), landmarks: chatLandmarks },
  ],
};

/** The profile shown (set once the users exist). */
const PROFILE = { name: '' };

/** The boxes of every visible element each landmark selects, in document order. */
function measure(page: Page, landmarks: Landmark[]): Promise<Box[][]> {
  return page.evaluate(
    (selectors) =>
      selectors.map((selector) =>
        [...document.querySelectorAll(selector)]
          .map((element) => element.getBoundingClientRect())
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .map(({ x, y, width, height }) => ({ x, y, width, height })),
      ),
    landmarks.map((landmark) => landmark.selector),
  );
}

/** Differences between the Arabic boxes and the English ones mirrored across `width`, one line each. */
function mirrorMismatches(landmarks: Landmark[], english: Box[][], arabic: Box[][], width: number): string[] {
  const found: string[] = [];
  landmarks.forEach(({ selector, edge }, index) => {
    const [en = [], ar = []] = [english[index], arabic[index]];
    if (en.length === 0 || en.length !== ar.length) {
      found.push(`${selector}: ${en.length} in English, ${ar.length} in Arabic`);
      return;
    }
    en.forEach((box, at) => {
      const mirror = ar[at] as Box;
      const off = (what: string, expected: number, actual: number) => {
        if (Math.abs(expected - actual) > TOLERANCE)
          found.push(`${selector} #${at} ${what}: ${actual.toFixed(1)} instead of ${expected.toFixed(1)}`);
      };
      // the start edge (English left) becomes the right, the end edge the left
      if (edge !== 'end') off('right edge', width - box.x, mirror.x + mirror.width);
      if (edge !== 'start') off('left edge', width - box.x - box.width, mirror.x);
      off('top', box.y, mirror.y);
    });
  });
  return found;
}

async function saveSettings(user: ChatUser, settings: Partial<UserSettings>): Promise<void> {
  await apiAs(user, 'PUT', '/api/web/settings', settings);
}

interface Measured {
  boxes: Box[][];
  width: number;
}

/**
 * Every view of `device` for `user` in `locale`, each measured and screenshotted in light and dark (the system
 * theme, switched by the emulated colour scheme: no reload).
 */
async function lookAtAll(
  browser: Browser,
  user: ChatUser,
  device: keyof typeof VIEWS,
  locale: 'en' | 'ar',
): Promise<Measured[]> {
  const context = await browser.newContext({
    storageState: await user.context.storageState(),
    viewport: device === 'phone' ? PHONE : DESKTOP,
    baseURL: test.info().project.use.baseURL,
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const measured: Measured[] = [];
  for (const view of VIEWS[device]) {
    await saveSettings(user, { locale, theme: 'system', layout: view.layout });
    await view.open(page);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    for (const { selector } of view.landmarks) await expect(page.locator(selector).first()).toBeVisible();
    measured.push({
      boxes: await measure(page, view.landmarks),
      width: await page.evaluate(() => document.documentElement.clientWidth),
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/${view.name}-${device}-${colorScheme}-${locale}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await context.close();
  return measured;
}

test('in Arabic, home, a profile, the deck and the open message box are the English ones mirrored', async ({
  browser,
  ann,
  ben,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  PROFILE.name = ben.username;
  await postAndChat(ann, ben, {
    post: 'A post with a picnic in it, long enough to wrap at least once on a phone screen.',
    reply: 'I will bring the lemonade!',
    chat: ['Hello Ben, picnic on Saturday?', 'Yes! مرحبا'],
  });
  await apiAs(ann, 'POST', '/api/v1/statuses', { status: 'Home has a post of my own too.' });
  await saveSettings(ann, { introductionVersion: CURRENT_INTRODUCTION_VERSION });

  const mismatches: string[] = [];
  for (const device of ['desktop', 'phone'] as const) {
    const english = await lookAtAll(browser, ann, device, 'en');
    const arabic = await lookAtAll(browser, ann, device, 'ar');
    VIEWS[device].forEach((view, index) => {
      const [en, ar] = [english[index] as Measured, arabic[index] as Measured];
      expect(ar.width).toBe(en.width);
      for (const line of mirrorMismatches(view.landmarks, en.boxes, ar.boxes, en.width))
        mismatches.push(`${view.name} (${device}): ${line}`);
    });
  }
  expect(mismatches).toEqual([]);
});
