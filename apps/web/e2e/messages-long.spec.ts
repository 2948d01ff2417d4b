import { expect, test } from './support/test';
import {
  apiAs,
  box,
  createUser,
  csrfOf,
  makePals,
  openBox,
  openChatWith,
  type ChatUser,
} from './messages-support';

/** 10,000 in the full check (E2E_LONG_CHAT=10000, about 4 minutes of seeding); 2,000 by default. */
const TOTAL = Number(process.env.E2E_LONG_CHAT ?? 2000);
const LAST = 'The very last message';

/** Sends many messages through the API, a few requests at a time. */
async function seedMessages(from: ChatUser, conversationId: string, count: number) {
  const csrf = await csrfOf(from.context);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const response = await from.context.request.post('/api/v1/friend_messages', {
        headers: { 'X-CSRF-Token': csrf },
        data: { conversation_id: conversationId, content: `Message number ${n + 1}` },
      });
      if (!response.ok()) throw new Error(`seed ${n}: ${response.status()} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

test('a long conversation opens and scrolls with only visible rows in the DOM', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
  const ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
  await makePals(ann, ben);
  const first = await apiAs<{ conversation_id: string }>(ann, 'POST', '/api/v1/friend_messages', {
    recipient_id: ben.id,
    content: 'Message number 0',
  });
  await seedMessages(ann, first.conversation_id, TOTAL - 2);
  await apiAs(ann, 'POST', '/api/v1/friend_messages', {
    conversation_id: first.conversation_id,
    content: LAST,
  });

  await openBox(ben);
  const started = Date.now();
  await openChatWith(ben, 'Ann Archer');
  await expect(box(ben).getByTestId('message').filter({ hasText: LAST })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(await box(ben).getByTestId('message').count()).toBeLessThan(80);

  // scrolling up loads older pages above without losing the place; the DOM stays small
  const scroller = box(ben).locator('.mbox-messages__scroller');
  for (let i = 0; i < 12; i += 1) {
    await scroller.evaluate((el) => el.scrollBy(0, -4000));
    await ben.page.waitForTimeout(150);
  }
  await expect(box(ben).getByText(LAST, { exact: true })).toHaveCount(0);
  expect(await box(ben).getByTestId('message').count()).toBeLessThan(80);
  await expect(box(ben).getByTestId('scroll-to-bottom')).toBeVisible();
  await box(ben).getByTestId('scroll-to-bottom').click();
  await expect(box(ben).getByTestId('message').filter({ hasText: LAST })).toBeVisible();
  await expect(box(ben).getByTestId('scroll-to-bottom')).toHaveCount(0);

  // the list of the other user stays correct too
  await openBox(ann);
  await expect(box(ann).getByTestId('conversation-preview').first()).toHaveText(`You: ${LAST}`);
  await ann.context.close();
  await ben.context.close();
});
