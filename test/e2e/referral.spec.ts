/**
 * The referral programme end to end, against a server of this spec's own (on PostgreSQL in the
 * `postgres` project, PGlite otherwise): a person copies their link from `/account` on a phone,
 * a friend signs up through it, trades, and the referrer's earnings grow on the open page. The
 * demo account (the only one the product funds) is the other side of the trade and pays the
 * friend's first USDT by transfer.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { ownServer } from './ownServer.ts';
import { apiCall, MONEY, preAcceptCookies } from './shellHelpers.ts';

const PASSWORD = 'referral-password-1';
const run = Math.random().toString(36).slice(2, 8);
const DEMO = { email: `seller-${run}@example.com`, password: PASSWORD };

const server = ownServer({ portOffset: 32, name: 'referral' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.info().setTimeout(180_000);
  await server.start({ DEMO_EMAIL: DEMO.email, DEMO_PASSWORD: PASSWORD });
});

test.afterAll(() => server.close());

/** A fresh browser of its own (a phone's viewport when asked), cookies accepted. */
async function browserPage(browser: Browser, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  await preAcceptCookies(page);
  return page;
}

/** Signs up through the form on the page it is on, and waits for the overview. */
async function signUpHere(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test("a referred friend trades and the referrer's earnings grow on the open page", {
  tag: MONEY,
}, async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // The referrer, on a phone, finds their link on the overview.
  const referrer = await browserPage(browser, true);
  await referrer.goto(server.at(baseURL, '/signup'));
  await signUpHere(referrer, `referrer-${run}@example.com`);
  const section = referrer.getByRole('region', { name: 'Refer friends' });
  const linkField = section.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(/\/signup\?ref=[A-Z2-9]{8}$/);
  const link = await linkField.inputValue();
  await expect(section.getByTestId('referral-count')).toHaveText('0');
  await expect(section.getByTestId('referral-earned')).toHaveText('$0.00');
  await expect(section).toContainText('pays you 20 % of each trading fee');
  // The link and its button fit the phone's width.
  const overflow = await referrer.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: referrer }).include('.referral').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // The friend opens the link in a browser of their own and signs up: the code goes along.
  const friendEmail = `friend-${run}@example.com`;
  const friend = await browserPage(browser);
  await friend.goto(link);
  const code = link.slice(-8);
  expect(await friend.evaluate(() => localStorage.getItem('referal_code'))).toBe(code);
  await signUpHere(friend, friendEmail);
  await referrer.reload();
  await expect(section.getByTestId('referral-count')).toHaveText('1');

  // The demo account pays the friend 1,000 USDT and offers 0.01 BTC at 65,000.
  const seller = await browserPage(browser);
  await seller.goto(server.at(baseURL, '/'));
  const signedIn = await apiCall(seller, 'users.signIn', DEMO);
  expect(signedIn.status, JSON.stringify(signedIn)).toBe(true);
  const token = signedIn.token as string;
  for (const [method, params] of [
    [
      'transfers.send',
      { to: friendEmail, ticker: 'USDT', amount: '1000', idempotencyKey: `referral-${run}` },
    ],
    [
      'orders.place',
      { pair: 'BTC_USDT', side: 'sell', type: 'limit', price: '65000', amount: '0.01' },
    ],
  ] as const) {
    const reply = await apiCall(seller, method, params, token);
    expect(reply.status, JSON.stringify(reply)).toBe(true);
  }

  // The friend buys it on the trading page and pays the 0.1 % taker fee: 0.00001 BTC.
  await friend.goto(server.at(baseURL, '/trading/BTC_USDT'));
  const form = friend.getByRole('form', { name: 'Place an order' });
  await form.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(friend.getByTestId('order-available')).toHaveText('Available: 1,000 USDT');
  await form.getByLabel('Price', { exact: true }).fill('65000');
  await form.getByLabel('Amount', { exact: true }).fill('0.01');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Order placed: buy 0.01 BTC at 65,000.00 USDT.',
  );

  // 20 % of that fee reaches the referrer's open page without a reload: 0.000002 BTC, $0.13.
  await expect(section.getByTestId('referral-earned')).toHaveText('$0.13');
  await expect(section.getByRole('list', { name: 'Earnings by currency' })).toHaveText(
    '0.000002 BTC ≈ $0.13',
  );
  await expect(referrer.getByText(/^Referral share of Trade \d+ fee \(20 %\)$/)).toBeVisible();
});

test('a link with an unknown code still signs the person up, and says the code was not applied', async ({
  browser,
  baseURL,
}) => {
  const page = await browserPage(browser);
  await page.goto(server.at(baseURL, '/signup?ref=NOSUCH23'));
  await signUpHere(page, `stranger-${run}@example.com`);
  await expect(
    page.getByText(
      'The referral code "NOSUCH23" matches no account, so your account was created without a referrer.',
    ),
  ).toBeVisible();
});
