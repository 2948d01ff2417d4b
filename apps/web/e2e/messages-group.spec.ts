import { expect, test } from './support/test';
import {
  apiAs,
  box,
  createUser,
  makePals,
  openBox,
  openChatWith,
  screenshotBox,
  menuItem,
  type ChatUser,
} from './messages-support';

test.describe('message box: groups', () => {
  test.describe.configure({ timeout: 90_000 });
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

  async function pickPeople(user: ChatUser, ...people: ChatUser[]) {
    for (const person of people) {
      await box(user).getByPlaceholder('Add people').fill(person.username);
      await box(user).getByTestId('person').filter({ hasText: person.username }).click();
      await box(user).getByPlaceholder('Add people').fill('');
    }
  }

  test('create, rename, add and remove, transfer ownership, leave and dissolve', async ({
    browser,
    baseURL,
  }) => {
    const dan = await createUser(browser, baseURL ?? '', 'dan', 'Dan Dale');
    await makePals(ann, dan);
    await openBox(ann);
    await openBox(ben);
    await openBox(cat);

    // group creation rules
    await box(ann).getByRole('button', { name: 'New group chat' }).click();
    const create = box(ann).getByRole('button', { name: 'Create group chat' });
    await expect(box(ann).getByPlaceholder('Group chat name')).toBeVisible();
    await expect(
      box(ann).getByText('A group chat needs at least 3 people in all, including you.'),
    ).toBeVisible();
    await expect(create).toBeDisabled();
    await pickPeople(ann, ben);
    await expect(box(ann).getByTestId('group-error')).toHaveText('Please enter a group chat name.');
    await box(ann).getByPlaceholder('Group chat name').fill('Weekend crew');
    await expect(box(ann).getByTestId('group-error')).toHaveText(
      'Please select at least 2 users to create a group chat.',
    );
    await expect(create).toBeDisabled();
    await pickPeople(ann, cat);
    await expect(create).toBeEnabled();
    await box(ann).getByPlaceholder('Group chat name').fill('   ');
    await expect(create).toBeDisabled();
    await box(ann).getByPlaceholder('Group chat name').fill('Weekend crew');
    await screenshotBox(ann, 'group-creation');
    await create.click();
    await expect(box(ann).getByTestId('chat-title')).toHaveText('Weekend crew');

    // the others see it without reload
    await expect(box(ben).getByTestId('conversation-row').filter({ hasText: 'Weekend crew' })).toBeVisible();
    await expect(box(cat).getByTestId('conversation-row').filter({ hasText: 'Weekend crew' })).toBeVisible();
    await openChatWith(ben, 'Weekend crew');

    // a message in a group: the sender name prefixes the preview of the others
    await box(ann).getByPlaceholder('Type a message...').fill('Picnic on Saturday?');
    await box(ann).getByPlaceholder('Type a message...').press('Enter');
    await expect(
      box(cat)
        .getByTestId('conversation-row')
        .filter({ hasText: 'Weekend crew' })
        .getByTestId('conversation-preview'),
    ).toHaveText(`${ann.username}: Picnic on Saturday?`);
    await expect(box(ben).getByTestId('message').filter({ hasText: 'Picnic on Saturday?' })).toBeVisible();

    // rename (admin), seen live by Ben
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Rename group').click();
    await ann.page.getByRole('dialog').getByRole('textbox').fill('Weekend squad');
    await ann.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(box(ann).getByTestId('chat-title')).toHaveText('Weekend squad');
    await expect(box(ben).getByTestId('chat-title')).toHaveText('Weekend squad');

    // non-admins may not manage participants
    await box(ben).getByRole('button', { name: 'Chat settings' }).click();
    await expect(menuItem(ben, 'Rename group')).toHaveCount(0);
    await menuItem(ben, 'Manage participants').click();
    await expect(ben.page.getByRole('alertdialog', { name: 'Access Denied' })).toContainText(
      'Only group admins can manage participants.',
    );
    await ben.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

    // add Dan: the group is end-to-end encrypted (everyone's box made a device), so Dan needs one too
    await dan.page.goto('/home');
    await openBox(dan);
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Manage participants').click();
    const dialog = ann.page.getByRole('dialog', { name: 'Manage participants' });
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Ann Archer' })).toContainText(
      'Creator',
    );
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Ben Baker' })).toContainText('Member');
    await dialog.getByRole('button', { name: 'Add people' }).click();
    await dialog.getByPlaceholder('Search people').fill(dan.username);
    await dialog.getByTestId('person').filter({ hasText: dan.username }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Dan Dale' })).toBeVisible();
    await expect(box(dan).getByTestId('conversation-row').filter({ hasText: 'Weekend squad' })).toBeVisible();

    // remove Cat, once asked (Cancel keeps her): the group leaves her list live
    const removeCat = dialog
      .getByTestId('participant')
      .filter({ hasText: 'Cat Cooper' })
      .getByRole('button', { name: 'Remove' });
    const asked = ann.page.getByRole('alertdialog', { name: 'Remove Cat Cooper?' });
    await removeCat.click();
    await expect(asked).toContainText('Cat Cooper will leave this group and stop receiving its messages.');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Cat Cooper' })).toHaveCount(1);
    await expect(box(cat).getByTestId('conversation-row').filter({ hasText: 'Weekend' })).toHaveCount(1);
    await removeCat.click();
    await asked.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByTestId('participant').filter({ hasText: 'Cat Cooper' })).toHaveCount(0);
    await expect(box(cat).getByTestId('conversation-row').filter({ hasText: 'Weekend' })).toHaveCount(0);
    await screenshotBox(ann, 'participants');

    // an admin cannot leave before handing over
    await dialog.getByRole('button', { name: 'Close' }).click();
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Leave group').click();
    await expect(ann.page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to leave this group?',
    );
    await ann.page.getByRole('alertdialog').getByRole('button', { name: 'Leave Group' }).click();
    await expect(
      box(ann).getByRole('alert').filter({
        hasText: 'As group admin, you must transfer ownership before leaving or dissolve the group.',
      }),
    ).toBeVisible();

    // make Ben the owner
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ann, 'Manage participants').click();
    await dialog
      .getByTestId('participant')
      .filter({ hasText: 'Ben Baker' })
      .getByRole('button', { name: 'Make owner' })
      .click();
    await ann.page
      .getByRole('alertdialog', { name: 'Make Ben Baker the owner?' })
      .getByRole('button', { name: 'Make owner' })
      .click();
    await expect(dialog).toHaveCount(0);
    await box(ann).getByRole('button', { name: 'Chat settings' }).click();
    await expect(menuItem(ann, 'Rename group')).toHaveCount(0);
    await menuItem(ann, 'Leave group').click();
    await ann.page.getByRole('alertdialog').getByRole('button', { name: 'Leave Group' }).click();
    await expect(box(ann).getByTestId('conversation-list')).toBeVisible();
    await expect(box(ann).getByTestId('conversation-row').filter({ hasText: 'Weekend' })).toHaveCount(0);

    // Ben, now admin, dissolves the group; Dan loses it too
    await box(ben).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ben, 'Delete group').click();
    await expect(ben.page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete this group? This action cannot be undone.',
    );
    await ben.page.getByRole('alertdialog').getByRole('button', { name: 'Delete Group' }).click();
    await expect(box(ben).getByTestId('conversation-list')).toBeVisible();
    await expect(box(ben).getByTestId('conversation-row').filter({ hasText: 'Weekend' })).toHaveCount(0);
    await expect(box(dan).getByTestId('conversation-row').filter({ hasText: 'Weekend' })).toHaveCount(0);
    await dan.context.close();
  });

  test('grouping someone who is no longer a mutual follow shows the mutual_follow dialog', async () => {
    await openBox(ann);
    await box(ann).getByRole('button', { name: 'New group chat' }).click();
    await box(ann).getByPlaceholder('Group chat name').fill('Book club');
    await pickPeople(ann, ben, cat);
    await apiAs(cat, 'POST', `/api/v1/accounts/${ann.id}/unfollow`);
    await box(ann).getByRole('button', { name: 'Create group chat' }).click();
    const alert = ann.page.getByRole('alertdialog', { name: 'Cannot Create Group' });
    await expect(alert).toContainText(
      'You can only create groups with people you mutually follow. Please contact an administrator if you need assistance.',
    );
  });
});
