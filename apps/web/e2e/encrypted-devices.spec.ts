import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { openEncryptedBox, secondBrowser } from './encrypted-support';
import { expect, test } from './support/test';
import { admin } from './support/users';
import {
  apiAs,
  box,
  createUser,
  makePals,
  menuItem,
  messageBubble,
  openChatWith,
  sendMessage,
  startDirectChat,
  type ChatUser,
} from './messages-support';

/**
 * Devices, verification and reports of encrypted chats (issue 33): two people compare their chat's safety number
 * and mark it verified, until a new device makes it change; a report reveals the decrypted message to the
 * moderators; a device removed in Preferences stops receiving while the account's other device reads on.
 */
const SHOTS = '/tmp/shots-e2ee-devices';
fs.mkdirSync(SHOTS, { recursive: true });

interface DeviceEntity {
  id: string;
  name: string;
}

/** The safety number of the open chat, read from its dialog (which stays open). */
async function readSafetyNumber(user: ChatUser): Promise<string> {
  await box(user).getByRole('button', { name: 'Chat settings' }).click();
  await menuItem(user, 'Verify safety number').click();
  const dialog = user.page.getByRole('dialog', { name: 'Safety number' });
  const number = dialog.getByTestId('safety-number');
  await expect(number.locator('span')).toHaveCount(12);
  await expect(dialog.getByRole('img', { name: 'The safety number as a QR code' })).toBeVisible();
  return (await number.locator('span').allTextContents()).join(' ');
}

/** Screenshots in both schemes; with `axeOn`, axe-core finds no serious or critical violation there in either. */
async function shoot(page: Page, name: string, target?: { screenshot: Page['screenshot'] }, axeOn?: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await (target ?? page).screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
    if (!axeOn) continue;
    const { violations } = await new AxeBuilder({ page }).include(axeOn).analyze();
    const serious = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => `${colorScheme}: ${violation.id} ${violation.help}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

test.describe('encrypted chats: devices and verification', () => {
  test.describe.configure({ timeout: 120_000 });
  const people: ChatUser[] = [];

  test.afterEach(async () => {
    for (const person of people.splice(0)) await person.context.close();
  });

  /** Ann and Ben, pals with a device each, in an encrypted one-to-one chat Ann opened with `text`. */
  async function encryptedChat(browser: Browser, baseURL: string, text: string) {
    const ann = await createUser(browser, baseURL, 'ann', 'Ann Archer');
    const ben = await createUser(browser, baseURL, 'ben', 'Ben Baker');
    people.push(ann, ben);
    await makePals(ann, ben);
    await openEncryptedBox(ann);
    await openEncryptedBox(ben);
    await startDirectChat(ann, ben);
    await sendMessage(ann, text);
    await expect(box(ann).getByTestId('encryption-lock').first()).toBeVisible();
    await openChatWith(ben, 'Ann Archer');
    await expect(messageBubble(ben, text)).toBeVisible();
    return { ann, ben };
  }

  test('two people compare the same safety number and mark their chat verified', async ({
    browser,
    baseURL,
  }) => {
    const { ann, ben } = await encryptedChat(browser, baseURL ?? '', 'Shall we compare numbers?');

    const annSees = await readSafetyNumber(ann);
    const benSees = await readSafetyNumber(ben);
    expect(annSees).toMatch(/^\d{5}( \d{5}){11}$/);
    expect(benSees).toBe(annSees);

    const dialog = ann.page.getByRole('dialog', { name: 'Safety number' });
    await expect(dialog).toContainText(
      'Compare this number with Ben Baker in person or over another channel.',
    );
    await expect(dialog.getByTestId('safety-person')).toHaveCount(2);
    await shoot(ann.page, 'safety-number-1280', dialog, '.mbox-safety');
    await dialog.getByRole('button', { name: 'Mark as verified' }).click();
    await expect(dialog.getByTestId('safety-verified')).toHaveText('Verified');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(box(ann).getByTestId('verification-badge')).toHaveAccessibleName(
      'All devices in this chat are verified',
    );
    await shoot(ann.page, 'chat-verified-1280', box(ann));
    // Ben has not verified on his side
    await ben.page
      .getByRole('dialog', { name: 'Safety number' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(box(ben).getByTestId('verification-badge')).toHaveCount(0);

    // Ben signs in on a second browser: once it is in the chat, Ann's verification no longer covers it
    const benPhone = await secondBrowser(browser, baseURL ?? '', ben);
    people.push(benPhone);
    await openEncryptedBox(benPhone, 2);
    await expect(box(ann).getByTestId('verification-badge')).toHaveAccessibleName(
      'Safety number changed: verify again',
      { timeout: 30_000 },
    );
    const changed = await readSafetyNumber(ann);
    expect(changed).not.toBe(annSees);
    await expect(dialog.getByRole('status')).toHaveText('Safety number changed: verify again');
    await expect(
      dialog.getByTestId('safety-person').filter({ hasText: 'Ben Baker' }).locator('code'),
    ).toHaveCount(2);

    await ann.page.setViewportSize({ width: 375, height: 740 });
    await shoot(ann.page, 'safety-number-changed-375');
  });

  test('a report of an encrypted chat shows the moderators what the reporter revealed', async ({
    browser,
    baseURL,
  }) => {
    const threat = `I know where you live ${Date.now().toString(36)}`;
    const { ben } = await encryptedChat(browser, baseURL ?? '', threat);
    const moderator = await createUser(browser, baseURL ?? '', 'mod', 'Mona Moderator');
    people.push(moderator);
    admin('set-role', moderator.username, 'admin');

    await box(ben).getByRole('button', { name: 'Chat settings' }).click();
    await menuItem(ben, 'Report').click();
    const dialog = ben.page.getByRole('dialog', { name: 'Report conversation' });
    const reveal = dialog.getByRole('checkbox', { name: /Show this message to the moderators/ });
    await expect(reveal).toBeChecked();
    await expect(dialog).toContainText(threat);
    await dialog.getByText('Threats').click();
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill(`About ${threat}`);
    await shoot(ben.page, 'report-reveal-1280', dialog);
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await expect(dialog).toHaveCount(0);

    await moderator.page.goto('/admin/reports');
    const report = moderator.page.getByTestId('report').filter({ hasText: `About ${threat}` });
    const revealed = report.getByTestId('reported-message');
    await expect(revealed).toHaveCount(1);
    await expect(revealed).toContainText(threat);
    await expect(revealed).toContainText('Ann Archer');
    await expect(revealed).toContainText('Revealed by the reporter');
  });

  test('a device removed in Preferences stops receiving; the other one reads on', async ({
    browser,
    baseURL,
  }) => {
    const ann = await createUser(browser, baseURL ?? '', 'ann', 'Ann Archer');
    const ben = await createUser(browser, baseURL ?? '', 'ben', 'Ben Baker');
    people.push(ann, ben);
    await makePals(ann, ben);
    await openEncryptedBox(ann);
    const annLaptop = await secondBrowser(browser, baseURL ?? '', ann);
    people.push(annLaptop);
    await openEncryptedBox(annLaptop, 2);
    await openEncryptedBox(ben);

    await startDirectChat(ben, ann);
    await sendMessage(ben, 'Before the removal');
    await openChatWith(ann, 'Ben Baker');
    await openChatWith(annLaptop, 'Ben Baker');
    await expect(messageBubble(ann, 'Before the removal')).toBeVisible();
    await expect(messageBubble(annLaptop, 'Before the removal')).toBeVisible();

    // the first browser removes the laptop (the newest device) from its Devices list
    const prefs = await ann.context.newPage();
    await prefs.goto('/settings/preferences');
    const devices = prefs.getByRole('region', { name: 'Devices' });
    await expect(devices.getByTestId('device')).toHaveCount(2);
    const laptopRow = devices.getByTestId('device').filter({ hasNotText: 'This device' });
    const ownRow = devices.getByTestId('device').filter({ hasText: 'This device' });
    await expect(ownRow).toHaveCount(1);
    await expect(laptopRow.locator('code')).toBeVisible();
    await devices.scrollIntoViewIfNeeded();
    await shoot(prefs, 'devices-1280', devices, '[data-testid="devices"]');
    await laptopRow.getByRole('button', { name: 'Remove device' }).click();
    const asked = prefs.getByRole('alertdialog', { name: 'Remove this device?' });
    await expect(asked).toContainText(
      'It will stop receiving encrypted messages and be removed from every encrypted chat.',
    );
    await shoot(prefs, 'devices-remove-confirm-1280');
    await asked.getByRole('button', { name: 'Remove' }).click();
    await expect(devices.getByTestId('device')).toHaveCount(1);
    await expect(devices.getByTestId('device')).toContainText('This device');
    expect(await apiAs<DeviceEntity[]>(ann, 'GET', '/api/v1/e2ee/devices')).toHaveLength(1);

    await sendMessage(ben, 'After the removal');
    await expect(messageBubble(ann, 'After the removal')).toBeVisible();
    await expect(box(annLaptop).getByTestId('device-removed-notice')).toBeVisible({ timeout: 20_000 });
    await expect(box(annLaptop).getByText('After the removal')).toHaveCount(0);
    // the removed browser stays removed: it does not register itself again
    await annLaptop.page.waitForTimeout(2_000);
    await shoot(annLaptop.page, 'removed-device-1280', box(annLaptop));
    const after = await apiAs<DeviceEntity[]>(ann, 'GET', '/api/v1/e2ee/devices');
    expect(after.map((device) => device.name)).toHaveLength(1);

    await prefs.setViewportSize({ width: 375, height: 740 });
    await prefs.reload();
    await devices.scrollIntoViewIfNeeded();
    await shoot(prefs, 'devices-375', devices);
  });
});
