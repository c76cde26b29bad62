/**
 * Spot trading on `/trading`, end to end, against a server of this spec's own (on PostgreSQL in
 * the `postgres` project, PGlite otherwise), so its orders never change the books other specs
 * read. Two funded traders are needed and the product funds only its demo account: the server
 * starts once with the demo account named `maker@…`, stops, and starts again on the same
 * database with it named `taker@…`. Each start seeds its demo account with the usual deposits.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { ownServer } from './ownServer.ts';
import { MONEY, preAcceptCookies } from './shellHelpers.ts';

const PASSWORD = 'trading-password-1';
const run = Math.random().toString(36).slice(2, 8);
const MAKER = { email: `maker-${run}@example.com`, password: PASSWORD };
const TAKER = { email: `taker-${run}@example.com`, password: PASSWORD };

const server = ownServer({ portOffset: 24, name: 'trading' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.info().setTimeout(240_000);
  // The product's only funding: each start seeds its demo account.
  await server.start({ DEMO_EMAIL: MAKER.email, DEMO_PASSWORD: PASSWORD });
  await server.start({ DEMO_EMAIL: TAKER.email, DEMO_PASSWORD: PASSWORD });
});

test.afterAll(() => server.close());

/** A trader in a browser of their own, signed in through the form, on the BTC/USDT page. */
async function trader(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await preAcceptCookies(page);
  await page.goto(server.at(baseURL, '/signin'));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto(server.at(baseURL, '/trading/BTC_USDT'));
  await expect(page.getByRole('button', { name: 'Pair: BTC/USDT' })).toBeVisible();
  // The order form loads on demand: the trader is ready once it is there.
  await expect(form(page).getByRole('button', { name: 'Buy', exact: true })).toBeVisible();
  return page;
}

const form = (page: Page) => page.getByRole('form', { name: 'Place an order' });

async function available(page: Page, side: 'Buy' | 'Sell', text: string) {
  await form(page).getByRole('button', { name: side, exact: true }).click();
  await expect(page.getByTestId('order-available')).toHaveText(`Available: ${text}`);
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a visitor sees the market, a sign-in prompt where the form is, and no unknown pair', async ({
  page,
  baseURL,
}) => {
  await preAcceptCookies(page);
  await page.goto(server.at(baseURL, '/trading'));
  await expect(page).toHaveURL(/\/trading\/BTC_USDT$/);
  await expect(page.getByRole('heading', { name: 'Spot trading BTC/USDT' })).toBeAttached();
  const prompt = page.getByTestId('sign-in-prompt');
  await expect(prompt.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/signin');
  await expect(prompt.getByRole('link', { name: 'Create account' })).toHaveAttribute(
    'href',
    '/signup',
  );
  // Skeletons give way to the streams' snapshots.
  await expect(page.getByText('Loading the order book')).toHaveCount(0);
  await expect(page.getByText('No trades yet.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Candlestick chart of BTC\/USDT/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'TradingView Lightweight Charts™' })).toHaveAttribute(
    'href',
    'https://www.tradingview.com/',
  );
  await axeClean(page);

  // The switcher searches the eight pairs and goes to the one chosen, by keyboard.
  await page.getByRole('button', { name: 'Pair: BTC/USDT' }).click();
  await page.getByLabel('Search pairs').fill('eth');
  await expect(page.locator('.pair-list li')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/trading\/ETH_USDT$/);
  await expect(page.getByRole('button', { name: 'Pair: ETH/USDT' })).toBeVisible();

  await page.goto(server.at(baseURL, '/trading/FOO_USDT'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a limit order rests in the book, another trader fills it, both see the fill, and a cancel releases the hold', {
  tag: MONEY,
}, async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const maker = await trader(browser, baseURL, MAKER);
  const taker = await trader(browser, baseURL, TAKER);

  // The maker offers 0.01 BTC at 65,000: it rests in the book and in their open orders, and
  // the 0.01 BTC is held.
  await available(maker, 'Sell', '0.05 BTC');
  await form(maker).getByLabel('Price', { exact: true }).fill('65000');
  await form(maker).getByLabel('Amount', { exact: true }).fill('0.01');
  await expect(maker.getByTestId('order-fee')).toHaveText(
    'Fee: 0.1 % (maker or taker), up to 0.65 USDT',
  );
  await form(maker).getByRole('button', { name: 'Sell BTC' }).click();
  await expect(form(maker).getByRole('status')).toHaveText(
    'Order placed: sell 0.01 BTC at 65,000.00 USDT.',
  );
  await expect(maker.getByTestId('book-asks').getByRole('button')).toHaveText([
    /65,000\.00\s*0\.01\s*0\.01/,
  ]);
  await expect(maker.getByTestId('open-orders').getByRole('row')).toHaveCount(2);
  await expect(maker.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await expect(maker.getByTestId('order-available')).toHaveText('Available: 0.04 BTC');
  await axeClean(maker);

  // The taker sees it live, picks its price from the book, and buys it.
  const ask = taker.getByTestId('book-asks').getByRole('button', { name: /65,000\.00/ });
  await ask.click();
  await expect(form(taker).getByLabel('Price', { exact: true })).toHaveValue('65000');
  await available(taker, 'Buy', '2,500 USDT');
  await form(taker).getByLabel('Amount', { exact: true }).fill('0.02');
  await form(taker).getByLabel('Amount', { exact: true }).fill('0.01');
  await form(taker).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(form(taker).getByRole('status')).toHaveText(
    'Order placed: buy 0.01 BTC at 65,000.00 USDT.',
  );

  for (const [page, side, fee] of [
    [maker, 'Sell', '0.65 USDT'],
    [taker, 'Buy', '0.00001 BTC'],
  ] as const) {
    // The fill is announced politely, once, in words.
    await expect(page.getByTestId('fill-announcement')).toHaveText(
      `${side === 'Sell' ? 'Sold' : 'Bought'} 0.01 BTC at 65000 USDT (BTC/USDT).`,
    );
    await expect(page.getByTestId('book-asks').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('recent-trades').getByRole('row').nth(1)).toContainText(
      /65,000\.00.*0\.01/,
    );
    await expect(page.getByTestId('stat-last')).toHaveText('65,000.00');
    // The trade is in the current candle.
    await expect(page.getByTestId('chart-close')).toHaveText('65,000.00');
    await expect(page.getByTestId('chart-volume')).toHaveText('0.01 BTC');
    await expect(page.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Trade history' }).click();
    const fill = page.getByTestId('my-fills').getByRole('row').nth(1);
    await expect(fill).toContainText(side);
    await expect(fill).toContainText('65,000.00');
    await expect(fill).toContainText(fee);
  }
  // Balances: the maker got 650 USDT less the 0.1 % fee; the taker 0.01 BTC less its fee.
  await available(maker, 'Buy', '3,149.35 USDT');
  await available(maker, 'Sell', '0.04 BTC');
  await available(taker, 'Buy', '1,850 USDT');
  await available(taker, 'Sell', '0.05999 BTC');

  // What only the server can tell is shown in its own words.
  await available(taker, 'Buy', '1,850 USDT');
  await form(taker).getByLabel('Stop-limit').check();
  await form(taker).getByLabel('Stop price').fill('60000');
  await form(taker).getByLabel('Price', { exact: true }).fill('60000');
  await form(taker).getByLabel('Amount', { exact: true }).fill('0.001');
  await form(taker).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(form(taker).getByRole('alert')).toHaveText(
    'The last price has already reached the stop price.',
  );
  await form(taker).getByLabel('Limit', { exact: true }).check();

  // A resting buy holds its USDT; cancelling it releases every cent.
  await available(taker, 'Buy', '1,850 USDT');
  await form(taker).getByLabel('Price', { exact: true }).fill('60000');
  await form(taker).getByLabel('Amount', { exact: true }).fill('0.01');
  await form(taker).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(taker.getByTestId('order-available')).toHaveText('Available: 1,250 USDT');
  await taker.getByRole('tab', { name: 'Open orders (1)' }).click();
  await taker.getByRole('button', { name: /^Cancel buy order \d+$/ }).click();
  await expect(taker.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(taker.getByTestId('order-available')).toHaveText('Available: 1,850 USDT');
  await expect(taker.getByTestId('book-bids').getByRole('button')).toHaveCount(0);

  // Cancel all, and the refusals: the form's own checks, and the server's words.
  await available(maker, 'Sell', '0.04 BTC');
  for (const price of ['70000', '71000']) {
    await form(maker).getByLabel('Price', { exact: true }).fill(price);
    await form(maker).getByLabel('Amount', { exact: true }).fill('0.01');
    await form(maker).getByRole('button', { name: 'Sell BTC' }).click();
    await expect(form(maker).getByRole('status')).toContainText(`${price.slice(0, 2)},`);
  }
  await expect(maker.getByTestId('order-available')).toHaveText('Available: 0.02 BTC');
  await maker.getByRole('tab', { name: 'Open orders (2)' }).click();
  await maker.getByRole('button', { name: 'Cancel all' }).click();
  await expect(maker.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(maker.getByTestId('order-available')).toHaveText('Available: 0.04 BTC');
  await form(maker).getByLabel('Price', { exact: true }).fill('65000.001');
  await form(maker).getByLabel('Amount', { exact: true }).fill('1');
  await form(maker).getByRole('button', { name: 'Sell BTC' }).click();
  await expect(
    form(maker).getByText('Price must be a multiple of the tick size 0.01.'),
  ).toBeVisible();
  await expect(
    form(maker).getByText('Insufficient balance: you have 0.04 BTC available.'),
  ).toBeVisible();
  await expect(form(maker).getByLabel('Price', { exact: true })).toBeFocused();
  await axeClean(taker);

  await maker.context().close();
  await taker.context().close();
});
