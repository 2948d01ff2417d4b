import { defineConfig } from '@playwright/test';
import { chromiumProject } from './support/chromium';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // scripts/e2e.mjs gives every run its own folder, so that simultaneous runs never share artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../../test-results/web-e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [chromiumProject()],
});
