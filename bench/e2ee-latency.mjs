// Encrypted chats in real browsers: from pressing Enter in the sender's open chat to the text shown (decrypted)
// in the recipient's open chat, in a two-person chat and a group, each beside the same figure for a plain chat;
// then the time for the group's admin to add a member to the group (claim, commit, Welcome, ordered by the server).
//
//   npm run bench:e2ee
//   BENCH_SAMPLES=40 BENCH_GROUP=50 BENCH_ADDS=10 npm run bench:e2ee
//
// The sender and the recipients are Chromium pages (one context each, the built client); the group's other
// members and its admin are @palchat/e2ee clients in this process, over HTTP, as another device would be.
/* global window, document, MutationObserver, HTMLTextAreaElement */
import { performance } from 'node:perf_hooks';
import { createDeployment, machineNote, pause, startServerProcess } from './lib/deployment.mjs';
import { deviceFor } from './lib/e2ee-clients.mjs';
import { seedMutualFollows, seedUsers } from './lib/seed.mjs';
import { ms, summarize } from './lib/stats.mjs';
import { ensureWebBuild, launchChromium } from './lib/web-client.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES || 40);
const GROUP = Number(process.env.BENCH_GROUP || 50);
const ADDS = Number(process.env.BENCH_ADDS || 10);
const GAP_MS = 150;

async function api(url, user, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A signed-in page with its box expanded: the browser registers as a device and uploads key packages. */
async function browserOf(browser, url, user) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: '_palchat_session', value: user.sessionSecret, url }]);
  const page = await context.newPage();
  await page.goto(`${url}/home`);
  const box = page.getByTestId('message-box');
  await box.waitFor({ state: 'attached', timeout: 30_000 });
  if ((await box.getAttribute('class'))?.includes('mbox--collapsed'))
    await box.getByRole('button', { name: 'Expand messages' }).click();
  await box.getByTestId('conversation-list').waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const devices = await api(url, user, 'GET', '/api/v1/e2ee/devices');
    if (devices.some((device) => device.key_packages_available >= 5)) break;
    if (Date.now() > deadline) throw new Error(`${user.username}'s browser did not become a device`);
    await pause(250);
  }
  await page.evaluate(() => {
    window.benchSeen = {};
    new MutationObserver(() => {
      for (const bubble of document.querySelectorAll('[data-testid="message"]')) {
        const marker = /lat:[^;]+;/.exec(bubble.textContent ?? '')?.[0];
        if (marker && !(marker in window.benchSeen))
          window.benchSeen[marker] = performance.timeOrigin + performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    window.benchSent = {};
    document.addEventListener(
      'keydown',
      (event) => {
        const target = event.target;
        if (event.key === 'Enter' && target instanceof HTMLTextAreaElement)
          window.benchSent[target.value] = performance.timeOrigin + performance.now();
      },
      true,
    );
  });
  return { user, page, box };
}

async function openChat(side, title) {
  const back = side.box.getByRole('button', { name: 'Back' });
  if (await back.isVisible()) await back.click(); // from the previous chat to the list
  await side.box
    .getByTestId('conversation-row')
    .filter({ hasText: title })
    .getByRole('button')
    .first()
    .click();
  await side.box.getByTestId('chat-title').filter({ hasText: title }).waitFor({ timeout: 30_000 });
  await side.box.getByPlaceholder('Type a message...').waitFor({ timeout: 30_000 });
}

/** SAMPLES messages from `sender` to `recipient`, both with the chat open: Enter → shown, in ms. */
async function latencies(label, sender, recipient, titles) {
  const [senderTitle, recipientTitle = senderTitle] = [titles].flat();
  await openChat(recipient, recipientTitle);
  await openChat(sender, senderTitle);
  const input = sender.box.getByPlaceholder('Type a message...');
  const samples = [];
  for (let index = 0; index < SAMPLES + 3; index += 1) {
    const marker = `lat:${label}:${index};`; // the bubble's time follows the text with no space
    await input.fill(marker);
    await input.press('Enter');
    await recipient.page
      .waitForFunction((m) => m in window.benchSeen, marker, { timeout: 30_000 })
      .catch(async (error) => {
        await sender.page.screenshot({ path: `/tmp/bench-e2ee-${label}-sender.png` });
        await recipient.page.screenshot({ path: `/tmp/bench-e2ee-${label}-recipient.png` });
        throw error;
      });
    const sent = await sender.page.evaluate((m) => window.benchSent[m], marker);
    const seen = await recipient.page.evaluate((m) => window.benchSeen[m], marker);
    if (index >= 3) samples.push(seen - sent); // the first ones warm up (chunks, sockets, caches)
    await pause(GAP_MS);
  }
  return summarize(samples);
}

const line = (what, figures) =>
  `${what.padEnd(34)} p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)}  max ${ms(figures.max)}  (${figures.count} messages)`;

const deployment = await createDeployment('sqlite', 'e2ee-latency');
let server;
let browser;
try {
  ensureWebBuild();
  console.log(`Encrypted chat latency (${machineNote()})`);
  // sender, the encrypted chats' recipient, the plain one-to-one's recipient, the groups' admin, the others
  const users = await seedUsers(deployment.db, GROUP + ADDS + 2, 'member');
  const [sender, recipient, plainRecipient, admin] = users;
  const others = users.slice(4, GROUP + 1);
  const newcomers = users.slice(GROUP + 1, GROUP + 1 + ADDS);
  await seedMutualFollows(deployment.db, [
    [sender, recipient],
    [sender, plainRecipient],
    ...users.filter((user) => user !== admin).map((user) => [admin, user]),
  ]);
  await deployment.closeDatabase();
  server = await startServerProcess(deployment.env);
  const { url } = server;
  browser = await launchChromium();
  const sides = [];
  for (const user of [sender, recipient, plainRecipient]) sides.push(await browserOf(browser, url, user));

  const adminDevice = await deviceFor(url, admin);
  // the members and newcomers only need a device with key packages: their clients are not read afterwards
  for (const user of [...others, ...newcomers]) await deviceFor(url, user);
  const senderNode = await deviceFor(url, sender, { name: 'bench' });

  // plain chats through the friend_messages API (always plain); encrypted ones by MLS clients
  await api(url, sender, 'POST', '/api/v1/friend_messages', {
    recipient_id: plainRecipient.id,
    content: 'hi',
  });
  const groupMembers = [sender, recipient, ...others].map((user) => user.id);
  await api(url, admin, 'POST', '/api/v1/friend_messages/conversations', {
    name: 'Plain group',
    participant_ids: groupMembers,
  });
  await senderNode.createConversation([recipient.id]);
  const encryptedGroup = await adminDevice.createConversation(groupMembers, 'Encrypted group');
  console.log(
    `groups of ${groupMembers.length + 1} people; ${SAMPLES} messages a chat, one every ${GAP_MS} ms`,
  );

  const [s, r, p] = sides;
  console.log(line('two people, plain', await latencies('plain2', s, p, ['User 2', 'User 0'])));
  console.log(line('two people, encrypted', await latencies('e2ee2', s, r, ['User 1', 'User 0'])));
  console.log(
    line(`${groupMembers.length + 1} people, plain`, await latencies('plainN', s, r, 'Plain group')),
  );
  console.log(
    line(`${groupMembers.length + 1} people, encrypted`, await latencies('e2eeN', s, r, 'Encrypted group')),
  );

  const adds = [];
  for (const newcomer of newcomers) {
    const started = performance.now();
    await adminDevice.addMembers(encryptedGroup.id, [newcomer.id]);
    adds.push(performance.now() - started);
  }
  const figures = summarize(adds);
  console.log(
    `add a member to the encrypted group (from ${groupMembers.length + 1} people): p50 ${ms(figures.p50)}  ` +
      `max ${ms(figures.max)}  (${figures.count} adds: claim, commit + Welcome, ordered)`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  await deployment.cleanup();
}
console.log(`done (${machineNote()})`);
