import type { APIResponse, Response } from '@playwright/test';
import { csrfOf } from './messages-support';
import { bearerOf, expect, PNG, test } from './support/social';

/** The headers of every answer (support/test.ts fails the test on any policy violation in the browser). */
function expectEveryResponseHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
}

function expectPageHeaders(response: Response | null) {
  const headers = response?.headers() ?? {};
  expectEveryResponseHeaders(headers);
  const policy = headers['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'none'",
    "script-src 'self';",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain('unsafe');
  expect(headers['permissions-policy']).toContain('camera=()');
}

test('the page boots under its policy; API answers and media carry their headers', async ({ alice }) => {
  const { page } = alice;
  expectPageHeaders(await page.goto('/home'));
  await expect(page.locator('#splash')).toHaveCount(0);
  await expect(page.getByRole('main')).toBeVisible();

  expectPageHeaders(await page.goto(`/@${alice.username}`));
  await expect(page.getByRole('region', { name: 'Alice Author' })).toBeVisible();

  const api: APIResponse = await alice.context.request.get('/api/v1/accounts/verify_credentials');
  expect(api.ok()).toBe(true);
  expectEveryResponseHeaders(api.headers());

  const upload = await alice.context.request.post('/api/v2/media', {
    headers: { Authorization: `Bearer ${await bearerOf(alice)}` },
    multipart: { file: { name: 'pic.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok()).toBe(true);
  const media = await alice.context.request.get(((await upload.json()) as { url: string }).url);
  expect(media.ok()).toBe(true);
  expect(media.headers()['content-type']).toBe('image/png');
  expectEveryResponseHeaders(media.headers());
  expect(media.headers()['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; sandbox",
  );
});

test("the OAuth consent form leads to the app's redirect URI under the consent page's policy", async ({
  alice,
}) => {
  const { page } = alice;
  const redirectUri = 'https://client.example/callback';
  const registered = await alice.context.request.post('/api/v1/apps', {
    headers: { 'X-CSRF-Token': await csrfOf(alice.context) },
    data: { client_name: 'Example client', redirect_uris: redirectUri, scopes: 'read' },
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  await page.route('https://client.example/**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'back in the app' }),
  );
  const query = new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: redirectUri,
    scope: 'read',
  });
  const consent = await page.goto(`/oauth/authorize?${query.toString()}`);
  expectEveryResponseHeaders(consent?.headers() ?? {});
  expect(consent?.headers()['content-security-policy']).toContain(
    "form-action 'self' https://client.example",
  );
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/^https:\/\/client\.example\/callback\?code=/);
  await expect(page.getByText('back in the app')).toBeVisible();
});
