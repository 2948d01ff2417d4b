import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';

/** Reports every Content-Security-Policy violation of a page as a console error, with what was blocked. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}` +
        ` at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

const isAboutPolicy = (text: string): boolean => /content security policy/i.test(text);

/**
 * Every spec's `test`: fails a test whose pages logged anything about the Content Security Policy (Chromium's
 * own "Refused to …" messages and the violation events above), in the default context and in every context a
 * spec opens with browser.newContext().
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, provide, testInfo) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        await watched.addInitScript(reportViolations);
        watched.on('console', (message) => {
          if (isAboutPolicy(message.text()))
            violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
        });
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const created = await newContext(options);
        await watch(created);
        return created;
      };
      browser.newContext = patched;
      try {
        await provide(violations);
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content Security Policy violations:\n${violations.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
