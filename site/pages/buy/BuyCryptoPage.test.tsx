import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type CardPurchase, config, initialUser, user } from '../../../core/index.ts';
import { landingPath } from '../SignPage.tsx';
import BuyCryptoPage from './BuyCryptoPage.tsx';
import { BuyForm } from './BuyForm.tsx';
import { choiceFromQuery } from './buyChoice.ts';
import { PurchaseList } from './PurchaseList.tsx';

const QUOTE = {
  asset: 'BNB',
  rate: '612.5',
  spend: '96.2',
  fee: '3.8',
  total: '100',
  amount: '0.157',
  feeRate: '0.035',
  feeFixed: '0.3',
  minUsd: '20',
  maxUsd: '5000',
  paymentMinutes: 15,
  testMode: true,
};

/** The API as the buy form meets it, recording what it sent. */
function answerApi(sent: Record<string, unknown>[]) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    const reply =
      body.method === 'buy.quote'
        ? body.usdAmount === '10'
          ? {
              status: false,
              error_msg: 'The smallest card purchase is 20 USD (this one is 10 USD).',
            }
          : { status: true, quote: { ...QUOTE, asset: body.asset } }
        : body.method === 'buy.create'
          ? { status: true, purchase: purchase({ id: 7, paymentUrl: '/pay/test/abc' }) }
          : { status: false, error_msg: 'Unexpected call.' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

function purchase(fields: Partial<CardPurchase>): CardPurchase {
  return {
    id: 1,
    asset: 'BTC',
    amount: '0.001924',
    rate: '50000',
    fee: '3.8',
    total: '100',
    status: 'awaitingPayment',
    card: null,
    reason: null,
    paymentUrl: null,
    expiresAt: '2026-11-23T21:15:00.000Z',
    time: '2026-11-23T21:00:00.000Z',
    updatedAt: '2026-11-23T21:00:00.000Z',
    ...fields,
  };
}

describe('buying crypto by card', () => {
  const realFetch = window.fetch;
  let sent: Record<string, unknown>[] = [];
  beforeEach(() => {
    sent = [];
    window.fetch = answerApi(sent) as typeof window.fetch;
  });
  afterEach(() => {
    window.fetch = realFetch;
    Object.assign(user, initialUser);
    config.live.is_enabled = false;
  });

  it('reads the footer markers 1..8 in asset order, USDT by name, and falls back to BTC', () => {
    expect(choiceFromQuery('coin=1').asset).to.equal('BTC');
    expect(choiceFromQuery('coin=3').asset).to.equal('BNB');
    expect(choiceFromQuery('coin=8').asset).to.equal('TRX');
    expect(choiceFromQuery('asset=usdt&usd=250')).to.deep.equal({
      asset: 'USDT',
      mode: 'usd',
      amount: '250',
    });
    expect(choiceFromQuery('coin=9').asset).to.equal('BTC');
    expect(choiceFromQuery('asset=ETH&amount=0.5').mode).to.equal('asset');
  });

  it('signs in only to paths of this site', () => {
    expect(landingPath('next=%2Faccount%2Fbuy-crypto%3Fasset%3DBTC%26usd%3D100')).to.equal(
      '/account/buy-crypto?asset=BTC&usd=100',
    );
    expect(landingPath('next=%2F%2Fevil.example')).to.equal('/account');
    expect(landingPath('next=https%3A%2F%2Fevil.example')).to.equal('/account');
    expect(landingPath('')).to.equal('/account');
  });

  it('signed out: preselects the asset, quotes it, and sends the visitor to sign in with the choice', async () => {
    Object.assign(user, { isLoaded: true, isAuth: false });
    const location = memoryLocation({ path: '/buy-crypto', searchPath: 'coin=3', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BuyCryptoPage />
      </Router>,
    );
    expect((screen.getByLabelText('Asset to buy') as HTMLSelectElement).value).to.equal('BNB');
    await waitFor(() =>
      expect(screen.getByTestId('quote-amount').textContent).to.equal('0.157 BNB'),
    );
    expect(screen.getByTestId('quote-total').textContent).to.equal('$100.00');
    expect(screen.getByText('Provider fee (3.5 % + $0.30)')).to.exist;
    expect(screen.getByText('1 BNB = $612.50')).to.exist;

    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByText(/smallest card purchase is 20 USD/)).to.exist);
    expect(screen.getByLabelText('Amount (USD)').getAttribute('aria-invalid')).to.equal('true');
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '250' } });
    await waitFor(() => expect(screen.getByTestId('quote-amount')).to.exist);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to continue' }));
    expect(location.history.at(-1)).to.equal(
      `/signin?next=${encodeURIComponent('/account/buy-crypto?asset=BNB&usd=250')}`,
    );
    expect(sent.some((body) => body.method === 'buy.create')).to.equal(false);
  });

  it('signed in: Continue creates the purchase once and opens its payment page', async () => {
    const opened: string[] = [];
    render(
      <BuyForm
        initial={{ asset: 'ETH', mode: 'usd', amount: '100' }}
        signedIn
        onPay={(url) => opened.push(url)}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Continue to payment' });
    await waitFor(() => expect(button.hasAttribute('disabled')).to.equal(false));
    // Said before paying: the built-in provider charges no card.
    expect(screen.getByRole('note').textContent).to.match(/^Test mode\. .*no card is charged/);
    fireEvent.click(button);
    await waitFor(() => expect(opened).to.deep.equal(['/pay/test/abc']));
    const created = sent.filter((body) => body.method === 'buy.create');
    expect(created).to.have.length(1);
    expect(created[0]).to.include({ asset: 'ETH', usdAmount: '100' });
    expect(created[0]?.idempotencyKey).to.match(/^[0-9a-f]{32}$/);
  });

  it('lists purchases with their states and says how the returned one ended', () => {
    render(
      <PurchaseList
        returned={2}
        purchases={[
          purchase({ id: 3, paymentUrl: '/pay/test/x' }),
          purchase({ id: 2, status: 'credited', card: { brand: 'visa', last4: '4242' } }),
          purchase({ id: 1, status: 'declined', reason: 'Your card was declined.' }),
        ]}
      />,
    );
    expect(screen.getByTestId('purchase-return').textContent).to.equal(
      'Purchase 2 is complete: 0.001924 BTC is in your account.',
    );
    const states = screen.getAllByTestId('purchase-status').map((cell) => cell.textContent);
    expect(states).to.deep.equal([
      'Awaiting payment Pay now',
      'Credited',
      'Declined: Your card was declined.',
    ]);
    expect(screen.getByText('visa ending in 4242')).to.exist;
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).to.equal(
      '/pay/test/x',
    );
  });

  it('in live mode the public on-ramp is not there; the account page stays', () => {
    config.live.is_enabled = true;
    const location = memoryLocation({ path: '/buy-crypto' });
    const { unmount } = render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BuyCryptoPage />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).to.exist;
    expect(screen.queryByLabelText('Asset to buy')).to.equal(null);
    unmount();
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BuyCryptoPage account />
      </Router>,
    );
    expect(screen.getByLabelText('Asset to buy')).to.exist;
  });
});
