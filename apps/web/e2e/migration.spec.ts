import fs from 'node:fs';
import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import { expect, test } from './support/test';
import { signedInContext } from './support/users';

const SHOTS = '/tmp/shots-migration';
fs.mkdirSync(SHOTS, { recursive: true });

/** after a whole-page reload (moving changes the identity the page starts with), on a loaded machine */
const AFTER_RELOAD = { timeout: 60_000 };

const settings = { introductionVersion: CURRENT_INTRODUCTION_VERSION, layout: 'single-column' as const };

test('account migration: an alias on the new account, the move, the moved banner and profile notice', async ({
  browser,
}) => {
  // three accounts, a move and page reloads: generous, as other runs load the machine
  test.setTimeout(240_000);
  const fresh = await signedInContext(browser, { settings, prefix: 'newacct' });
  const old = await signedInContext(browser, { settings, prefix: 'oldacct' });
  const follower = await signedInContext(browser, { settings, prefix: 'fan' });

  // the follower follows the old account
  const followerPage = await follower.context.newPage();
  await followerPage.goto(`/@${old.user.username}`);
  await followerPage.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(followerPage.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  // the new account names the old one as an alias
  const freshPage = await fresh.context.newPage();
  await freshPage.goto('/settings/migration');
  const aliases = freshPage.getByRole('region', { name: 'Moving from a different account' });
  await expect(aliases.getByText('You have not named any old account yet.')).toBeVisible();
  await aliases.getByLabel('Handle of the old account').fill('nobody_by_that_name');
  await aliases.getByRole('button', { name: 'Create alias' }).click();
  await expect(aliases.getByRole('alert')).toHaveText('That account could not be found.');
  await aliases.getByLabel('Handle of the old account').fill(old.user.username);
  await aliases.getByRole('button', { name: 'Create alias' }).click();
  await expect(aliases.getByText(`@${old.user.username}`)).toBeVisible();
  await freshPage.screenshot({ path: `${SHOTS}/aliases.png`, fullPage: true });

  // the old account moves: a wrong password first, then the right one
  const oldPage = await old.context.newPage();
  await oldPage.goto('/settings/preferences');
  await oldPage.getByRole('link', { name: 'Move your account' }).click();
  await expect(oldPage).toHaveURL(/\/settings\/migration$/);
  const move = oldPage.getByRole('region', { name: 'Moving to a different account' });
  await move.getByLabel('Handle of the new account').fill(fresh.user.username);
  await move.getByLabel('Current password').fill('not my password');
  await move.getByRole('button', { name: 'Move followers' }).click();
  await expect(move.getByRole('alert')).toHaveText('The password is not correct.');
  await move.getByLabel('Current password').fill(old.user.password);
  await move.getByRole('button', { name: 'Move followers' }).click();
  await expect(move.getByText('This account is redirected to:')).toBeVisible(AFTER_RELOAD);
  await expect(move.getByRole('link', { name: new RegExp(fresh.user.username) })).toBeVisible();
  await expect(move.getByText(/You moved your account recently/)).toBeVisible();
  // the navigation tells the moved account so, with its settings link
  const banner = oldPage.getByTestId('account-state-banner');
  await expect(banner).toContainText('because you moved to');
  await expect(banner.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
    'href',
    '/settings/migration',
  );
  await oldPage.screenshot({ path: `${SHOTS}/moved-settings.png`, fullPage: true });

  // everyone sees the notice on the old profile, and the follower now follows the new account
  await followerPage.goto(`/@${old.user.username}`);
  const notice = followerPage.getByRole('note');
  await expect(notice).toContainText('has indicated that their new account is now:');
  await followerPage.screenshot({ path: `${SHOTS}/moved-profile.png` });
  await notice.getByRole('link', { name: 'Go to profile' }).click();
  await expect(followerPage).toHaveURL(new RegExp(`/@${fresh.user.username}$`));
  await expect(followerPage.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  // cancelling the redirect takes the notice away
  await move.getByRole('button', { name: 'Cancel redirect' }).click();
  await expect(move.getByText('This account is redirected to:')).toBeHidden(AFTER_RELOAD);
  await expect(oldPage.getByTestId('account-state-banner')).toBeHidden(AFTER_RELOAD);

  for (const each of [fresh, old, follower]) await each.context.close();
});
