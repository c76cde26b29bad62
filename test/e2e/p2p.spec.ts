/**
 * P2P end to end, against a server of this spec's own (on PostgreSQL in the `postgres` project):
 * the demo account, two-factor on, publishes an offer to sell USDT for EUR, held in escrow; a
 * second account holder finds it on /p2p, opens a trade for 46 EUR, tells the seller in the
 * trade's chat with a receipt image, marks it paid; the seller, whose page follows live, sees the
 * receipt and releases with a TOTP code; both see the trade end, and the buyer's wallet shows the
 * USDT less the fee. A second trade is paid and disputed; staff write in its chat and return it
 * to the seller from the Dashboard. Staff mark both identities verified first, as P2P needs.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { totpCode } from '../../server/accounts/totp.ts';
import { expect, test } from './consoleGuard.ts';
import { ownServer } from './ownServer.ts';
import { apiCall, MONEY, STAFF, signedInPage, turnOnTwoFactor } from './shellHelpers.ts';

/** A real 1x1 PNG: the payment receipt. */
const RECEIPT = {
  name: 'receipt.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
};

const PASSWORD = 'p2p-password-1';
const run = Math.random().toString(36).slice(2, 8);
const SELLER = { email: `p2p-seller-${run}@example.com`, password: PASSWORD };
const BUYER = { email: `p2p-buyer-${run}@example.com`, password: PASSWORD };

const server = ownServer({
  portOffset: 34,
  name: 'p2p',
  env: { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password },
});

test.afterAll(() => server.close());

/** A page of its own on the server, signed in (the sign-in form has specs of its own). */
function signedIn(browser: Browser, baseURL: string | undefined, account: typeof SELLER) {
  return signedInPage(browser, new URL(server.at(baseURL, '/')).origin, account);
}

/** Staff mark the two accounts' identities verified, through the API. */
async function verifyBoth(page: Page) {
  const staff = await apiCall(page, 'users.signIn', STAFF);
  expect(staff.status, JSON.stringify(staff)).toBe(true);
  for (const account of [SELLER, BUYER]) {
    const signedUp = await apiCall(page, 'users.signIn', account);
    const userId = (signedUp.user as { id: number }).id;
    const set = await apiCall(
      page,
      'support.setUserFlag',
      { userId, flag: 'isVerified', value: true },
      staff.token as string,
    );
    expect(set.status, JSON.stringify(set)).toBe(true);
  }
}

test('an offer in escrow, a trade opened, paid and released: the buyer gets the USDT less the fee', {
  tag: MONEY,
}, async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  await server.start({ DEMO_EMAIL: SELLER.email, DEMO_PASSWORD: PASSWORD });
  const setup = await (await browser.newContext()).newPage();
  await setup.goto(server.at(baseURL, '/faq'));
  const signedUp = await apiCall(setup, 'users.signUp', BUYER);
  expect(signedUp.status, JSON.stringify(signedUp)).toBe(true);
  await verifyBoth(setup);

  // The seller publishes: 100 USDT at 0.92 EUR, 10 to 92 EUR a trade, by SEPA.
  const seller = await signedIn(browser, baseURL, SELLER);
  const key = await turnOnTwoFactor(seller, server.at(baseURL, '/account/profile'));
  await seller.goto(server.at(baseURL, '/account/p2p'));
  // Where buyers pay first: an offer cannot list a method without it.
  const details = seller.getByRole('form', { name: 'Payment details' });
  await details.getByLabel('Payment method').selectOption('sepa');
  await details.getByLabel(/^Details/).fill('Demo Seller\nIBAN DE89 3704 0044 0532 0130 00');
  await details.getByRole('button', { name: 'Save the details' }).click();
  await expect(details.getByRole('status')).toHaveText('SEPA transfer details saved.');
  const form = seller.getByRole('form', { name: 'Publish an offer' });
  await form.getByLabel('I want to').selectOption('sell');
  await form.getByLabel('Crypto').selectOption('USDT');
  await form.getByLabel('Fiat').selectOption('EUR');
  await form.getByLabel('Price (EUR per USDT)').fill('0.92');
  await form.getByLabel('Amount in all (USDT)').fill('100');
  await form.getByLabel('Least per trade (EUR)').fill('10');
  await form.getByLabel('Most per trade (EUR)').fill('92');
  await form.getByLabel('SEPA transfer').check();
  await form.getByRole('button', { name: 'Publish the offer' }).click();
  await expect(seller.getByText(/Offer \d+ is published: selling 100 USDT/)).toBeVisible();

  // The buyer finds it, signed in, and opens a trade for 46 EUR.
  const buyer = await signedIn(browser, baseURL, BUYER);
  await buyer.goto(server.at(baseURL, '/p2p'));
  await buyer.getByLabel('Crypto', { exact: true }).selectOption('USDT');
  await buyer.getByLabel('Fiat', { exact: true }).selectOption('EUR');
  const offer = buyer.getByTestId('p2p-offer');
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText('0.92 EUR');
  await expect(offer).toContainText('SEPA transfer');
  const axe = await new AxeBuilder({ page: buyer }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await offer.getByRole('button', { name: 'Buy USDT' }).click();
  await buyer.getByLabel('Amount (EUR)').fill('46');
  await buyer.getByRole('button', { name: 'Open the trade' }).click();
  await expect(buyer).toHaveURL(/\/account\/p2p\?trade=\d+$/);
  const bought = buyer.getByTestId('p2p-trade').first();
  await expect(bought.getByRole('heading', { level: 3 })).toHaveText(
    /^Buy 50 USDT from .+ for 46 EUR$/,
  );
  await expect(bought.getByTestId('p2p-trade-status')).toHaveText('Waiting for the payment');
  await expect(bought.getByRole('heading', { name: 'Where to pay' })).toBeVisible();
  await expect(bought.getByText('IBAN DE89 3704 0044 0532 0130 00')).toBeVisible();

  // The trade just opened shows its chat: the buyer says so, with the receipt.
  const buyerChat = bought.getByRole('region', { name: /^Trade \d+: chat with / });
  const buyerBox = buyerChat.getByRole('textbox', { name: 'Message' });
  await buyerBox.fill('Sent 46 EUR by SEPA just now.');
  await buyerBox.press('Enter');
  // In the message log: until the server's echo empties the box, the text is in both (React
  // keeps a text box's text content equal to its value).
  await expect(
    buyerChat.getByRole('log', { name: 'Messages' }).getByText('Sent 46 EUR by SEPA just now.'),
  ).toBeVisible();
  await buyerChat.locator('input[type="file"]').setInputFiles(RECEIPT);
  await expect(buyerChat.getByText('Attached: receipt.png')).toBeVisible();
  await buyerBox.press('Enter');
  await expect(buyerChat.getByRole('img', { name: 'Attachment' })).toBeVisible();
  await bought.getByRole('button', { name: 'I have paid' }).click();
  await expect(bought.getByTestId('p2p-trade-status')).toHaveText(
    'Paid: waiting for the seller to release',
  );

  // The seller's page follows on its own and releases.
  const sold = seller.getByTestId('p2p-trade').first();
  await expect(sold.getByTestId('p2p-trade-status')).toHaveText(
    'Paid: waiting for the seller to release',
  );
  await sold.getByRole('button', { name: /^Chat with / }).click();
  const sellerChat = sold.getByRole('region', { name: /^Trade \d+: chat with / });
  await expect(sellerChat.getByText('Sent 46 EUR by SEPA just now.')).toBeVisible();
  const receipt = sellerChat.getByRole('img', { name: 'Attachment' });
  await expect(receipt).toBeVisible();
  await expect
    .poll(() => receipt.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);
  // The seller has read them: the buyer's chat says so, in words, under the receipt.
  await expect(buyerChat.getByRole('log', { name: 'Messages' }).getByText('Seen')).toBeVisible();
  // The code that turned two-factor on is spent: the app's next one releases.
  await sold.getByLabel('Two-factor code').fill(totpCode(key, Date.now() + 30_000));
  await sold.getByRole('button', { name: 'Release 50 USDT' }).click();
  await expect(sold.getByTestId('p2p-trade-status')).toHaveText('Released to the buyer');
  await expect(bought.getByTestId('p2p-trade-status')).toHaveText('Released to the buyer');
  await expect(bought).toContainText('You received 50 USDT less the 0.05 USDT fee.');
  const accountAxe = await new AxeBuilder({ page: seller }).analyze();
  expect(accountAxe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
    [],
  );

  await buyer.goto(server.at(baseURL, '/account'));
  await expect(buyer.getByTestId('wallet-USDT').getByRole('cell').first()).toHaveText('49.95');

  // A second trade, paid and disputed: staff return it to the seller from the Dashboard.
  await buyer.goto(server.at(baseURL, '/p2p'));
  await buyer.getByLabel('Fiat', { exact: true }).selectOption('EUR');
  await buyer.getByTestId('p2p-offer').getByRole('button', { name: 'Buy USDT' }).click();
  await buyer.getByLabel('Amount (EUR)').fill('23');
  await buyer.getByRole('button', { name: 'Open the trade' }).click();
  const second = buyer.getByTestId('p2p-trade').first();
  await second.getByRole('button', { name: 'I have paid' }).click();
  await second.getByLabel(/Tell staff what happened/).fill('I paid 23 EUR by SEPA; no release.');
  await second.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(second.getByTestId('p2p-trade-status')).toHaveText('In dispute: staff will decide');

  const staff = await signedIn(browser, baseURL, STAFF);
  await staff.goto(server.at(baseURL, '/account/admin/p2p'));
  const dispute = staff.getByTestId('p2p-dispute');
  await expect(dispute).toContainText('I paid 23 EUR by SEPA; no release.');
  // Staff join the trade's chat; the buyer reads them there.
  await dispute.getByRole('button', { name: 'Read the trade’s chat' }).click();
  const staffChat = dispute.getByRole('region', { name: /^Trade \d+: chat$/ });
  const staffBox = staffChat.getByRole('textbox', { name: 'Message' });
  await staffBox.fill('Please send the bank statement showing the transfer.');
  await staffBox.press('Enter');
  await expect(
    staffChat
      .getByRole('log', { name: 'Messages' })
      .getByText('Please send the bank statement showing the transfer.'),
  ).toBeVisible();
  const disputedChat = second.getByRole('region', { name: /^Trade \d+: chat with / });
  await expect(
    disputedChat.getByText('Please send the bank statement showing the transfer.'),
  ).toBeVisible();
  await dispute.getByLabel(/Reason for the decision/).fill('No SEPA payment reached the seller.');
  await dispute.getByRole('button', { name: 'Return to the seller' }).click();
  await expect(staff.getByRole('status').first()).toHaveText(/returned to the seller/);
  await expect(second.getByTestId('p2p-trade-status')).toHaveText(
    'Returned to the seller by staff',
  );
  await expect(second).toContainText('Staff’s decision: No SEPA payment reached the seller.');

  // Staff set what a USDT is worth in euros; the seller publishes at 2 % over that market, and
  // buyers see it first, priced now.
  const rates = staff.getByRole('form', { name: 'Set a reference rate' });
  await rates.getByLabel('Fiat').selectOption('EUR');
  await rates.getByLabel('1 USDT in EUR').fill('0.9');
  await rates.getByRole('button', { name: 'Set the rate' }).click();
  await expect(rates.getByRole('status')).toHaveText(
    '1 USDT is now 0.9 EUR; its margin offers follow.',
  );
  await seller.goto(server.at(baseURL, '/account/p2p'));
  await form.getByLabel('Crypto').selectOption('USDT');
  await form.getByLabel('Fiat').selectOption('EUR');
  await form.getByLabel('Pricing').selectOption('margin');
  await form.getByLabel('Margin over the market (%)').fill('2');
  await expect(
    form.getByText(/^Market now: 0\.9 EUR per USDT; your price now: 0\.918 EUR/),
  ).toBeVisible();
  await form.getByLabel('Amount in all (USDT)').fill('50');
  await form.getByLabel('Least per trade (EUR)').fill('10');
  await form.getByLabel('Most per trade (EUR)').fill('45');
  await form.getByLabel('SEPA transfer').check();
  await form.getByRole('button', { name: 'Publish the offer' }).click();
  await expect(seller.getByText(/Offer \d+ is published: selling 50 USDT/)).toBeVisible();
  await buyer.goto(server.at(baseURL, '/p2p'));
  await buyer.getByLabel('Fiat', { exact: true }).selectOption('EUR');
  await expect(buyer.getByTestId('p2p-offer').first()).toContainText('0.918 EUR (market +2 %)');
});
