/**
 * Swap end to end, against a server of this spec's own (on PostgreSQL in the `postgres` project):
 * a maker rests a BTC bid and an ETH ask through the API, then another account holder opens the
 * swap modal from the BTC wallet row, swaps BTC → ETH through USDT at the quoted price, and sees
 * both balances and the history change. As in the trading spec, the server starts twice on the
 * same database, its funded demo account named once for each.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { ownServer } from './ownServer.ts';
import { apiCall, MONEY, preAcceptCookies } from './shellHelpers.ts';

const PASSWORD = 'swap-password-1';
const run = Math.random().toString(36).slice(2, 8);
const MAKER = { email: `swap-maker-${run}@example.com`, password: PASSWORD };
const SWAPPER = { email: `swapper-${run}@example.com`, password: PASSWORD };

const server = ownServer({ portOffset: 28, name: 'swap' });

test.describe.configure({ mode: 'serial' });

test.afterAll(() => server.close());

/** Places the maker's orders through the API from a page on the server's origin. */
async function restMakerOrders(page: Page, baseURL: string | undefined) {
  await page.goto(server.at(baseURL, '/faq'));
  const signedIn = await apiCall(page, 'users.signIn', MAKER);
  expect(signedIn.status, JSON.stringify(signedIn)).toBe(true);
  const token = signedIn.token as string;
  for (const order of [
    { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000', amount: '0.02' },
    { pair: 'ETH_USDT', side: 'sell', type: 'limit', price: '3000', amount: '1' },
  ]) {
    const placed = await apiCall(page, 'orders.place', order, token);
    expect(placed.status, JSON.stringify(placed)).toBe(true);
  }
}

/** Signs the swapper in through the form and waits for the overview. */
async function signInAsSwapper(page: Page, baseURL: string | undefined) {
  await page.goto(server.at(baseURL, '/signin'));
  await page.getByLabel('Email').fill(SWAPPER.email);
  await page.getByLabel('Password').fill(SWAPPER.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test('swap BTC → ETH from the wallet row: both balances and the history change', {
  tag: MONEY,
}, async ({ page, baseURL, allowConsole }) => {
  test.setTimeout(300_000);
  // The server restarts under the maker's open page, whose reads meet its closed port meanwhile.
  allowConsole(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
  await server.start({ DEMO_EMAIL: MAKER.email, DEMO_PASSWORD: PASSWORD });
  await preAcceptCookies(page);
  await restMakerOrders(page, baseURL);
  await server.start({ DEMO_EMAIL: SWAPPER.email, DEMO_PASSWORD: PASSWORD });

  await signInAsSwapper(page, baseURL);
  const btc = page.getByTestId('wallet-BTC');
  const eth = page.getByTestId('wallet-ETH');
  await expect(btc.getByRole('cell').first()).toHaveText('0.05');
  await expect(eth.getByRole('cell').first()).toHaveText('1.2');

  // The header opens it too; Escape closes it.
  const dialog = page.getByRole('dialog', { name: 'Swap' });
  await page.getByRole('banner').getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('BTC');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await btc.getByRole('button', { name: 'Swap BTC' }).click();
  await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('BTC');
  await dialog.getByLabel('To', { exact: true }).selectOption('ETH');
  await dialog.getByLabel('Amount (BTC)').fill('0.01');
  // 0.01 BTC at 60,000 less the 0.1 % fee is 599.4 USDT: 0.1998 ETH at 3,000, less 0.1 %.
  await expect(dialog.getByTestId('quote-received')).toHaveText('0.1996002 ETH');
  await expect(dialog.getByText('BTC → USDT → ETH')).toBeVisible();
  await expect(dialog.getByTestId('quote-countdown')).toHaveText(/^\d+ s$/);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Swap 0.01 BTC → ETH' }).click();
  await expect(dialog.getByRole('status')).toContainText('Swapped 0.01 BTC for 0.1996002 ETH');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The account's stream brings the new balances without a reload.
  await expect(btc.getByRole('cell').first()).toHaveText('0.04');
  await expect(eth.getByRole('cell').first()).toHaveText('1.3996002');
  // The history follows without a reload: the fees of both legs say what the swap was, its four
  // trades that they were a swap's.
  const entries = page.getByTestId('history-entry');
  await expect(entries.filter({ hasText: 'Swap 0.01 BTC → 0.1996002 ETH' })).toHaveCount(2);
  await expect(entries.filter({ hasText: /Swap \(quote \d+\): Trade/ })).toHaveCount(4);

  await page.goto(server.at(baseURL, '/account/swap'));
  await expect(page.getByTestId('recent-swap')).toHaveText(/Swap 0\.01 BTC → 0\.1996002 ETH/);
});

// Serial after the swap above, on its server and books: it runs in the same projects (MONEY).
test('on a phone, /account/swap fits the screen with its quote', {
  tag: MONEY,
}, async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await preAcceptCookies(page);
  await signInAsSwapper(page, baseURL);
  await page.goto(server.at(baseURL, '/account/swap'));
  await page.getByLabel('To', { exact: true }).selectOption('ETH');
  await page.getByLabel('Amount (BTC)').fill('0.01');
  await expect(page.getByTestId('quote-received')).toHaveText(/ ETH$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
