import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { InitialState, UserSettings } from '@palchat/api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

export function newUser(prefix = 'user'): TestUser {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  const username = `${prefix}_${suffix}`.slice(0, 30);
  return { username, email: `${username}@example.test`, password: 'correct horse battery staple' };
}

/** The page's embedded initial state, as the browser would read it. */
export async function initialStateOf(api: APIRequestContext, pathname = '/'): Promise<InitialState> {
  const html = await (await api.get(pathname)).text();
  const match = /<script id="initial-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`No initial state in ${pathname}`);
  return JSON.parse(match[1]) as InitialState;
}

async function csrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const state = await initialStateOf(api);
  return { 'X-CSRF-Token': state.csrfToken };
}

/** A cookie-jar API client signed up through the real endpoints (GET / for the CSRF token, POST /auth/sign_up). */
export async function signUpViaApi(user: TestUser): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/auth/sign_up', {
    headers: await csrfHeaders(api),
    data: {
      username: user.username,
      email: user.email,
      password: user.password,
      password_confirmation: user.password,
      agreement: true,
    },
  });
  if (!response.ok()) throw new Error(`Sign-up failed: ${response.status()} ${await response.text()}`);
  return api;
}

export async function saveSettings(api: APIRequestContext, settings: Partial<UserSettings>): Promise<void> {
  const response = await api.put('/api/web/settings', { headers: await csrfHeaders(api), data: settings });
  if (!response.ok())
    throw new Error(`Saving settings failed: ${response.status()} ${await response.text()}`);
}

/** A browser context carrying the session cookies of `api`. */
export async function browserContextFor(
  browser: Browser,
  api: APIRequestContext,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  return browser.newContext({ storageState: await api.storageState(), viewport, baseURL });
}

/** Signs a new user up, optionally with settings, and returns a signed-in browser context. */
export async function signedInContext(
  browser: Browser,
  options: {
    settings?: Partial<UserSettings>;
    viewport?: { width: number; height: number };
    prefix?: string;
  } = {},
): Promise<{ context: BrowserContext; user: TestUser; api: APIRequestContext }> {
  const user = newUser(options.prefix);
  const api = await signUpViaApi(user);
  if (options.settings) await saveSettings(api, options.settings);
  const context = await browserContextFor(browser, api, options.viewport);
  return { context, user, api };
}

/** `npm run admin -- …` against the e2e server's data folder (roles, server settings). */
export function admin(...args: string[]): string {
  const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`admin ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export const SHOTS_DIR = '/tmp/shots';

/** Fills the sign-up form (at /auth/sign_up) for `user`, agrees to the rules and submits it. */
export async function submitSignUpForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}
