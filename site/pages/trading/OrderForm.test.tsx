import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SignInPrompt } from './OrderForm.tsx';
import { OrderTicket } from './OrderTicket.tsx';

const FEES = { maker: '0.001', taker: '0.001' };

function ticket(
  available = { base: '0.3', quote: '2500' },
  pickedPrice: { price: string; at: number } | null = null,
) {
  return (
    <OrderTicket pair="BTC_USDT" available={available} fees={FEES} pickedPrice={pickedPrice} />
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('order form', () => {
  it('fills the amount from a share of the balance, exactly', () => {
    render(ticket());
    fireEvent.change(field('Price'), { target: { value: '97000.5' } });
    fireEvent.click(screen.getByRole('button', { name: '100% of available USDT' }));
    expect(field('Amount').value).to.equal('0.02577');
    expect(screen.getByTestId('order-derived').textContent).to.equal('Total ≈ 2,499.702885 USDT');
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('button', { name: '25% of available BTC' }));
    expect(field('Amount').value).to.equal('0.075');
    expect(screen.getByTestId('order-available').textContent).to.equal('Available: 0.3 BTC');
  });

  it('asks for a price before a buy share, and names the field problems on submit', async () => {
    render(ticket());
    fireEvent.click(screen.getByRole('button', { name: '50% of available USDT' }));
    expect(screen.getByText('Enter a price first: the amount depends on it.')).to.exist;
    fireEvent.change(field('Price'), { target: { value: '97000.001' } });
    fireEvent.change(field('Amount'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    });
    expect(screen.getByText('Price must be a multiple of the tick size 0.01.')).to.exist;
    expect(field('Price').getAttribute('aria-invalid')).to.equal('true');
    expect(field('Price').getAttribute('aria-describedby')).to.contain('-error');
    fireEvent.change(field('Price'), { target: { value: '97000' } });
    expect(screen.getByText('Insufficient balance: you have 2500 USDT available.')).to.exist;
    fireEvent.change(field('Amount'), { target: { value: '0.00001' } });
    expect(screen.getByText('Order value must be at least 5 USDT.')).to.exist;
  });

  it('shows the fee before placing', () => {
    render(ticket());
    fireEvent.change(field('Price'), { target: { value: '65000' } });
    fireEvent.change(field('Amount'), { target: { value: '0.01' } });
    expect(screen.getByTestId('order-fee').textContent).to.equal(
      'Fee: 0.1 % (maker or taker), up to 0.00001 BTC',
    );
    fireEvent.click(screen.getByLabelText('Market'));
    expect(screen.getByTestId('order-fee').textContent).to.equal(
      'Fee: 0.1 % (taker), up to 0.00001 BTC',
    );
  });

  it('offers a stop price for a stop-limit order and a total for a market buy', () => {
    render(ticket());
    fireEvent.click(screen.getByLabelText('Stop-limit'));
    expect(field('Stop price')).to.exist;
    fireEvent.click(screen.getByLabelText('Market'));
    expect(screen.queryByLabelText('Price')).to.equal(null);
    fireEvent.click(screen.getByRole('button', { name: '75% of available USDT' }));
    expect(field('Total').value).to.equal('1875');
  });

  it('takes a price chosen in the book', () => {
    const { rerender } = render(ticket());
    fireEvent.click(screen.getByLabelText('Market'));
    rerender(ticket(undefined, { price: '97001.5', at: 1 }));
    // Choosing a price makes a market order a limit one at that price.
    expect(field('Price').value).to.equal('97001.5');
  });

  it('signed out, offers sign-in and sign-up where the form would be', () => {
    const { hook } = memoryLocation({ path: '/trading/BTC_USDT' });
    render(
      <Router hook={hook}>
        <SignInPrompt />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).to.equal('/signin');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).to.equal(
      '/signup',
    );
  });
});
