import { expect, test } from './support/test';
import {
  box,
  createUser,
  makePals,
  messageBubble,
  openBox,
  openChatWith,
  screenshotBox,
  sendMessage,
  startDirectChat,
  menuItem,
  type ChatUser,
} from './messages-support';

test.describe('message box: one-to-one', () => {
  test.describe.configure({ timeout: 90_000 });
  let ann: ChatUser;
  let ben: ChatUser;

  test.beforeEach(async ({ browser, baseURL }) => {
    ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    await makePals(ann, ben);
  });

  test.afterEach(async () => {
    await ann.context.close();
    await ben.context.close();
  });

  test('a full conversation with typing, read receipts and a reaction seen live', async () => {
    await openBox(ann);
    await openBox(ben);
    await expect(box(ann).getByTestId('conversations-empty')).toBeVisible();
    await screenshotBox(ann, 'empty');

    await box(ann).getByRole('button', { name: 'New message' }).first().click();
    await box(ann).getByPlaceholder('Search people').fill('zzzz-nobody');
    await expect(box(ann).getByTestId('no-users')).toHaveText('No users found.');
    await box(ann).getByRole('button', { name: 'Back' }).click();
    await startDirectChat(ann, ben);
    await expect(box(ann).getByText('Say hello to your pal!')).toBeVisible();

    // the input grows with its lines up to 120 px
    const input = box(ann).getByPlaceholder('Type a message...');
    await input.fill('1\n2\n3\n4\n5\n6\n7\n8\n9');
    const height = await input.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(100);
    expect(height).toBeLessThanOrEqual(120);
    await input.fill('');
    await sendMessage(ann, 'Hello Ben!');
    await expect(messageBubble(ann, 'Hello Ben!').getByTestId('receipt')).toHaveAttribute(
      'data-receipt',
      'delivered',
    );

    // Ben sees the conversation arrive live, with preview and unread badge
    const row = box(ben).getByTestId('conversation-row').filter({ hasText: 'Ann Archer' });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('conversation-preview')).toHaveText('Hello Ben!');
    await expect(row.getByTestId('conversation-unread')).toHaveText('1');

    // minimised: the unread total shows on the toolbar
    await box(ben).getByRole('button', { name: 'Minimise messages' }).click();
    await expect(box(ben).getByTestId('unread-total')).toHaveText('1');
    await box(ben).getByRole('button', { name: 'Expand messages' }).click();

    await openChatWith(ben, 'Ann Archer');
    // opening marks read: Ann's receipt turns to read
    await expect(messageBubble(ann, 'Hello Ben!').getByTestId('receipt')).toHaveAttribute(
      'data-receipt',
      'read',
    );

    // typing indicator on the other side
    await box(ben).getByPlaceholder('Type a message...').pressSequentially('Hi An', { delay: 30 });
    await expect(box(ann).getByTestId('typing-indicator')).toHaveText('Ben Baker is typing...');
    await box(ben).getByPlaceholder('Type a message...').press('Shift+Enter');
    await box(ben).getByPlaceholder('Type a message...').pressSequentially('how are you?');
    await box(ben).getByPlaceholder('Type a message...').press('Enter');
    await expect(messageBubble(ann, 'how are you?')).toBeVisible();
    await expect(box(ann).getByTestId('typing-indicator')).toHaveCount(0);
    await expect(messageBubble(ann, 'how are you?')).toContainText('Hi An\nhow are you?');
    // Ann has the chat open: it is marked read 100 ms later, so Ben's receipt becomes read
    await expect(messageBubble(ben, 'how are you?').getByTestId('receipt')).toHaveAttribute(
      'data-receipt',
      'read',
    );

    // a reaction from Ann appears live for Ben
    await messageBubble(ann, 'how are you?').hover();
    await messageBubble(ann, 'how are you?').getByRole('button', { name: 'React', exact: true }).click();
    await box(ann).getByRole('button', { name: 'React with ❤️' }).click();
    await expect(messageBubble(ben, 'how are you?').getByTestId('reaction')).toHaveText('❤️ 1');
    await expect(messageBubble(ann, 'how are you?').getByTestId('reaction')).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // bubble times are 24-hour HH:mm
    await expect(messageBubble(ann, 'Hello Ben!').getByTestId('bubble-time')).toHaveText(/^\d{2}:\d{2}$/);
    await screenshotBox(ann, 'chat');
    await ann.page.screenshot({ path: '/tmp/shots/box-page.png' });

    // reply
    await messageBubble(ben, 'Hello Ben!').hover();
    await messageBubble(ben, 'Hello Ben!').getByRole('button', { name: 'Reply' }).click();
    await expect(box(ben).getByTestId('reply-bar')).toContainText('Replying to Ann Archer');
    await sendMessage(ben, 'Replying here');
    await expect(messageBubble(ann, 'Replying here')).toContainText('Hello Ben!');

    // back to the list: preview with 'You: ' and the newest first
    await box(ann).getByRole('button', { name: 'Back' }).click();
    await expect(box(ann).getByTestId('conversation-preview').first()).toHaveText('Replying here');
    await screenshotBox(ann, 'list');
  });

  test('profile view from the chat navigates to /@username', async () => {
    await openBox(ann);
    await startDirectChat(ann, ben);
    await sendMessage(ann, 'hey');
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'View profile').click();
    await expect(ann.page).toHaveURL(new RegExp(`/@${ben.username}$`));
  });
});
