import { expect, test } from './support/test';
import {
  box,
  createUser,
  makePals,
  menuItem,
  messageBubble,
  openChatWith,
  screenshotBox,
  sendMessage,
  type ChatUser,
} from './messages-support';
import { lockIn, openEncryptedBox } from './encrypted-support';

test.describe('message box: encrypted group', () => {
  test.describe.configure({ timeout: 150_000 });
  let ann: ChatUser;
  let ben: ChatUser;
  let cat: ChatUser;

  test.beforeEach(async ({ browser, baseURL }) => {
    ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    cat = await createUser(browser, baseURL ?? '', 'cat', 'Cat Cooper');
    await makePals(ann, ben, cat);
  });

  test.afterEach(async () => {
    for (const user of [ann, ben, cat]) await user.context.close();
  });

  test('everyone reads the group; a removed member sees the removal, not what follows', async () => {
    for (const user of [ann, ben, cat]) await openEncryptedBox(user);

    await box(ann).getByRole('button', { name: 'New group chat' }).click();
    await box(ann).getByPlaceholder('Group chat name').fill('Secret crew');
    for (const person of [ben, cat]) {
      await box(ann).getByPlaceholder('Add people').fill(person.username);
      await box(ann).getByTestId('person').filter({ hasText: person.username }).click();
      await box(ann).getByPlaceholder('Add people').fill('');
    }
    await box(ann).getByRole('button', { name: 'Create group chat' }).click();
    await expect(lockIn(ann, 'header')).toBeVisible();
    await sendMessage(ann, 'Hello crew, only we can read this');
    for (const user of [ben, cat]) {
      await openChatWith(user, 'Secret crew');
      await expect(messageBubble(user, 'Hello crew, only we can read this')).toBeVisible();
    }
    await sendMessage(cat, 'Cat here');
    await expect(messageBubble(ben, 'Cat here')).toBeVisible();

    // Ann removes Cat: a commit removes every device of hers
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Manage participants').click();
    const dialog = ann.page.getByRole('dialog', { name: 'Manage participants' });
    await dialog
      .getByTestId('participant')
      .filter({ hasText: 'Cat Cooper' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ann.page
      .getByRole('alertdialog', { name: 'Remove Cat Cooper?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Cat Cooper' })).toHaveCount(0);
    await ann.page.keyboard.press('Escape');

    await expect(
      box(cat)
        .getByTestId('removed-notice')
        .or(box(cat).getByText('You were removed from this chat'))
        .first(),
    ).toBeVisible({ timeout: 20_000 });
    await sendMessage(ann, 'Now without Cat');
    await expect(messageBubble(ben, 'Now without Cat')).toBeVisible();
    await expect(box(cat).getByText('Now without Cat')).toHaveCount(0);
    await screenshotBox(cat, 'encrypted-removed');
  });
});
