/**
 * The wallet end to end on the built-in devnet: test coins from the deposit page's faucet climb
 * through their confirmation and are credited; sent to a second account holder, they show on
 * that person's open overview without a reload, with the note, in both histories. With two-factor
 * on, a withdrawal asks for the app's code, refuses a wrong one, and waits for the link mailed to
 * its owner; followed in another tab, it goes out, its state moving to Confirmed on the open page.
 * Each account verifies its address from the mailed link first, as withdrawing needs.
 */
import type { Browser, Page } from '@playwright/test';
import { totpCode } from '../../server/accounts/totp.ts';
import { expect, test } from './consoleGuard.ts';
import { mailedLink } from './outbox.ts';
import { MONEY, preAcceptCookies, turnOnTwoFactor } from './shellHelpers.ts';

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
  await page.goto(await mailedLink(page, email, /^Confirm your email address/, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  await page.goto('/account');
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

/** Test XRP from the deposit page's faucet, waited for until credited. */
async function depositTestXrp(page: Page) {
  await page.goto('/account/deposit');
  await page.getByLabel('Asset').selectOption('XRP');
  await page.getByRole('button', { name: 'Get test XRP' }).click();
  await expect(page.getByTestId('deposit-status').first()).toHaveText('Credited', {
    timeout: 30_000,
  });
}

test('a withdrawal with two-factor on needs the code, refuses a wrong one, and confirms live', {
  tag: MONEY,
}, async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page, email } = await newAccountHolder(browser, baseURL);
  const key = await turnOnTwoFactor(page);
  await depositTestXrp(page);

  await page.goto('/account/withdraw');
  // The withdrawal form, apart from the address book's form on the same page.
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Review withdrawal' }) });
  await form.getByLabel('Asset').selectOption('XRP');
  await form.getByLabel('Address', { exact: true }).fill('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
  await form.getByLabel('Destination tag', { exact: true }).fill('20260');
  await form.getByLabel('Amount the address receives (XRP)').fill('10');
  const code = form.getByLabel('Two-factor code');
  // The code that turned two-factor on is spent: a wrong one first, then the app's next one.
  const next = totpCode(key, Date.now() + 30_000);
  await code.fill(String((Number(next) + 500_000) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  await expect(page.getByTestId('withdraw-receives')).toHaveText('10 XRP');
  await expect(page.getByTestId('withdraw-total')).toHaveText('10.2 XRP');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(0);

  // The review's own Change button (the address book has controls of its own on this page).
  await page.locator('.transfer-review').getByRole('button', { name: 'Change' }).click();
  await code.fill(next);
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('status')).toContainText('Withdrawal of 10 XRP requested');
  await expect(page.getByRole('status')).toContainText(`We mailed a link to ${email}`);
  const state = page.getByTestId('withdrawal-status').first();
  await expect(state).toHaveText('Waiting for your confirmation by e-mail');

  // The link from the mail, in another tab; it asks before it confirms.
  const mailTab = await page.context().newPage();
  await mailTab.goto(
    await mailedLink(mailTab, email, 'Confirm your withdrawal of 10 XRP', '/confirm-withdrawal'),
  );
  await mailTab.getByRole('button', { name: 'Confirm the withdrawal' }).click();
  await expect(mailTab.getByRole('status')).toHaveText(
    /^Withdrawal of 10 XRP to rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh confirmed\. It is sent with the next block/,
  );
  await mailTab.close();
  // Nothing is reloaded: the private stream moves the state on to Confirmed.
  await expect(page.getByTestId('withdrawal-status').first()).toHaveText('Confirmed', {
    timeout: 30_000,
  });
});
