import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import {
  initialUser,
  type P2pCatalogue,
  type P2pTrade,
  setUser,
  user,
} from '../../../core/index.ts';
import { TradeCard } from './TradeCard.tsx';

const TRADE: P2pTrade = {
  id: 7,
  offerId: 3,
  asset: 'USDT',
  fiat: 'EUR',
  price: '0.92',
  amount: '50',
  fee: '0.05',
  fiatAmount: '46',
  buyer: { login: 'bea' },
  seller: { login: 'sam' },
  yourSide: 'buyer',
  status: 'opened',
  payBy: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
  paymentMethods: ['sepa'],
  paymentDetails: [{ method: 'sepa', details: 'Sam Seller, IBAN DE00 1234' }],
  terms: '',
  disputeReason: null,
  disputedBy: null,
  resolution: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
  disputedAt: null,
  endedAt: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

const CATALOGUE: P2pCatalogue = {
  assets: ['USDT'],
  fiats: ['EUR'],
  paymentMethods: [{ id: 'sepa', name: 'SEPA transfer' }],
  paymentWindows: [15],
};

type Body = Record<string, unknown>;

describe('TradeCard', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];

  function serve(answer: (body: Body) => Record<string, unknown>) {
    window.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Body;
      sent.push(body);
      return new Response(JSON.stringify(answer(body)), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof window.fetch;
  }

  beforeEach(() => {
    sent = [];
    setUser({ ...initialUser, id: 1, email: 'bea@example.com', login: 'bea' });
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('the buyer sees what to pay, the time left, and marks the trade paid', async () => {
    let changed = 0;
    serve(() => ({ status: true, trade: { ...TRADE, status: 'paid' } }));
    render(<TradeCard trade={TRADE} catalogue={CATALOGUE} onChanged={() => changed++} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).to.equal(
      'Buy 50 USDT from sam for 46 EUR',
    );
    const payTo = screen.getByRole('heading', { name: 'Where to pay' }).parentElement;
    expect(payTo?.textContent).to.equal('Where to paySEPA transferSam Seller, IBAN DE00 1234');
    expect(screen.getByText(/Pay 46 EUR to sam/).textContent).to.match(/Time left: 1[34]:\d\d$/);
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(changed).to.equal(1));
    expect(sent[0]).to.include({ method: 'p2p.markPaid', id: 7 });
  });

  it('an ended trade lists its history: opened, paid, disputed by whom, and how it ended', () => {
    const ended: P2pTrade = {
      ...TRADE,
      status: 'returned',
      paidAt: '2026-11-24T10:04:00.000Z',
      disputedAt: '2026-11-24T10:20:00.000Z',
      disputedBy: 'seller',
      endedAt: '2026-11-24T11:00:00.000Z',
      resolution: 'No payment arrived.',
    };
    render(<TradeCard trade={ended} catalogue={CATALOGUE} onChanged={() => {}} />);
    const history = screen.getByRole('list', { name: 'Trade 7 history' });
    const steps = [...history.querySelectorAll('li')].map(
      (item) => `${item.firstChild?.textContent?.trim()} @ ${item.querySelector('time')?.dateTime}`,
    );
    expect(steps).to.deep.equal([
      'Opened @ 2026-11-24T10:00:00.000Z',
      'Marked paid @ 2026-11-24T10:04:00.000Z',
      'Disputed by the seller @ 2026-11-24T10:20:00.000Z',
      'Returned to the seller by staff @ 2026-11-24T11:00:00.000Z',
    ]);
    // Nothing is left to do on it; its chat can still be read.
    expect(screen.queryByRole('button', { name: /paid|Cancel|Release|dispute/ })).to.equal(null);
    expect(
      screen.getByRole('button', { name: 'Chat with sam' }).getAttribute('aria-expanded'),
    ).to.equal('false');
  });

  it('a refusal is shown, and nothing else changes', async () => {
    let changed = 0;
    serve(() => ({ status: false, error_msg: 'The payment window has passed.' }));
    render(<TradeCard trade={TRADE} catalogue={CATALOGUE} onChanged={() => changed++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the trade' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'The payment window has passed.',
    );
    expect(sent[0]).to.include({ method: 'p2p.cancelTrade', id: 7 });
    expect(changed).to.equal(0);
  });

  it('the seller with two-factor on releases a paid trade with the code, or disputes it', async () => {
    setUser({ ...initialUser, id: 2, email: 'sam@example.com', login: 'sam', is2FA: true });
    serve(() => ({ status: true, trade: { ...TRADE, status: 'released' } }));
    const paid: P2pTrade = { ...TRADE, yourSide: 'seller', status: 'paid' };
    render(<TradeCard trade={paid} catalogue={CATALOGUE} onChanged={() => {}} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).to.equal(
      'Sell 50 USDT to bea for 46 EUR',
    );
    expect(screen.queryByRole('button', { name: 'I have paid' })).to.equal(null);
    fireEvent.change(screen.getByLabelText('Two-factor code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Release 50 USDT' }));
    await waitFor(() => expect(sent).to.have.length(1));
    expect(sent[0]).to.include({ method: 'p2p.releaseTrade', id: 7, code: '123456' });
    fireEvent.change(screen.getByLabelText(/Tell staff what happened/), {
      target: { value: 'No money arrived.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open a dispute' }));
    await waitFor(() => expect(sent).to.have.length(2));
    expect(sent[1]).to.include({ method: 'p2p.disputeTrade', id: 7, reason: 'No money arrived.' });
  });
});
