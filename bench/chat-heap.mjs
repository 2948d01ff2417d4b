// Chat history in memory (issue #17): how much the JS heap grows while a reader scrolls a 10,000-message chat
// from its newest message to its very first one.
//
//   npm run bench:chat-heap          (BENCH_MESSAGES=n for another length; builds apps/web when dist is missing)
//
// Seeds two accounts and their direct chat straight into a fresh SQLite database, opens the chat in Chromium
// (1280 px wide, the box expanded), reads the JS heap after a full garbage collection, scrolls up with the
// mouse wheel (the list loads older pages as it goes) until the first message is shown, and reads it again.
import { createDeployment, machineNote, pause, startServerProcess } from './lib/deployment.mjs';
import { seedDirectChat, seedMutualFollows, seedUsers } from './lib/seed.mjs';
import { ensureWebBuild, heapAfterGc, launchChromium, mib } from './lib/web-client.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
/** Issue #17: scrolling through 10,000 messages grows the heap by at most this. */
const GROWTH_BUDGET_MIB = 2;
const SCROLL_DEADLINE_MS = 15 * 60_000;

const textOf = (n) => `Message ${n} of ${MESSAGES}: a line of chat, long enough to look like one.`;
const FIRST = textOf(1);
const LAST = textOf(MESSAGES);

/** The signed-in /home with the box expanded and the chat with `title` open at its newest message. */
async function openChat(page, url, title) {
  await page.goto(`${url}/home`);
  const box = page.getByTestId('message-box');
  await box.waitFor();
  if ((await box.getAttribute('class'))?.includes('mbox--collapsed')) {
    await box.getByRole('button', { name: 'Expand messages' }).click();
  }
  await box.getByTestId('conversation-row').filter({ hasText: title }).getByRole('button').first().click();
  await box.getByTestId('message').filter({ hasText: LAST }).waitFor();
  return box;
}

/**
 * Puts the pointer over the message list; answers a function that wheels up until the first message is in the
 * DOM and resolves to the number of wheel turns. Every locator it uses has run once before it is called, so
 * that Playwright's own script in the page is there before the first heap reading, not counted as growth.
 */
async function prepareScroll(page, box) {
  const scroller = box.locator('.mbox-messages__scroller');
  const area = await scroller.boundingBox();
  if (!area) throw new Error('the message list is not shown');
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  const first = box.getByTestId('message').filter({ hasText: FIRST });
  await first.count();
  return async () => {
    const deadline = Date.now() + SCROLL_DEADLINE_MS;
    let turns = 0;
    while ((await first.count()) === 0) {
      if (Date.now() > deadline)
        throw new Error(`the first message was not reached in ${SCROLL_DEADLINE_MS} ms`);
      await page.mouse.wheel(0, -2000);
      turns += 1;
      await pause(50);
    }
    return turns;
  };
}

const deployment = await createDeployment('sqlite', 'chat-heap');
let server;
let browser;
try {
  ensureWebBuild();
  console.log(`Chat heap (${machineNote()})`);
  const [ann, ben] = await seedUsers(deployment.db, 2, 'chatter');
  await seedMutualFollows(deployment.db, [[ann, ben]]);
  await seedDirectChat(deployment.db, ann, ben, MESSAGES, textOf);
  await deployment.closeDatabase();
  server = await startServerProcess(deployment.env);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: '_palchat_session', value: ben.sessionSecret, url: server.url }]);
  const page = await context.newPage();

  const box = await openChat(page, server.url, 'User 0');
  const scrollToFirst = await prepareScroll(page, box);
  const rows = () => box.getByTestId('message').count();
  await rows();
  const before = await heapAfterGc(page);
  console.log(`Chat of ${MESSAGES} messages open at its newest: JS heap ${mib(before)} after a full GC`);
  const started = Date.now();
  const turns = await scrollToFirst();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const shown = await rows();
  const after = await heapAfterGc(page);
  console.log(
    `Scrolled to the first message (${turns} wheel turns, ${seconds} s, ${shown} message rows in the DOM): JS heap ${mib(after)} after a full GC`,
  );
  const growth = after - before;
  console.log(
    `Growth: ${mib(growth)} (budget ${GROWTH_BUDGET_MIB} MiB: ${growth <= GROWTH_BUDGET_MIB * 1024 * 1024 ? 'within' : 'OVER'})`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  await deployment.cleanup();
}
