import { devices, type Project } from '@playwright/test';

/**
 * The Playwright project of every suite: Debian's Chromium only (Playwright never downloads a browser here),
 * headless, with what it would fetch for itself turned off. `extraArgs` go to its command line.
 */
export function chromiumProject(extraArgs: string[] = []): Project {
  return {
    name: 'chromium',
    use: {
      ...devices['Desktop Chrome'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          ...extraArgs,
        ],
      },
    },
  };
}
