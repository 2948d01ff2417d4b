import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { apiAs, createUser, makePals, type ChatUser } from './messages-support';
import { shot, statusWith } from './support/social';
import { admin } from './support/users';

/**
 * Reports reach the moderators: one filed from a post (citing a server rule), one from a profile and one from
 * a chat. A moderator reads each at /admin/reports, resolves and reopens; an administrator reads the counts
 * at /admin/dashboard.
 */
test.describe('moderation', () => {
  test.describe.configure({ timeout: 120_000 });
  let reporter: ChatUser;
  let offender: ChatUser;
  let moderator: ChatUser;
  let ruleId = '';

  test.afterEach(async () => {
    if (ruleId) admin('rules', 'remove', ruleId);
    for (const user of [reporter, offender, moderator]) await user?.context.close();
  });

  test('reports from a post, a profile and a chat are read, resolved and reopened; the dashboard counts', async ({
    browser,
    baseURL,
  }) => {
    const ruleText = `No selling pills ${Date.now().toString(36)}`;
    ruleId = /Added rule (\d+)/.exec(admin('rules', 'add', ruleText))?.[1] ?? '';
    expect(ruleId).not.toBe('');
    reporter = await createUser(browser, baseURL ?? '', 'rep', 'Rita Reporter');
    offender = await createUser(browser, baseURL ?? '', 'off', 'Otto Offender');
    moderator = await createUser(browser, baseURL ?? '', 'mod', 'Mona Moderator');
    admin('set-role', moderator.username, 'admin');
    await makePals(reporter, offender);
    const postText = `Cheap pills here ${Date.now().toString(36)}`;
    await apiAs(offender, 'POST', '/api/v1/statuses', { status: postText });

    // a post: its menu, a violation citing the rule
    const page = reporter.page;
    await page.goto(`/@${offender.username}`);
    const card = statusWith(page, postText);
    await card.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: `Report @${offender.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report @${offender.username}` });
    await dialog.getByRole('radio', { name: 'It violates server rules' }).check();
    await expect(dialog.getByRole('button', { name: 'Submit report' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: ruleText }).check();
    await dialog.getByLabel('Additional comments').fill('Sells pills to everyone');
    await shot(page, 'moderation-report-modal');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(dialog.getByRole('status')).toHaveText("Thanks for reporting, we'll look into this.");
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // a profile: its menu, spam without a comment
    await page.getByRole('button', { name: `More options for @${offender.username}` }).click();
    await page.getByRole('menuitem', { name: `Report @${offender.username}` }).click();
    const profileDialog = page.getByRole('dialog', { name: `Report @${offender.username}` });
    await profileDialog.getByRole('radio', { name: "It's spam" }).check();
    await profileDialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(profileDialog.getByRole('status')).toBeVisible();
    await profileDialog.getByRole('button', { name: 'Close' }).last().click();

    // a chat, reported through the message box's API: the report keeps the chat's latest messages
    const chatLine = `Buy my pills now ${Date.now().toString(36)}`;
    const message = await apiAs<{ conversation_id: string }>(offender, 'POST', '/api/v1/friend_messages', {
      recipient_id: reporter.id,
      content: chatLine,
    });
    await apiAs(reporter, 'POST', `/api/v1/friend_messages/conversations/${message.conversation_id}/report`, {
      reason: 'harassment',
      details: 'Keeps writing to me',
    });

    // the moderator reads all three among the open reports
    const mod = moderator.page;
    await mod.goto('/admin/reports');
    const reports = mod.getByTestId('report');
    const fromPost = reportAbout(mod, 'Sells pills to everyone');
    await expect(fromPost).toContainText(`Rita Reporter reported Otto Offender`);
    await expect(fromPost.getByText('Rule violation')).toBeVisible();
    await expect(fromPost.getByRole('region', { name: 'Rules cited' })).toHaveText(/No selling pills/);
    await expect(fromPost.getByRole('region', { name: 'Reported posts' })).toContainText(postText);
    const fromChat = reportAbout(mod, 'Keeps writing to me');
    await expect(fromChat).toContainText('Rita Reporter reported Otto Offender in a chat');
    await expect(fromChat.getByText('Harassment')).toBeVisible();
    await expect(fromChat.getByRole('region', { name: 'Reported messages' })).toContainText(chatLine);
    await expect(fromChat.getByRole('region', { name: 'Reported messages' })).toContainText('Otto Offender');
    const fromProfile = reports.filter({ hasText: 'No comment given.' }).filter({ hasText: 'Otto Offender' });
    await expect(fromProfile.getByText('Spam', { exact: true })).toBeVisible();
    await shot(mod, 'moderation-reports');

    // resolving moves a report to the Resolved tab, with who resolved it; reopening brings it back
    await clickClearOfTheBox(fromPost.getByRole('button', { name: 'Mark as resolved' }));
    await expect(fromPost).toHaveCount(0);
    await mod.getByRole('button', { name: 'Resolved', exact: true }).click();
    await expect(mod).toHaveURL(/resolved=1/);
    const resolved = reportAbout(mod, 'Sells pills to everyone');
    await expect(resolved).toContainText('Resolved by Mona Moderator');
    await shot(mod, 'moderation-resolved');
    await clickClearOfTheBox(resolved.getByRole('button', { name: 'Reopen' }));
    await expect(resolved).toHaveCount(0);
    await mod.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(reportAbout(mod, 'Sells pills to everyone')).toBeVisible();

    // the dashboard counts at least what this test made (other specs add to it)
    await mod.goto('/admin/dashboard');
    const count = async (label: string) =>
      Number((await mod.getByTestId(label).locator('dd').textContent())?.replace(/,/g, ''));
    await expect(mod.getByTestId('dashboard.users').locator('dd')).toHaveText(/^[\d,]+$/);
    expect(await count('dashboard.users')).toBeGreaterThanOrEqual(3);
    expect(await count('dashboard.posts')).toBeGreaterThanOrEqual(1);
    expect(await count('dashboard.open_reports')).toBeGreaterThanOrEqual(3);
    await shot(mod, 'moderation-dashboard');
    await mod.getByRole('link', { name: 'Moderation' }).last().click();
    await expect(mod).toHaveURL(/\/admin\/reports$/);

    // a plain user is refused by the API too
    const refused = await reporter.context.request.get('/api/v1/admin/reports');
    expect(refused.status()).toBe(403);
  });
});

/**
 * Clicks after scrolling the control to the middle of its column: at a column's bottom edge it may sit under
 * the docked message box, where a person would scroll a little further first.
 */
async function clickClearOfTheBox(control: Locator): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await control.click();
}

/** The report card whose text includes `text`. */
function reportAbout(page: Page, text: string) {
  return page.getByTestId('report').filter({ hasText: text });
}
