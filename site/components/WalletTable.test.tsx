import { render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import type { Wallet } from '../../core/index.ts';
import { WalletTable } from './WalletTable.tsx';

const wallet = (ticker: Wallet['ticker'], amount: string, balance: number): Wallet => ({
  id: 1,
  ticker,
  amount,
  available: amount,
  held: '0',
  balance,
  chart: [],
});

describe('WalletTable', () => {
  it('lists each wallet with its amount and USD value, and the total', () => {
    render(
      <WalletTable
        wallets={[wallet('BTC', '0.05', 4850), wallet('DOGE', '10', 0.5), wallet('USDT', '0', 0)]}
      />,
    );
    const btc = screen.getByTestId('wallet-BTC');
    expect(within(btc).getByRole('rowheader').textContent).to.equal('BTC');
    expect(btc.textContent).to.contain('0.05').and.contain('$4,850.00');
    expect(screen.getByTestId('wallet-DOGE').textContent).to.contain('$0.5000');
    expect(screen.getByTestId('wallet-total').textContent).to.equal('$4,850.5000');
    expect(screen.getAllByRole('row')).to.have.length(4);
  });

  it('shows a zero total for an empty account', () => {
    render(<WalletTable wallets={[wallet('BTC', '0', 0)]} />);
    expect(screen.getByTestId('wallet-total').textContent).to.equal('$0.0000');
  });

  it('offers a swap from each row when asked to, named after its currency', () => {
    const swapped: string[] = [];
    render(
      <WalletTable
        wallets={[wallet('BTC', '0.05', 4850), wallet('ETH', '1', 3000)]}
        onSwap={(ticker) => swapped.push(ticker)}
      />,
    );
    within(screen.getByTestId('wallet-ETH')).getByRole('button', { name: 'Swap ETH' }).click();
    expect(swapped).to.deep.equal(['ETH']);
  });
});
