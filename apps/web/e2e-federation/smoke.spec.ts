import { expect, test } from '../e2e/support/test';
import { createUser } from '../e2e/messages-support';
import { federationSkipReason, servers } from '../../server/federation-test/support/federation';

// Chromium reaches both test hosts by name over HTTPS (trusting the run's certificates), and a person signs up
// and posts on each; federation's own specs are in scenarios.spec.ts.
test.skip(federationSkipReason !== null, federationSkipReason ?? '');

for (const host of Object.values(servers)) {
  test(`${host.name}: the page loads over HTTPS by name and a person signs up and posts`, async ({
    browser,
    page,
  }) => {
    const response = await page.goto(`${host.url}/`);
    expect(response?.ok()).toBe(true);
    await expect(page.getByTestId('sign-in-banner')).toBeVisible();
    expect(new URL(page.url()).host).toBe(host.domain);

    const person = await createUser(browser, host.url, `web${host.name}`);
    await person.page.goto('/publish');
    const form = person.page.getByRole('region', { name: 'New post' });
    const text = `Hello from ${host.domain} in Chromium`;
    await form.getByPlaceholder("What's on your mind?").fill(text);
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(person.page.getByText('Your post was published.')).toBeVisible();
    await person.page.goto(`/@${person.username}`);
    await expect(person.page.locator('article.status').filter({ hasText: text }).first()).toBeVisible();
    await person.context.close();
  });
}
