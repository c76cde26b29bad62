/**
 * The user's wallets with their holdings (what is available and what open orders hold) and USD
 * values, and the USD total.
 */
import type { Ticker, Wallet } from '../../core/index.ts';
import { formatAmount, formatUsd } from '../../core/index.ts';

/** Sums the wallets' USD values. */
export function totalUsd(wallets: readonly Wallet[]): number {
  return wallets.reduce((sum, wallet) => sum + wallet.balance, 0);
}

/**
 * A table of wallets; the caption carries the total for screen readers and sighted users alike.
 * With `onSwap`, each row has a button that swaps from its currency.
 */
export function WalletTable({
  wallets,
  onSwap,
}: {
  wallets: readonly Wallet[];
  onSwap?: (ticker: Ticker) => void;
}) {
  return (
    <table className="wallets">
      <caption>
        Total balance <strong data-testid="wallet-total">{formatUsd(totalUsd(wallets))}</strong>
      </caption>
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col" className="number">
            Amount
          </th>
          <th scope="col" className="number">
            Available
          </th>
          <th scope="col" className="number">
            In orders
          </th>
          <th scope="col" className="number">
            Value (USD)
          </th>
          {onSwap ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {wallets.map((wallet) => (
          <tr key={wallet.ticker} data-testid={`wallet-${wallet.ticker}`}>
            <th scope="row">{wallet.ticker}</th>
            <td className="number">{formatAmount(wallet.amount)}</td>
            <td className="number">{formatAmount(wallet.available)}</td>
            <td className="number">{formatAmount(wallet.held)}</td>
            <td className="number">{formatUsd(wallet.balance, { adaptive: true })}</td>
            {onSwap ? (
              <td>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Swap ${wallet.ticker}`}
                  onClick={() => onSwap(wallet.ticker)}
                >
                  Swap
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
