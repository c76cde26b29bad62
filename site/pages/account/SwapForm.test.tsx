import { render, screen, waitFor } from '@testing-library/react';
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { SwapQuote } from '../../../core/index.ts';
import { SwapForm } from './SwapForm.tsx';

/** Focuses `element` and types `text` into it with real key presses. */
async function type(element: HTMLElement, text: string): Promise<void> {
  element.focus();
  await sendKeys({ type: text });
}

const quote = (id: number, received: string, seconds = 10): SwapQuote => ({
  id,
  from: 'BTC',
  to: 'ETH',
  amount: '0.1',
  received,
  remainder: '0.02',
  rate: '19.638342',
  route: ['BTC', 'USDT', 'ETH'],
  legs: [
    {
      pair: 'BTC_USDT',
      side: 'sell',
      amount: '0.1',
      limitPrice: '60000',
      averagePrice: '60000',
      fee: '6',
      feeTicker: 'USDT',
    },
    {
      pair: 'ETH_USDT',
      side: 'buy',
      amount: '1.9658',
      limitPrice: '3100',
      averagePrice: '3049.1',
      fee: '0.0019658',
      feeTicker: 'ETH',
    },
  ],
  priceImpact: '1.64',
  expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
});

type Answer = (body: Record<string, unknown>) => Record<string, unknown>;

/** The API as the form meets it: a BTC wallet, and the quote and accept answers a test gives. */
function answerApi(sent: Record<string, unknown>[], answers: Record<string, Answer>) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    const method = String(body.method);
    const reply =
      method === 'currencies.getItems'
        ? {
            status: true,
            items: [],
            wallets: [
              {
                id: 1,
                ticker: 'BTC',
                amount: '1.123456789',
                available: '1.123456789',
                held: '0',
                balance: 70000,
                chart: [],
              },
            ],
          }
        : (answers[method]?.(body) ?? { status: false, error_msg: 'Not in this test.' });
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

describe('SwapForm', () => {
  const realFetch = window.fetch;
  let sent: Record<string, unknown>[] = [];
  afterEach(() => {
    window.fetch = realFetch;
  });
  const use = (answers: Record<string, Answer>) => {
    sent = [];
    window.fetch = answerApi(sent, answers) as typeof window.fetch;
  };
  const calls = (method: string) => sent.filter((body) => body.method === method);

  it('quotes as one types, shows the route, fee, impact and countdown, and asks again when the price moved', async () => {
    let accepts = 0;
    use({
      'swap.quote': () => ({ status: true, quote: quote(7, '1.9638342') }),
      'swap.accept': (body) => {
        accepts += 1;
        return accepts === 1
          ? {
              status: false,
              error_msg: 'The price has moved since this quote. Here is a new one.',
              quote: quote(8, '1.95'),
            }
          : {
              status: true,
              swap: {
                id: Number(body.quoteId),
                from: 'BTC',
                to: 'ETH',
                amount: '0.1',
                received: '1.95',
                remainder: '0.02',
                createdAt: new Date().toISOString(),
              },
            };
      },
    });
    render(<SwapForm />);
    await type(screen.getByLabelText('To'), 'E');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).to.equal('ETH');
    await type(screen.getByLabelText('Amount (BTC)'), '0.1');
    await waitFor(() =>
      expect(screen.getByTestId('quote-received').textContent).to.equal('1.9638342 ETH'),
    );
    // One request for the whole amount, not one per key.
    expect(calls('swap.quote')).to.have.length(1);
    expect(calls('swap.quote')[0]).to.include({ from: 'BTC', to: 'ETH', amount: '0.1' });
    expect(screen.getByText('BTC → USDT → ETH')).to.exist;
    expect(screen.getByText('6 USDT + 0.0019658 ETH')).to.exist;
    expect(screen.getByText('1.64%').className).to.contain('swap-impact-high');
    expect(screen.getByTestId('quote-countdown').textContent).to.match(/^(10|9) s$/);

    screen.getByRole('button', { name: 'Swap 0.1 BTC → ETH' }).click();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.contain('price has moved'),
    );
    expect(screen.getByTestId('quote-received').textContent).to.equal('1.95 ETH');
    expect(calls('swap.accept')[0]).to.include({ quoteId: 7 });

    screen.getByRole('button', { name: 'Swap at the new price' }).click();
    await waitFor(() => expect(screen.getByRole('status').textContent).to.contain('Swapped'));
    expect(calls('swap.accept')[1]).to.include({ quoteId: 8 });
    expect(screen.getByTestId('swap-received').textContent).to.equal('1.95 ETH');
    // The focus the swap button had moves to the way to another swap, not to the page.
    await waitFor(() => expect(document.activeElement?.textContent).to.equal('New swap'));
  });

  it('fills the most one can swap at the step, and refuses more than is available', async () => {
    use({ 'swap.quote': () => ({ status: true, quote: quote(1, '1') }) });
    render(<SwapForm />);
    await waitFor(() =>
      expect(screen.getByText(/Available:/).textContent).to.contain('1.123456789'),
    );
    screen.getByRole('button', { name: 'Max' }).click();
    const amount = screen.getByLabelText('Amount (BTC)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).to.equal('1.12345'));
    amount.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '9' });
    expect(amount.value).to.equal('1.123459');
    expect(amount.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.getByText('You have 1.123456789 BTC available.')).to.exist;
    await waitFor(() => expect(screen.getByTestId('quote-received')).to.exist);
    expect((screen.getByRole('button', { name: /^Swap 0\.1 BTC/ }) as HTMLButtonElement).disabled)
      .to.be.true;
  });

  it('switches the two currencies, never asks for one currency on both sides, and shows refusals', async () => {
    use({
      'swap.quote': () => ({
        status: false,
        error_msg: 'This swap is larger than the order book can fill.',
      }),
    });
    render(<SwapForm initialFrom="ETH" />);
    const from = screen.getByLabelText('From') as HTMLSelectElement;
    const to = screen.getByLabelText('To') as HTMLSelectElement;
    expect([from.value, to.value]).to.deep.equal(['ETH', 'USDT']);
    screen.getByRole('button', { name: 'Switch: swap USDT to ETH instead' }).click();
    await waitFor(() => expect([from.value, to.value]).to.deep.equal(['USDT', 'ETH']));
    // Picking the other side's currency swaps them.
    from.focus();
    await sendKeys({ type: 'E' });
    await waitFor(() => expect([from.value, to.value]).to.deep.equal(['ETH', 'USDT']));
    await type(screen.getByLabelText('Amount (ETH)'), '500');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.contain('larger than the order book'),
    );
    expect((screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement).disabled).to.be.true;
  });
});
