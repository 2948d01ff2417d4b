import type { Request } from '@playwright/test';
import { expect } from './support/test';
import {
  apiAs,
  box,
  createUser,
  csrfOf,
  makePals,
  menuItem,
  messageBubble,
  openBox,
  openChatWith,
  palsTest as test,
  sendMessage,
  startDirectChat,
} from './messages-support';

/** The web client's shared parts as the box uses them: one realtime connection, menus, opening and sending. */
test.describe('message box in the web client', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the social views and the message box share one WebSocket', async ({ ann, ben }) => {
    const sockets: string[] = [];
    ben.page.on('websocket', (socket) => sockets.push(socket.url()));
    await openBox(ben, '/home');
    // the box receives live events on the shared socket, the home timeline too
    await apiAs(ann, 'POST', '/api/v1/friend_messages', { recipient_id: ben.id, content: 'Over one socket' });
    await expect(
      box(ben).getByTestId('conversation-row').filter({ hasText: 'Over one socket' }),
    ).toBeVisible();
    await apiAs(ann, 'POST', '/api/v1/statuses', { status: 'A post seen live', visibility: 'public' });
    await expect(ben.page.getByRole('button', { name: '1 new post' })).toBeVisible({ timeout: 15_000 });
    // a view with a stream of its own joins the same socket
    await ben.page.getByRole('link', { name: 'Notifications' }).first().click();
    await ben.page.waitForTimeout(500);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toContain('/api/v1/streaming');
  });

  test('a chat with 105 unread messages opens at its newest one, also when opened again', async ({
    ann,
    ben,
  }) => {
    const first = await apiAs<{ conversation_id: string }>(ann, 'POST', '/api/v1/friend_messages', {
      recipient_id: ben.id,
      content: 'Unread number 1',
    });
    const csrf = await csrfOf(ann.context);
    for (let n = 2; n <= 105; n += 1) {
      const response = await ann.context.request.post('/api/v1/friend_messages', {
        headers: { 'X-CSRF-Token': csrf },
        data: { conversation_id: first.conversation_id, content: `Unread number ${n}` },
      });
      expect(response.ok()).toBe(true);
    }
    await openBox(ben);
    for (let round = 0; round < 3; round += 1) {
      await openChatWith(ben, 'Ann Archer');
      await expect(messageBubble(ben, 'Unread number 105')).toBeInViewport();
      await ben.page.waitForTimeout(600);
      await expect(messageBubble(ben, 'Unread number 105')).toBeInViewport();
      await expect(box(ben).getByTestId('scroll-to-bottom')).toHaveCount(0);
      if (round === 1) {
        // scrolled back into the history before leaving: the chat opens at the newest message anyway
        await box(ben).locator('.mbox-messages__scroller').hover();
        for (let i = 0; i < 6; i += 1) await ben.page.mouse.wheel(0, -2000);
        await expect(box(ben).getByTestId('scroll-to-bottom')).toBeVisible();
      }
      await box(ben).getByRole('button', { name: 'Back' }).click();
    }
  });

  test("a conversation row's menu renders above the rows below it", async ({
    ann,
    ben,
    browser,
    baseURL,
  }) => {
    const cat = await createUser(browser, baseURL ?? '', 'cat', 'Cat Cole');
    await makePals(ann, ben, cat);
    await apiAs(ben, 'POST', '/api/v1/friend_messages', { recipient_id: ann.id, content: 'Below the group' });
    await apiAs(ben, 'POST', '/api/v1/friend_messages/conversations', {
      name: 'Picnic',
      participant_ids: [ann.id, cat.id],
    });
    await openBox(ben);
    const rows = box(ben).getByTestId('conversation-row');
    await expect(rows.first()).toContainText('Picnic');
    await expect(rows.nth(1)).toContainText('Ann Archer');
    await rows.first().hover();
    await rows.first().getByRole('button', { name: 'Conversation options' }).click();
    // a pointer click (Playwright refuses one that another element would receive)
    await menuItem(ben, 'Delete group').click({ timeout: 5000 });
    await expect(ben.page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete this group?',
    );
    await expect(box(ben).getByTestId('chat-view')).toHaveCount(0);
    await cat.context.close();
  });

  test('the first message to someone shows at once as sent; a failed one keeps a retry with the same key', async ({
    ann,
    ben,
  }) => {
    const keys: string[] = [];
    let failNext = true;
    await ann.page.route('**/api/v1/friend_messages', async (route, request: Request) => {
      if (request.method() !== 'POST') return route.continue();
      keys.push((await request.allHeaders())['idempotency-key'] ?? '');
      if (failNext) {
        failNext = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return route.fulfill({ status: 503, json: { error: 'Service unavailable' } });
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return route.continue();
    });
    await openBox(ann);
    await startDirectChat(ann, ben);
    const input = box(ann).getByPlaceholder('Type a message...');
    await input.fill('Hello, first time');
    await input.press('Enter');
    // before the server answers: shown, as sent
    const bubble = messageBubble(ann, 'Hello, first time');
    await expect(bubble.getByTestId('receipt')).toHaveAttribute('data-receipt', 'sent', { timeout: 1000 });
    // the server refused: it stays, with a retry
    const failed = box(ann).getByTestId('message-failed');
    await expect(failed).toBeVisible();
    await expect(bubble).toBeVisible();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(bubble.getByTestId('receipt')).toHaveAttribute('data-receipt', 'sent');
    await expect(box(ann).getByTestId('chat-title')).toHaveText('Ben Baker');
    await expect(messageBubble(ann, 'Hello, first time').getByTestId('receipt')).toHaveAttribute(
      'data-receipt',
      'delivered',
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect(box(ann).getByTestId('message').filter({ hasText: 'Hello, first time' })).toHaveCount(1);
    // the next message in the now existing chat is sent as before
    await sendMessage(ann, 'And a second one');
  });

  test('what is typed while the first message opens the conversation stays in the composer, focused', async ({
    ann,
    ben,
  }) => {
    await ann.page.route('**/api/v1/friend_messages', async (route, request: Request) => {
      if (request.method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
      return route.continue();
    });
    await openBox(ann);
    await startDirectChat(ann, ben);
    const input = box(ann).getByPlaceholder('Type a message...');
    await input.fill('Hi there');
    await input.press('Enter');
    await ann.page.keyboard.type('and one more thing');
    // the server answered: the new chat became the conversation, with a composer of its own
    await expect(box(ann).getByTestId('chat-title')).toHaveText('Ben Baker');
    await expect(input).toHaveValue('and one more thing');
    await expect(input).toBeFocused();
    await ann.page.keyboard.type('!');
    await ann.page.keyboard.press('Enter');
    await expect(messageBubble(ann, 'and one more thing!')).toBeVisible();
    await expect(input).toHaveValue('');
  });
});
