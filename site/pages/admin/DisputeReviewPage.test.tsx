import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  initialUser,
  type P2pFiatRate,
  type P2pTrade,
  setUser,
  user,
} from '../../../core/index.ts';
import DisputeReviewPage from './DisputeReviewPage.tsx';

const DISPUTED: P2pTrade = {
  id: 9,
  offerId: 3,
  asset: 'USDT',
  fiat: 'EUR',
  price: '0.92',
  amount: '25',
  fee: '0.025',
  fiatAmount: '23',
  buyer: { login: 'bea' },
  seller: { login: 'sam' },
  yourSide: null,
  status: 'disputed',
  payBy: '2026-11-24T10:15:00.000Z',
  paymentMethods: ['sepa'],
  paymentDetails: [{ method: 'sepa', details: 'IBAN DE00 1234' }],
  terms: '',
  disputeReason: 'I paid by SEPA; no release.',
  disputedBy: 'buyer',
  resolution: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: '2026-11-24T10:03:00.000Z',
  disputedAt: '2026-11-24T10:05:00.000Z',
  endedAt: null,
  updatedAt: '2026-11-24T10:05:00.000Z',
};

type Body = Record<string, unknown>;

describe('DisputeReviewPage', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];
  let disputes: P2pTrade[] = [];
  let rates: P2pFiatRate[] = [];

  /**
   * The API as the page meets it: a decision without a reason is refused, one with it taken; a
   * rate that is not a number is refused, a good one kept.
   */
  function answer(body: Body): Record<string, unknown> {
    if (body.method === 'p2p.getDisputes') return { status: true, trades: disputes };
    if (body.method === 'p2p.getCatalogue') {
      return {
        status: true,
        assets: [],
        fiats: ['USD', 'EUR'],
        paymentMethods: [],
        paymentWindows: [],
      };
    }
    if (body.method === 'p2p.getFiatRates') return { status: true, rates };
    if (body.method === 'p2p.setFiatRate') {
      if (body.perUsdt === 'abc')
        return { status: false, error_msg: 'The rate must be a positive number.' };
      rates = [
        {
          fiat: String(body.fiat),
          perUsdt: String(body.perUsdt),
          updatedAt: '2026-11-25T12:00:00.000Z',
        },
      ];
      return { status: true, rates };
    }
    if (body.reason === '') {
      return { status: false, error_msg: 'Give the reason for the decision: both sides read it.' };
    }
    disputes = [];
    return { status: true, trade: { ...DISPUTED, status: 'returned' } };
  }

  beforeEach(() => {
    sent = [];
    disputes = [DISPUTED];
    rates = [];
    setUser({ ...initialUser, id: 5, email: 'staff@example.com', login: 'staff', statusId: 1 });
    window.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Body;
      sent.push(body);
      const reply = answer(body);
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof window.fetch;
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  const renderPage = () =>
    render(
      <Router hook={memoryLocation({ path: '/account/admin/p2p' }).hook}>
        <DisputeReviewPage />
      </Router>,
    );

  it('shows each dispute with its reason; a decision needs a reason and then leaves the list', async () => {
    renderPage();
    const dispute = await screen.findByTestId('p2p-dispute');
    expect(dispute.textContent).to.contain('Trade 9: 25 USDT for 23 EUR');
    expect(dispute.textContent).to.contain('I paid by SEPA; no release.');
    fireEvent.click(screen.getByRole('button', { name: 'Return to the seller' }));
    expect((await screen.findByRole('alert')).textContent).to.contain('Give the reason');
    fireEvent.change(screen.getByLabelText(/Reason for the decision/), {
      target: { value: 'No payment arrived.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Return to the seller' }));
    await waitFor(() => expect(screen.queryByTestId('p2p-dispute')).to.equal(null));
    const decision = sent.find((body) => body.method === 'p2p.resolveDispute' && body.reason);
    expect(decision).to.include({ id: 9, to: 'seller', reason: 'No payment arrived.' });
    expect(screen.getByText('Trade 9 returned to the seller.')).to.exist;
    expect(screen.getByText('No disputes are waiting for review.')).to.exist;
  });

  it('lists the reference rates and sets one, a refusal shown in words', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Set a reference rate' });
    await waitFor(() => expect(screen.getAllByTestId('fiat-rate')).to.have.length(2));
    expect(screen.getAllByTestId('fiat-rate').map((row) => row.textContent)).to.deep.equal([
      'USDNo rate',
      'EURNo rate',
    ]);
    fireEvent.change(screen.getByLabelText('Fiat'), { target: { value: 'EUR' } });
    const rate = screen.getByLabelText('1 USDT in EUR');
    fireEvent.change(rate, { target: { value: 'abc' } });
    fireEvent.submit(form);
    expect(
      (await screen.findByText('The rate must be a positive number.')).getAttribute('role'),
    ).to.equal('alert');
    fireEvent.change(rate, { target: { value: '0.92' } });
    fireEvent.submit(form);
    await screen.findByText('1 USDT is now 0.92 EUR; its margin offers follow.');
    expect(screen.getAllByTestId('fiat-rate')[1]?.textContent).to.match(/^EUR0\.92 EUR/);
    expect(sent.filter((body) => body.method === 'p2p.setFiatRate').at(-1)).to.include({
      fiat: 'EUR',
      perUsdt: '0.92',
    });
  });

  it('is for staff only', () => {
    setUser({ ...initialUser, id: 6, email: 'bea@example.com', login: 'bea' });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Staff only' })).to.exist;
  });
});
