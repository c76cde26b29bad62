import type { Browser, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';

/** A blank page (any origin) that loads only the widget script and one counter. */
async function counterPage(browser: Browser, baseURL: string, figure: 'count' | 'views') {
  const page = await browser.newPage();
  await page.setContent(
    `<!doctype html><script src="${baseURL}/widgets.js"></script>` +
      `<live-counter figure="${figure}" locale="en-US"></live-counter>`,
  );
  return page;
}

const value = (page: Page) => page.locator('live-counter').locator('[part="value"]');
/** The settled figure as screen readers get it (the visible number animates). */
const settled = async (page: Page) =>
  Number(
    (await page.locator('live-counter .sr').textContent())?.split(' ')[0]?.replaceAll(',', ''),
  );

test('count follows the visitors online and views grow with recorded page views', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const pages = [
    await counterPage(browser, origin, 'count'),
    await counterPage(browser, origin, 'count'),
    await counterPage(browser, origin, 'count'),
  ];
  for (const page of pages) await expect(value(page)).toHaveText('3');
  const [first, ...rest] = pages;
  if (!first) throw new Error('no page');
  for (const page of rest) await page.close();
  await expect(value(first)).toHaveText('1');

  const views = await counterPage(browser, origin, 'views');
  await expect(views.locator('live-counter [part="dot"]')).toHaveAttribute(
    'data-connected',
    'true',
  );
  const before = await settled(views);
  // Each route the site shows records a page view. The next route waits for the first view to
  // count: leaving a page at once may cancel the request that records it, as a browser would.
  const site = await browser.newPage();
  const shown = (count: number) => new Intl.NumberFormat('en-US').format(count);
  await site.goto(`${origin}/`);
  await expect(value(views)).toHaveText(shown(before + 1));
  await site.goto(`${origin}/signin`);
  await expect(value(views)).toHaveText(shown(before + 2));
  await Promise.all([first.close(), views.close(), site.close()]);
});
