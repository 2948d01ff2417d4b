import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { initialStateSchema, type InitialState } from '@palchat/api';
import { csrfKeyOf, csrfTokenOf, sessionBinding, visitorBinding } from '../../src/auth/csrf.js';
import { sha256 } from '../../src/lib/crypto.js';
import { TEST_SECRET_KEY_BASE, type TestServer } from './harness.js';

/** The visitor cookie that csrfHeaders() sends before signing in. */
export const TEST_VISITOR = 'test-visitor';
export const TEST_PASSWORD = 'correct horse';

/**
 * Cookies and the CSRF header that pass the check, as the page would give them (see auth/csrf.ts): bound to the
 * session when `cookies` has one, else to the visitor cookie. Only for servers with TEST_SECRET_KEY_BASE.
 */
export function csrfHeaders(cookies: Record<string, string> = {}) {
  const key = csrfKeyOf(TEST_SECRET_KEY_BASE);
  const session = cookies._palchat_session;
  const token = session
    ? csrfTokenOf(key, sessionBinding(sha256(session)))
    : csrfTokenOf(key, visitorBinding(cookies._palchat_csrf ?? TEST_VISITOR));
  return { cookies: { _palchat_csrf: TEST_VISITOR, ...cookies }, headers: { 'x-csrf-token': token } };
}

export async function signUp(
  server: TestServer,
  fields: { username: string; email: string; password?: string; reason?: string; locale?: string },
) {
  const password = fields.password ?? TEST_PASSWORD;
  return server.app.inject({
    method: 'POST',
    url: '/auth/sign_up',
    ...csrfHeaders(),
    payload: { ...fields, password, password_confirmation: password, agreement: true },
  });
}

/** Signs up (open registrations) and returns the session cookie value. */
export async function signUpSession(server: TestServer, username: string): Promise<string> {
  const response = await signUp(server, { username, email: `${username.toLowerCase()}@example.test` });
  const cookie = response.cookies.find((c) => c.name === '_palchat_session');
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-up failed: ${response.body}`);
  return cookie.value;
}

export async function countRows(
  server: TestServer,
  table: 'accounts' | 'users' | 'sessions',
): Promise<number> {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const FIXTURE_INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Palchat</title></head><body><div id="root"></div></body></html>';

/** A temporary web dist folder with a fixture index.html, removed after the suite. */
export function useWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    stateOf(html: string): InitialState {
      const match = /<script id="initial-state" type="application\/json">(.*?)<\/script>/s.exec(html);
      if (!match?.[1]) throw new Error('no initial state in the page');
      return initialStateSchema.parse(JSON.parse(match[1]));
    },
  };
}
