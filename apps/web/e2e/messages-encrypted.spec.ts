import { expect } from './support/test';
import {
  box,
  messageBubble,
  openChatWith,
  palsTest as test,
  screenshotBox,
  sendMessage,
  startDirectChat,
} from './messages-support';
import { attachPicture, lockIn, openEncryptedBox, pictureLoaded, secondBrowser } from './encrypted-support';

test.describe('message box: encrypted one-to-one chat', () => {
  test.describe.configure({ timeout: 120_000 });

  test('text, reply, reaction, photos, receipts and typing, end to end', async ({ ann, ben }) => {
    await openEncryptedBox(ann);
    await openEncryptedBox(ben);

    await startDirectChat(ann, ben);
    await expect(lockIn(ann, 'header')).toBeVisible();
    await expect(box(ann).getByTestId('chat-privacy-note')).toContainText(
      'Messages, photos, reactions and receipts in this chat are end-to-end encrypted',
    );
    await screenshotBox(ann, 'encrypted-empty');
    await sendMessage(ann, 'Hello Ben, secretly!');

    // Ben's list: the lock, and the preview his device decrypted
    const row = box(ben).getByTestId('conversation-row').filter({ hasText: 'Ann Archer' });
    await expect(lockIn(ben, 'row')).toBeVisible();
    await expect(row.getByTestId('conversation-preview')).toHaveText('Hello Ben, secretly!');
    await expect(row.getByTestId('conversation-unread')).toHaveText('1');
    await openChatWith(ben, 'Ann Archer');
    await expect(messageBubble(ben, 'Hello Ben, secretly!')).toBeVisible();
    await expect(lockIn(ben, 'header')).toBeVisible();

    // Ben opened it: his Read reaches Ann
    await expect(messageBubble(ann, 'Hello Ben, secretly!').getByTestId('receipt')).toHaveAttribute(
      'data-receipt',
      'read',
    );

    // typing travels as an ephemeral encrypted message
    await box(ben).getByPlaceholder('Type a message...').pressSequentially('Hi An', { delay: 40 });
    await expect(box(ann).getByTestId('typing-indicator')).toHaveText('Ben Baker is typing...');
    await box(ben).getByPlaceholder('Type a message...').fill('');

    // a reply from Ben quotes Ann's message on both sides
    await messageBubble(ben, 'Hello Ben, secretly!').hover();
    await messageBubble(ben, 'Hello Ben, secretly!').getByRole('button', { name: 'Reply' }).click();
    await sendMessage(ben, 'Hi Ann, nobody else can read this');
    await expect(messageBubble(ann, 'Hi Ann, nobody else can read this')).toContainText(
      'Hello Ben, secretly!',
    );

    // a reaction from Ann appears for Ben
    await messageBubble(ann, 'Hi Ann, nobody else can read this').hover();
    await messageBubble(ann, 'Hi Ann, nobody else can read this')
      .getByRole('button', { name: 'React', exact: true })
      .click();
    await box(ann).getByRole('button', { name: 'React with ❤️' }).click();
    await expect(messageBubble(ben, 'Hi Ann, nobody else can read this').getByTestId('reaction')).toHaveText(
      '❤️ 1',
    );

    // photos both ways: encrypted in the sender's browser, decrypted in the recipient's
    await attachPicture(ann, '#ff6a88');
    await sendMessage(ann, 'A picture for you');
    await pictureLoaded(messageBubble(ben, 'A picture for you'));
    await attachPicture(ben, '#6a8bff');
    await sendMessage(ben, 'And one back');
    await pictureLoaded(messageBubble(ann, 'And one back'));
    await screenshotBox(ben, 'encrypted-chat');

    // Ben deletes his picture for everyone (asked first): gone on Ann's side too
    await messageBubble(ben, 'And one back').hover();
    await messageBubble(ben, 'And one back').getByRole('button', { name: 'Delete for everyone' }).click();
    await ben.page
      .getByRole('alertdialog', { name: 'Delete for everyone?' })
      .getByRole('button', { name: 'Delete for everyone' })
      .click();
    await expect(box(ann).getByTestId('message').filter({ hasText: 'And one back' })).toHaveCount(0);
    await expect(box(ben).getByTestId('message').filter({ hasText: 'And one back' })).toHaveCount(0);

    // the chat on a phone, light and dark
    await ben.page.setViewportSize({ width: 375, height: 740 });
    await screenshotBox(ben, 'encrypted-chat-phone');
    await ben.page.emulateMedia({ colorScheme: 'dark' });
    await screenshotBox(ben, 'encrypted-chat-phone-dark');
    await ben.page.setViewportSize({ width: 1280, height: 800 });
    await screenshotBox(ben, 'encrypted-chat-dark');
    await box(ben).getByRole('button', { name: 'Back' }).click();
    await screenshotBox(ben, 'encrypted-list-dark');
    await openChatWith(ben, 'Ann Archer');

    // search runs over what Ann's device decrypted
    await box(ann).getByRole('button', { name: 'Back' }).click();
    await box(ann).getByPlaceholder('Search all messages...').fill('nobody else');
    const result = box(ann).getByTestId('search-result');
    await expect(result).toHaveCount(1);
    await result.click();
    await expect(messageBubble(ann, 'Hi Ann, nobody else can read this')).toHaveClass(/is-highlighted/);

    // the server holds no plaintext: its own read of the conversation has no message content
    const page = await ben.context.request.get(
      `/api/v1/friend_messages/conversations/${await box(ben).getByTestId('chat-view').getAttribute('data-conversation-id')}`,
    );
    expect(await page.text()).not.toContain('nobody else can read this');
  });
});

test.describe('message box: a second device', () => {
  test.describe.configure({ timeout: 120_000 });

  test('joins the encrypted chats and reads what follows, with a placeholder for before', async ({
    ann,
    ben,
    browser,
    baseURL,
  }) => {
    await openEncryptedBox(ann);
    await openEncryptedBox(ben);
    await startDirectChat(ann, ben);
    await sendMessage(ann, 'Before your new laptop');
    await expect(
      box(ben)
        .getByTestId('conversation-row')
        .filter({ hasText: 'Ann Archer' })
        .getByTestId('conversation-preview'),
    ).toHaveText('Before your new laptop');

    // Ben signs in on a new browser: Ann's device adds it to their chat
    const laptop = await secondBrowser(browser, baseURL ?? '', ben);
    try {
      await openEncryptedBox(laptop, 2);
      await openChatWith(laptop, 'Ann Archer');
      await expect(
        box(laptop).getByText("Messages sent before this device joined this chat can't be shown here."),
      ).toBeVisible({ timeout: 20_000 });
      await expect(box(laptop).getByText('Before your new laptop')).toHaveCount(0);

      await sendMessage(ann, 'Hello to both your devices');
      await expect(messageBubble(laptop, 'Hello to both your devices')).toBeVisible();
      await openChatWith(ben, 'Ann Archer');
      await expect(messageBubble(ben, 'Hello to both your devices')).toBeVisible();
      // Ann's chat says Ben added a device
      await expect(box(ann).getByText('Ben Baker added a new device')).toBeVisible();
      await screenshotBox(laptop, 'encrypted-second-device');
    } finally {
      await laptop.context.close();
    }
  });
});
