/**
 * `/account`: the signed-in user's wallets (available and in orders), their USD total and
 * allocation, the referral link and its earnings, and the history of every ledger entry, straight
 * from the ledger and kept current by the account's stream.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatUsd, openSwap, user } from '../../core/index.ts';
import { Loader } from '../components/Loader.tsx';
import { TableScroll } from '../components/TableScroll.tsx';
import { WalletTable } from '../components/WalletTable.tsx';
import { AccountHistory } from './account/AccountHistory.tsx';
import { Allocation } from './account/Allocation.tsx';
import { ReferralSection } from './account/ReferralSection.tsx';
import { useAccountWallets } from './account/useAccountWallets.ts';

/** The account overview page. */
export default function AccountOverview() {
  const { email, balance } = useSnapshot(user);
  const { load, reload } = useAccountWallets();
  // Changes whenever a balance does: the sections reading the ledger then read it again.
  const refreshKey =
    load.state === 'ready' ? load.value.map((w) => `${w.ticker}:${w.amount}:${w.held}`).join() : '';

  return (
    <div className="page account">
      <h1>Overview</h1>
      <p className="account-summary">
        Signed in as <strong>{email}</strong> · Estimated balance{' '}
        <strong data-testid="overview-balance">{formatUsd(balance)}</strong>
      </p>
      {load.state === 'loading' && <Loader label="Loading your wallets" />}
      {load.state === 'error' && (
        <div className="error-box" role="alert">
          <p>{load.message}</p>
          <button type="button" className="button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      <nav className="button-row" aria-label="Wallet actions">
        <Link href="/account/deposit" className="button">
          Deposit
        </Link>
        <Link href="/account/withdraw" className="button secondary">
          Withdraw
        </Link>
        <Link href="/account/transfer" className="button secondary">
          Transfer
        </Link>
        <button type="button" className="button secondary" onClick={() => openSwap()}>
          Swap
        </button>
      </nav>
      {load.state === 'ready' && (
        <>
          <Allocation wallets={load.value} />
          <TableScroll label="Wallets table">
            <WalletTable wallets={load.value} onSwap={openSwap} />
          </TableScroll>
        </>
      )}
      <ReferralSection refreshKey={refreshKey} />
      <AccountHistory refreshKey={refreshKey} />
    </div>
  );
}
