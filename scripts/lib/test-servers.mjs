// What the scripts that run test servers share: building the web client for tests, and waiting for a server.
import { spawnSync } from 'node:child_process';

/** The specs sign up, sign in and call the API far more often than a person (the limits have tests of their own). */
export const GENEROUS_RATE_LIMIT_ENV = {
  RATE_LIMIT_API_PER_5_MINUTES: '1000000',
  RATE_LIMIT_API_PER_ACCOUNT_PER_5_MINUTES: '1000000',
  RATE_LIMIT_MEDIA_UPLOADS_PER_30_MINUTES: '10000',
  RATE_LIMIT_STATUS_DELETIONS_PER_30_MINUTES: '10000',
  RATE_LIMIT_SIGN_IN_PER_5_MINUTES: '10000',
  RATE_LIMIT_SIGN_UP_PER_30_MINUTES: '10000',
  RATE_LIMIT_INBOX_PER_ACTOR_PER_5_MINUTES: '1000000',
  RATE_LIMIT_INBOX_PER_SERVER_PER_5_MINUTES: '1000000',
};

/** Builds the web client with the test-only routes (VITE_E2E) into `outDir`; throws when the build fails. */
export function buildWebClientForTests(root, outDir) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_E2E: '1', VITE_OUT_DIR: outDir },
  });
  if (build.status !== 0) throw new Error('The web client build failed');
}

/**
 * Polls `url` until it answers 2xx. `stillStarting()` (optional) answers false when waiting is pointless (the
 * server process has exited), which ends the wait at once.
 */
export async function waitForHttp(url, timeoutMs, stillStarting = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && stillStarting()) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    stillStarting()
      ? `The server did not answer ${url} within ${timeoutMs} ms`
      : `The server exited before it answered ${url}`,
  );
}
