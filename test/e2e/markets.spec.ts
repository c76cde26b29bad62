/**
 * The markets list (`/markets`) and the home page's live prices, against a server of their own:
 * the trades these specs place (the demo account, trading with itself through the API) then
 * never change what the other specs see on the shared server. A trade reaches the open page over
 * the stats stream, without a reload.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { POLL_MS } from '../../site/components/markets/useMarketTickers.ts';
import { expect, test } from './consoleGuard.ts';
import { serverOfItsOwn } from './ownServer.ts';
import { animationsSettled, apiCall, DEMO } from './shellHelpers.ts';

const server = serverOfItsOwn({ portOffset: 12, name: 'markets' });

test.describe.configure({ mode: 'serial' });

/** The demo account sells and buys `amount` at `price` on `pair`: one trade, with itself. */
async function trade(page: Page, pair: string, price: string, amount: string) {
  const signIn = await apiCall(page, 'users.signIn', DEMO);
  expect(signIn.status, JSON.stringify(signIn)).toBe(true);
  const token = signIn.token as string;
  for (const side of ['sell', 'buy']) {
    const placed = await apiCall(
      page,
      'orders.place',
      { pair, side, type: 'limit', price, amount, selfTrade: 'none' },
      token,
    );
    expect(placed.status, JSON.stringify(placed)).toBe(true);
  }
}

const rows = (page: Page) => page.getByTestId(/^market-[A-Z]+_USDT$/);

async function shownPairs(page: Page): Promise<string[]> {
  const ids = await rows(page).evaluateAll((found) =>
    found.map((row) => (row as HTMLElement).dataset.testid ?? ''),
  );
  return ids.map((id) => id.slice('market-'.length));
}

async function expectNoViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test('every pair is listed, and a trade updates its row without a reload', async ({
  page,
  baseURL,
}) => {
  await page.goto(server.at(baseURL, '/markets'));
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  await expect(rows(page)).toHaveCount(8);
  expect(await shownPairs(page)).toEqual([
    'BTC_USDT',
    'ETH_USDT',
    'BNB_USDT',
    'XRP_USDT',
    'DOGE_USDT',
    'SOL_USDT',
    'LTC_USDT',
    'TRX_USDT',
  ]);
  const btc = page.getByTestId('market-BTC_USDT');
  await expect(btc.getByTestId('last')).toHaveText('—');
  await expect(btc.getByRole('link', { name: 'BTC/USDT' })).toHaveAttribute(
    'href',
    '/trading/BTC_USDT',
  );

  // A marker a reload would lose.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'still here';
  });
  await trade(page, 'BTC_USDT', '65432.1', '0.0001');
  await expect(btc.getByTestId('last')).toHaveText('65,432.10');
  await expect(btc.getByTestId('change')).toHaveText('0.00%');
  await expect(btc).toContainText('6.54');
  await trade(page, 'ETH_USDT', '3001.5', '0.01');
  await expect(page.getByTestId('market-ETH_USDT').getByTestId('last')).toHaveText('3,001.50');
  await trade(page, 'BTC_USDT', '66086.42', '0.0001');
  await expect(btc.getByTestId('last')).toHaveText('66,086.42');
  // (66086.42 - 65432.10) / 65432.10 = +1.00 %, shown with its sign and coloured up.
  await expect(btc.getByTestId('change')).toHaveText('+1.00%');
  await expect(btc.getByTestId('change')).toHaveClass(/trend-up/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'still here',
  );
});

test('search filters the rows, and says so when nothing matches', async ({ page, baseURL }) => {
  await page.goto(server.at(baseURL, '/markets'));
  await expect(rows(page)).toHaveCount(8);
  const search = page.getByLabel('Search markets');
  await search.fill('eth');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('market-ETH_USDT')).toBeVisible();
  await search.fill('Dogecoin');
  expect(await shownPairs(page)).toEqual(['DOGE_USDT']);
  await search.fill('nothing-like-this');
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText('No market matches “nothing-like-this”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows(page)).toHaveCount(8);
});

test('a column sorts from the keyboard and toggles, unpriced pairs staying last', async ({
  page,
  baseURL,
}) => {
  await page.goto(server.at(baseURL, '/markets'));
  await expect(page.getByTestId('market-BTC_USDT').getByTestId('last')).not.toHaveText('—');
  const header = page.getByRole('columnheader', { name: 'Last price' });
  await expect(header).not.toHaveAttribute('aria-sort');
  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect((await shownPairs(page)).slice(0, 2)).toEqual(['BTC_USDT', 'ETH_USDT']);
  await page.keyboard.press('Space');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await shownPairs(page);
  expect(ascending.slice(0, 2)).toEqual(['ETH_USDT', 'BTC_USDT']);
  expect(ascending).toHaveLength(8);
  await page.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByRole('columnheader', { name: 'Pair' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(header).not.toHaveAttribute('aria-sort');
  expect(await shownPairs(page)).toEqual([
    'BNB_USDT',
    'BTC_USDT',
    'DOGE_USDT',
    'ETH_USDT',
    'LTC_USDT',
    'SOL_USDT',
    'TRX_USDT',
    'XRP_USDT',
  ]);
});

test('a favourite survives a reload and the favourites filter shows it alone', async ({
  page,
  baseURL,
}) => {
  await page.goto(server.at(baseURL, '/markets'));
  const star = page.getByRole('button', { name: 'Favourite SOL/USDT' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Favourites (1)' }).click();
  expect(await shownPairs(page)).toEqual(['SOL_USDT']);
  await page.getByRole('button', { name: 'All markets' }).click();
  await expect(rows(page)).toHaveCount(8);
});

test('the markets page has no axe violations, wide and on a phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.at(baseURL, '/markets'));
  await expect(rows(page)).toHaveCount(8);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone layout keeps the pair, price and change, and drops the high, low and sparkline.
  await expect(page.getByRole('columnheader', { name: '24h high' })).toBeHidden();
  await expect(page.getByTestId('market-BTC_USDT').getByTestId('change')).toBeVisible();
  // Neither the page nor the table scrolls sideways.
  const overflow = await page.evaluate(() =>
    [document.documentElement, document.querySelector('.markets-scroll')].map((element) =>
      element ? element.scrollWidth - element.clientWidth : -1,
    ),
  );
  expect(overflow).toEqual([0, 0]);
  await expectNoViolations(page);
});

test('the home page shows the real last prices, read again every few seconds', async ({
  page,
  baseURL,
}) => {
  await page.goto(server.at(baseURL, '/'));
  const btc = page.getByTestId('price-BTC');
  await expect(btc).toContainText('66,086.42');
  await expect(btc).toContainText('Bitcoin');
  await expect(page.getByTestId('price-SOL')).toContainText('—');
  await trade(page, 'SOL_USDT', '192.34', '0.05');
  // The home page polls the list (POLL_MS) rather than open the market socket.
  await expect(page.getByTestId('price-SOL')).toContainText('192.34', {
    timeout: POLL_MS + 10_000,
  });
  await expectNoViolations(page);
});

test('the chart library and the trading page load with the trading page only', async ({
  page,
  baseURL,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const tradingOnly = () =>
    scripts
      .map((path) => /\/(candleChart|TradingPage)-[\w-]+\.js$/.exec(path)?.[1])
      .filter((name) => name !== undefined)
      .sort();
  await page.goto(server.at(baseURL, '/'));
  await expect(page.getByTestId('price-BTC')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(server.at(baseURL, '/markets'));
  await expect(rows(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(tradingOnly()).toEqual([]);
  // The same names are what the trading page fetches, so the check above looks for real files.
  await page.goto(server.at(baseURL, '/trading/BTC_USDT'));
  await expect.poll(tradingOnly).toEqual(['TradingPage', 'candleChart']);
});
