/**
 * The wallet end to end on the built-in devnet: test coins from the deposit page's faucet climb
 * through their confirmation and are credited; sent to a second account holder, they show on
 * that person's open overview without a reload, with the note, in both histories.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { MONEY, preAcceptCookies } from './shellHelpers.ts';

/** Signs a fresh account up in a page of its own and returns the page and the email. */
async function newAccountHolder(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await preAcceptCookies(page);
  const email = `wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  return { page, email };
}

/** The XRP row of the overview's wallet table. */
const xrpRow = (page: Page) => page.getByTestId('wallet-XRP');

test('devnet deposit confirms and is credited; a transfer reaches the other account live', {
  tag: MONEY,
}, async ({ browser, baseURL }) => {
  // Two sign-ups, a deposit waiting for its block and a transfer: longer than one flow's default.
  test.setTimeout(120_000);
  const alice = await newAccountHolder(browser, baseURL);
  const bob = await newAccountHolder(browser, baseURL);

  await alice.page.goto('/account/deposit');
  await alice.page.getByLabel('Asset').selectOption('XRP');
  await expect(alice.page.getByTestId('deposit-address')).toHaveText(
    /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
  );
  // One exchange address for XRP: the tag tells the accounts apart, so the page insists on it.
  await expect(alice.page.getByTestId('deposit-tag')).toHaveText(/^\d+$/);
  await expect(alice.page.getByText('Test network.')).toBeVisible();
  await alice.page.getByRole('button', { name: 'Get test XRP' }).click();
  await expect(alice.page.getByRole('status').filter({ hasText: /test/i })).toBeVisible();
  const status = alice.page.getByTestId('deposit-status').first();
  await expect(status).toHaveText('Credited', { timeout: 30_000 });
  const amount =
    (await alice.page.getByTestId('deposit-row').first().locator('td.number').textContent()) ?? '';
  expect(Number(amount)).toBeGreaterThan(1);

  // Bob watches his overview; nothing is reloaded from here on.
  await expect(xrpRow(bob.page)).toContainText('$0.0000');

  await alice.page.goto('/account/transfer');
  await alice.page.getByLabel("Recipient's email or username").fill(bob.email);
  await alice.page.getByLabel('Asset').selectOption('XRP');
  await alice.page.getByLabel('Amount (XRP)').fill('1.5');
  await alice.page.getByLabel('Note (optional)').fill('For the tickets');
  await alice.page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(alice.page.getByTestId('review-amount')).toHaveText('1.5 XRP');
  await alice.page.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(alice.page.getByRole('status')).toContainText('Sent 1.5 XRP');

  await expect(xrpRow(bob.page)).toContainText('1.5');
  const received = bob.page.getByTestId('history-entry').filter({ hasText: 'For the tickets' });
  await bob.page.getByLabel('Kind').selectOption('transfer');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('+1.5');

  await alice.page.goto('/account');
  await alice.page.getByLabel('Kind').selectOption('transfer');
  await expect(
    alice.page.getByTestId('history-entry').filter({ hasText: 'For the tickets' }),
  ).toContainText('−1.5');
});
