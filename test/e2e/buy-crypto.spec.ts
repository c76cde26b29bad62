/**
 * Buying crypto by card end to end, on a server of this spec's own (its BTC book is the spec's):
 * a signed-out visitor quotes USDT on /buy-crypto, signs up and comes back to the same choice,
 * pays on the test provider's page with the card that succeeds and sees the purchase credited;
 * then BTC from the footer's marker, a declined card, and the 3-D Secure card with its challenge.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { serverOfItsOwn } from './ownServer.ts';
import { apiCall, DEMO, MONEY, preAcceptCookies } from './shellHelpers.ts';

const server = serverOfItsOwn({ portOffset: 30, name: 'buy' });

/** axe-core finds no violations (WCAG 2.1 AA rules and best practices). */
async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Pays the test provider's page with `number` (a future expiry, a CVC and a name). */
async function payWith(page: Page, number: string) {
  await expect(page).toHaveURL(/\/pay\/test\/[\w-]+$/);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('buy USDT, then BTC with a declined card and the 3-D Secure card', {
  tag: MONEY,
}, async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await preAcceptCookies(page);
  const at = (path: string) => server.at(baseURL, path);

  // Someone sells BTC on the spot market: its best ask is the card rate.
  await page.goto(at('/'));
  const seller = await apiCall(page, 'users.signIn', DEMO);
  expect(seller.status, JSON.stringify(seller)).toBe(true);
  const order = await apiCall(
    page,
    'orders.place',
    { pair: 'BTC_USDT', side: 'sell', type: 'limit', price: '60000', amount: '0.01' },
    seller.token as string,
  );
  expect(order.status, JSON.stringify(order)).toBe(true);

  // Signed out: the quote works, and Continue leads through sign-up back to the same choice.
  await page.goto(at('/buy-crypto'));
  await page.getByLabel('Asset to buy').selectOption('USDT');
  await page.getByLabel('Amount (USD)').fill('100');
  await expect(page.getByTestId('quote-amount')).toHaveText('96.2 USDT');
  await expect(page.getByTestId('quote-total')).toHaveText('$100.00');
  await axeClean(page);
  await page.getByRole('button', { name: 'Sign in to continue' }).click();
  await expect(page).toHaveURL(/\/signin\?next=/);
  await page.locator('.sign-switch').getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/buy-crypto\?asset=USDT&usd=100$/);
  await expect(page.getByLabel('Asset to buy')).toHaveValue('USDT');
  await expect(page.getByTestId('quote-amount')).toHaveText('96.2 USDT');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/pay\/test\/[\w-]+$/);
  await axeClean(page);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/account\/buy-crypto\?purchase=\d+$/);
  await expect(page.getByTestId('purchase-return')).toHaveText(
    /^Purchase \d+ is complete: 96\.2 USDT is in your account\.$/,
  );
  await expect(page.getByTestId('purchase-status').first()).toHaveText('Credited');
  await expect(page.getByText('visa ending in 4242')).toBeVisible();
  await axeClean(page);

  // BTC from the footer's first marker, with a card that is declined.
  await page.goto(at('/account/buy-crypto?coin=1'));
  await expect(page.getByLabel('Asset to buy')).toHaveValue('BTC');
  await page.getByLabel('Amount (USD)').fill('200');
  await expect(page.getByText('1 BTC = $60,000.00')).toBeVisible();
  // 200 less 3.5 % and 0.30 is 192.70, which buys 0.00321166 BTC at 60,000.
  await expect(page.getByTestId('quote-amount')).toHaveText('0.00321166 BTC');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByTestId('purchase-return')).toHaveText(
    /was declined: Your card was declined\./,
  );

  // Again with the card that asks for 3-D Secure: the challenge, completed.
  await page.goto(at('/account/buy-crypto?coin=1'));
  await page.getByLabel('Amount (USD)').fill('200');
  await expect(page.getByTestId('quote-amount')).toHaveText('0.00321166 BTC');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payWith(page, '4000 0000 0000 3220');
  await expect(
    page.getByRole('heading', { name: 'Confirm this payment with your bank' }),
  ).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('purchase-return')).toHaveText(
    /^Purchase \d+ is complete: 0\.00321166 BTC is in your account\.$/,
  );
  const states = page.getByTestId('purchase-status');
  await expect(states).toHaveText(['Credited', 'Declined: Your card was declined.', 'Credited']);

  // Both purchases are in the history, as card purchases.
  await page.goto(at('/account'));
  const entries = page.getByTestId('history-entry').filter({
    has: page.getByRole('cell', { name: 'Card purchase', exact: true }),
  });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('+0.00321166');
  await expect(entries.last()).toContainText('+96.2');
});
