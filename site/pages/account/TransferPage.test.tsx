import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import TransferPage from './TransferPage.tsx';
import { validateTransfer } from './transferForm.ts';

/** The API as this page meets it: a wallet list, an empty history, and a record of what it sent. */
function answerApi(sent: Record<string, unknown>[]) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    const reply =
      body.method === 'currencies.getItems'
        ? {
            status: true,
            items: [],
            wallets: [
              {
                id: 1,
                ticker: 'USDT',
                amount: '150',
                available: '100',
                held: '50',
                balance: 150,
                chart: [],
              },
            ],
          }
        : body.method === 'wallet.getHistory'
          ? { status: true, entries: [] }
          : { status: false, error_msg: 'Insufficient USDT balance.' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

describe('TransferPage', () => {
  const realFetch = window.fetch;
  let sent: Record<string, unknown>[] = [];
  beforeEach(() => {
    sent = [];
    window.fetch = answerApi(sent) as typeof window.fetch;
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('checks the amount against what is available, exactly', () => {
    const fields = { to: 'bob', amount: '100', note: '' };
    expect(validateTransfer(fields, '100', 140)).to.deep.equal({});
    expect(
      validateTransfer({ ...fields, amount: '100.000000000000000001' }, '100', 140),
    ).to.have.property('amount', 'You have 100 available.');
    expect(validateTransfer({ ...fields, amount: '0' }, '100', 140)).to.have.property('amount');
    expect(validateTransfer({ ...fields, amount: '1e3' }, '100', 140)).to.have.property('amount');
    expect(validateTransfer({ ...fields, to: ' ' }, '100', 140)).to.have.property('to');
  });

  it('shows what is wrong before sending, then a review with no fee, then the server’s refusal', async () => {
    render(<TransferPage />);
    const amount = await screen.findByLabelText('Amount (USDT)');
    fireEvent.change(screen.getByLabelText("Recipient's email or username"), {
      target: { value: 'bob@example.com' },
    });
    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(amount.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.getByText('You have 100 available.')).to.exist;

    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(screen.getByTestId('review-amount').textContent).to.equal('100 USDT');
    expect(sent.some((body) => body.method === 'transfers.send')).to.equal(false);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).to.contain('Insufficient'));
    const attempts = sent.filter((body) => body.method === 'transfers.send');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(sent.filter((b) => b.method === 'transfers.send')).to.have.length(2),
    );
    const retried = sent.filter((body) => body.method === 'transfers.send');
    expect(attempts).to.have.length(1);
    // A retry of the same confirmation carries the same key: it can never send twice.
    expect(retried[1]?.idempotencyKey).to.equal(retried[0]?.idempotencyKey);
  });
});
