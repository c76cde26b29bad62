/**
 * `/account/transfer`: send an amount to another account holder by email or username, with an
 * optional note. The person reviews what will move before confirming; the confirmation carries
 * one idempotency key, so trying again after a lost answer never sends twice.
 */
import { useId, useState } from 'react';
import type { Ticker } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { RecentTransfers } from './RecentTransfers.tsx';
import { TransferForm } from './TransferForm.tsx';
import { TransferReview } from './TransferReview.tsx';
import { TransferSent } from './TransferSent.tsx';
import { useAccountWallets } from './useAccountWallets.ts';
import { useRecentTransfers } from './useRecentTransfers.ts';
import { useTransfer } from './useTransfer.ts';

/** The transfer page. */
export default function TransferPage() {
  const id = useId();
  const { load } = useAccountWallets();
  const wallets = load.state === 'ready' ? load.value : null;
  const loadError = load.state === 'error' ? load.message : '';
  const [ticker, setTicker] = useState<Ticker>('USDT');
  const { recent, refresh } = useRecentTransfers(wallets);
  const available = wallets?.find((w) => w.ticker === ticker)?.available ?? '0';
  const transfer = useTransfer(ticker, available, () => void refresh());
  const { step } = transfer;

  if (wallets === null) {
    return loadError ? (
      <div className="page account">
        <h1>Transfer</h1>
        <p className="error-box" role="alert">
          {loadError}
        </p>
      </div>
    ) : (
      <Loader label="Loading your wallets" />
    );
  }

  return (
    <section className="page account transfer" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Transfer to another user</h1>
      <p className="account-summary">
        Free and instant between accounts of this exchange. The recipient sees your username and
        your note.
      </p>
      {step.name === 'edit' && (
        <TransferForm
          wallets={wallets}
          ticker={ticker}
          available={available}
          transfer={transfer}
          onTicker={setTicker}
        />
      )}
      {step.name === 'review' && (
        <TransferReview
          review={step}
          fields={transfer.fields}
          ticker={ticker}
          onConfirm={(key) => void transfer.confirm(key)}
          onChange={transfer.edit}
        />
      )}
      {step.name === 'sent' && <TransferSent transfer={step.transfer} onAgain={transfer.edit} />}
      <RecentTransfers entries={recent} />
    </section>
  );
}
