import { defineConfig } from '@playwright/test';
import { chromiumProject } from '../e2e/support/chromium';
import { federationState } from '../../server/federation-test/support/federation';

// The federation specs: run by scripts/federation.mjs (`npm run test:federation`) inside the client network
// namespace, where both test hosts' names resolve. Chromium trusts the hosts' certificates by their key hashes.
const trustTestHosts = federationState
  ? [`--ignore-certificate-errors-spki-list=${federationState.spkiHashes.join(',')}`]
  : [];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../../test-results/web-federation',
  // the specs share two servers whose data lives for the whole run, and stop and start them
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [chromiumProject(trustTestHosts)],
});
