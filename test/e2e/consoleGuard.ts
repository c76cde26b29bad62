/**
 * Playwright's `test`, failing any flow whose pages log an error to the console or throw one
 * uncaught: a React error (a bad prop, a failed render, a lost update) shows there before it
 * shows anywhere else. A flow that provokes an error on purpose names it with `allowConsole`.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

interface ConsoleGuard {
  /** Errors the flow provokes on purpose, matched against each message's text. */
  allowConsole: (pattern: RegExp) => void;
}

/** Listens to every page of a context: console errors and uncaught exceptions go into `into`. */
function listen(context: BrowserContext, into: string[]): void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A failed download says which page it was on; the resource is in its location.
      const { url } = message.location();
      into.push(`${url || page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => into.push(`${page.url()}: uncaught ${error.message}`));
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

export const test = base.extend<ConsoleGuard>({
  // Every context the flow opens, its own `page` or one from `browser.newContext()`, is watched
  // from its first page on; the verdict comes once the flow has ended.
  allowConsole: [
    async ({ browser }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        listen(context, errors);
        return context;
      };
      try {
        await use((pattern) => allowed.push(pattern));
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = errors.filter((text) => !allowed.some((re) => re.test(text)));
      expect(unexpected, 'console errors in the browser').toEqual([]);
    },
    { auto: true, scope: 'test' },
  ],
});

export { expect };
