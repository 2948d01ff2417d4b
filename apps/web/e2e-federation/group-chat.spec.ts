import { expect, test } from '../e2e/support/test';
import {
  box,
  createUser,
  makePals,
  menuItem,
  openBox,
  openChatWith,
  sendMessage,
} from '../e2e/messages-support';
import { federationSkipReason, servers } from '../../server/federation-test/support/federation';
import { followAndWait, resolveAs } from './support';

// A group chat with members on both servers, in Chromium (issue #15): it lives on alpha, its creator's server.
test.skip(federationSkipReason !== null, federationSkipReason ?? '');

const { alpha, beta } = servers;

test('Alice on alpha makes a group with Bob on beta in the box; each sees the other live', async ({
  browser,
}) => {
  // three sign-ups, follows across both servers and live delivery, on a shared machine
  test.setTimeout(240_000);
  const alice = await createUser(browser, alpha.url, 'alice', 'Alice on Alpha');
  const dora = await createUser(browser, alpha.url, 'dora', 'Dora on Alpha');
  const bob = await createUser(browser, beta.url, 'bob', 'Bob on Beta');
  await makePals(alice, dora);
  const bobAcct = `${bob.username}@${new URL(beta.url).host}`;
  const aliceAcct = `${alice.username}@${new URL(alpha.url).host}`;
  await followAndWait(alice, (await resolveAs(alice, bobAcct)).id);
  await followAndWait(bob, (await resolveAs(bob, aliceAcct)).id);

  // the remote pal is in the picker with his full handle
  await openBox(alice);
  await box(alice).getByRole('button', { name: 'New group chat' }).click();
  await box(alice).getByPlaceholder('Group chat name').fill('Across the servers');
  for (const [person, handle] of [
    [bob, bobAcct],
    [dora, dora.username],
  ] as const) {
    await box(alice).getByPlaceholder('Add people').fill(person.username);
    const row = box(alice).getByTestId('person').filter({ hasText: person.username });
    await expect(row).toContainText(`@${handle}`);
    await row.click();
    await box(alice).getByPlaceholder('Add people').fill('');
  }
  await box(alice).screenshot({ path: '/tmp/shots/federation-group-creation.png' });
  await box(alice).getByRole('button', { name: 'Create group chat' }).click();
  await expect(box(alice).getByTestId('chat-title')).toHaveText('Across the servers');
  await sendMessage(alice, 'Welcome to both servers');

  // on beta, the group arrives in Bob's box live, with the message
  await openBox(bob);
  const row = box(bob).getByTestId('conversation-row').filter({ hasText: 'Across the servers' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await openChatWith(bob, 'Across the servers');
  await expect(box(bob).getByTestId('message').filter({ hasText: 'Welcome to both servers' })).toBeVisible({
    timeout: 30_000,
  });
  await sendMessage(bob, 'Hello from beta');
  await expect(box(alice).getByTestId('message').filter({ hasText: 'Hello from beta' })).toBeVisible({
    timeout: 30_000,
  });

  // Alice manages it: Bob carries his full handle and cannot be made owner (the group stays on alpha)
  await box(alice).getByRole('button', { name: 'Chat settings' }).click();
  await menuItem(alice, 'Manage participants').click();
  const dialog = alice.page.getByRole('dialog', { name: 'Manage participants' });
  const bobRow = dialog.getByTestId('participant').filter({ hasText: 'Bob on Beta' });
  await expect(bobRow).toContainText(`@${bobAcct} · Member`);
  await expect(bobRow.getByRole('button', { name: 'Make owner' })).toHaveCount(0);
  await expect(dialog.getByTestId('participant').filter({ hasText: 'Dora on Alpha' })).toContainText(
    'Member',
  );
  await alice.page.screenshot({ path: '/tmp/shots/federation-group-participants.png' });

  // Bob is no admin of it on beta: he cannot manage its people
  await box(bob).getByRole('button', { name: 'Chat settings' }).click();
  await menuItem(bob, 'Manage participants').click();
  await expect(bob.page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
  for (const user of [alice, dora, bob]) await user.context.close();
});
