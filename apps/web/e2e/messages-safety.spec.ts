import { expect, test } from './support/test';
import {
  apiAs,
  box,
  createUser,
  csrfOf,
  makePals,
  messageBubble,
  openBox,
  openChatWith,
  screenshotBox,
  sendMessage,
  menuItem,
  type ChatUser,
} from './messages-support';

test.describe('message box: block, report, settings, delete', () => {
  test.describe.configure({ timeout: 90_000 });
  let ann: ChatUser;
  let ben: ChatUser;

  test.beforeEach(async ({ browser, baseURL }) => {
    ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    await makePals(ann, ben);
    // a plain chat (made before either browser is an encrypted-chat device): the server's refusals are checked here
    await apiAs(ann, 'POST', '/api/v1/friend_messages', { recipient_id: ben.id, content: 'First message' });
    await openBox(ann);
    await openBox(ben);
    await openChatWith(ann, 'Ben Baker');
    await openChatWith(ben, 'Ann Archer');
  });

  test.afterEach(async () => {
    await ann.context.close();
    await ben.context.close();
  });

  test('blocking asks first, then prevents sending on both sides until unblocked', async () => {
    const asked = ann.page.getByRole('alertdialog', { name: 'Block Ben Baker?' });
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Block user').click();
    await expect(asked).toContainText('Any follows between you end, both ways');
    await ann.page.screenshot({ path: '/tmp/shots-confirm/chat-block-confirm-1280-light.png' });
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);
    await expect(box(ann).getByTestId('block-banner')).toHaveCount(0);
    const annSeenByBen = box(ben).locator('.mbox-chat__subtitle');
    await expect(annSeenByBen).toHaveText('Active now');
    const stillPals = await apiAs<{ following: boolean; followed_by: boolean }[]>(
      ann,
      'GET',
      `/api/v1/accounts/relationships?id[]=${ben.id}`,
    );
    expect(stillPals[0]).toMatchObject({ following: true, followed_by: true, blocking: false });

    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Block user').click();
    await asked.getByRole('button', { name: 'Block' }).click();
    await expect(box(ann).getByTestId('block-banner')).toContainText(
      'You have blocked this user. Unblock them to send messages.',
    );
    const annInput = box(ann).getByPlaceholder('Cannot send messages (user blocked)');
    await expect(annInput).toBeDisabled();
    await expect(box(ann).getByTestId('send-button')).toBeDisabled();

    // Ben's open chat learns about it live
    await expect(box(ben).getByTestId('block-banner')).toContainText(
      'This user has blocked you. You cannot send messages.',
    );
    // and no longer sees Ann "Active now": a block hides presence both ways
    await expect(annSeenByBen).not.toHaveText('Active now');
    await expect(box(ben).getByPlaceholder('Cannot send messages (user blocked)')).toBeDisabled();

    // the server refuses too
    const conversationId = await box(ben).getByTestId('chat-view').getAttribute('data-conversation-id');
    const refused = await ben.context.request.post('/api/v1/friend_messages', {
      headers: { 'X-CSRF-Token': await csrfOf(ben.context) },
      data: { conversation_id: conversationId, content: 'sneaky' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toBe('This user has blocked you. You cannot send messages.');
    await screenshotBox(ann, 'blocked');

    await box(ann).getByTestId('block-banner').getByRole('button', { name: 'Unblock user' }).click();
    await expect(box(ann).getByTestId('block-banner')).toHaveCount(0);
    await expect(box(ben).getByTestId('block-banner')).toHaveCount(0);
    await sendMessage(ben, 'Back again');
    await expect(messageBubble(ann, 'Back again')).toBeVisible();
  });

  test("a block from the partner's profile hides their presence in the open chat at once", async () => {
    const annSeenByBen = box(ben).locator('.mbox-chat__subtitle');
    await expect(annSeenByBen).toHaveText('Active now');
    await box(ben).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ben, 'View profile').click();
    const buttons = ben.page.locator('.account-header__buttons');
    await buttons.getByRole('button', { name: `More options for @${ann.username}` }).click();
    await menuItem(ben, `Block @${ann.username}`).click();
    await ben.page.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();
    // the chat stays open in the box; its header no longer says "Active now" (not after the next 60 s poll)
    await expect(box(ben).getByTestId('block-banner')).toContainText('You have blocked this user.');
    await expect(annSeenByBen).toHaveText(`@${ann.username}`);

    await buttons.getByRole('button', { name: `Unblock @${ann.username}` }).click();
    await expect(annSeenByBen).toHaveText('Active now');
    await expect(box(ben).getByTestId('block-banner')).toHaveCount(0);
  });

  test('report needs a reason; settings inherit, on and off; delete a message and the chat', async () => {
    // report
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Report').click();
    const report = ann.page.getByRole('dialog', { name: 'Report conversation' });
    await report.getByRole('button', { name: 'Submit report' }).click();
    await expect(report.getByRole('alert')).toHaveText('Please select a reason for the report.');
    await report.getByText('Spam').click();
    await report.getByRole('button', { name: 'Submit report' }).click();
    await expect(
      box(ann).getByRole('status').filter({ hasText: 'Report submitted. Thank you.' }),
    ).toBeVisible();
    // notifications go away after 3 s and can be closed
    await expect(
      box(ann).getByRole('status').filter({ hasText: 'Report submitted. Thank you.' }),
    ).toHaveCount(0, { timeout: 4500 });

    // per-conversation settings
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Notification & privacy settings').click();
    const settings = ann.page.getByRole('dialog', { name: 'Chat settings' });
    const typing = settings.getByRole('group', { name: 'Typing indicator' });
    await expect(typing.getByRole('radio', { name: 'Default (On)' })).toBeChecked();
    await typing.getByText('Off', { exact: true }).click();
    await expect(typing.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expect(settings.getByRole('switch', { name: 'Active status' })).toBeChecked();
    await screenshotBox(ann, 'settings');
    await settings.getByRole('button', { name: 'Close' }).click();
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Notification & privacy settings').click();
    await expect(
      ann.page
        .getByRole('dialog', { name: 'Chat settings' })
        .getByRole('group', { name: 'Typing indicator' })
        .getByRole('radio', { name: 'Off' }),
    ).toBeChecked();
    await ann.page
      .getByRole('dialog', { name: 'Chat settings' })
      .getByRole('button', { name: 'Close' })
      .click();

    // Delete only on messages the server allows
    await messageBubble(ann, 'First message').hover();
    await expect(
      messageBubble(ben, 'First message').getByRole('button', { name: 'Delete', exact: true }),
    ).toHaveCount(1);
    await messageBubble(ann, 'First message').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(box(ann).getByTestId('message').filter({ hasText: 'First message' })).toHaveCount(0);
    await expect(messageBubble(ben, 'First message')).toBeVisible();

    // delete the chat from the list
    await box(ann).getByRole('button', { name: 'Back' }).click();
    const row = box(ann).getByTestId('conversation-row').filter({ hasText: 'Ben Baker' });
    await row.hover();
    await row.getByRole('button', { name: 'Conversation options' }).click();
    await menuItem(ann, 'Delete Chat').click();
    await expect(ann.page.getByRole('alertdialog', { name: 'Delete Conversation' })).toContainText(
      'Are you sure you want to delete this conversation? This action cannot be undone.',
    );
    await ann.page.getByRole('alertdialog').getByRole('button', { name: 'Delete Conversation' }).click();
    await expect(row).toHaveCount(0);
  });
});
