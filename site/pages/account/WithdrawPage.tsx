/**
 * `/account/withdraw`: send an asset to an address on one of its networks. The network's fee and
 * what the address receives are shown before confirming; the two-factor code is asked for when
 * two-factor is on; one idempotency key per confirmation means "Try again" never sends twice.
 * Below, the account's withdrawals with their state, cancellable until they are sent, and the
 * address book: its saved addresses fill the form, and may be the only ones it sends to.
 */
import { useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, type Ticker, user, type Withdrawal } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { AddressBookSection } from './AddressBookSection.tsx';
import { bookNetworks, findSaved } from './addressBook.ts';
import { useAccountWallets } from './useAccountWallets.ts';
import { useAddressBook } from './useAddressBook.ts';
import { useNetworks } from './useNetworks.ts';
import { useWalletActivity } from './useWalletActivity.ts';
import { useWithdrawal } from './useWithdrawal.ts';
import { WithdrawalLimitNote } from './WithdrawalLimitNote.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { WithdrawReview } from './WithdrawReview.tsx';
import { WithdrawSent } from './WithdrawSent.tsx';
import { withdrawTarget } from './withdrawTarget.ts';

/** The withdrawal page. */
export default function WithdrawPage() {
  const id = useId();
  const { is2FA, email } = useSnapshot(user);
  const { load } = useAccountWallets();
  const addressBook = useAddressBook();
  const addLabel = useRef<HTMLInputElement>(null);
  const { assets } = useNetworks();
  const [asset, setAsset] = useState<Ticker>('USDT');
  const [network, setNetwork] = useState('');
  // Live from the account's private stream: each state change shows as it happens.
  const { items: withdrawals, reload: readWithdrawals } = useWalletActivity('withdrawals');
  const book = addressBook.load.state === 'ready' ? addressBook.load.value : null;
  const wallets = load.state === 'ready' ? load.value : [];
  const target = withdrawTarget({
    assets: assets ?? [],
    asset,
    network,
    wallets,
    book,
    needsCode: is2FA,
  });
  const withdrawal = useWithdrawal(target, book, addressBook.now, () => void readWithdrawals());

  if (assets === null || load.state === 'loading') return <Loader label="Loading your wallets" />;
  if (load.state === 'error') {
    return (
      <p className="page error-box" role="alert">
        {load.message}
      </p>
    );
  }

  const { info } = target;
  const { fields, step } = withdrawal;
  const saved = findSaved(book?.addresses ?? [], info?.network ?? '', fields.address, fields.tag);
  return (
    <section className="page account withdraw" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Withdraw crypto</h1>
      <WithdrawalLimitNote />
      {step.name === 'edit' && (
        <WithdrawForm
          assets={assets}
          target={target}
          withdrawal={withdrawal}
          book={book}
          now={addressBook.now}
          onAsset={(next) => {
            setAsset(next);
            setNetwork('');
          }}
          onNetwork={setNetwork}
          onAddNew={() => addLabel.current?.focus()}
        />
      )}
      {step.name === 'review' && info && (
        <WithdrawReview
          review={step}
          fields={fields}
          asset={asset}
          info={info}
          terms={target.terms}
          saved={saved}
          onConfirm={(key) => void withdrawal.confirm(key)}
          onChange={withdrawal.edit}
        />
      )}
      {step.name === 'sent' && (
        <WithdrawSent withdrawal={step.withdrawal} email={email} onAgain={withdrawal.edit} />
      )}
      <WithdrawalList withdrawals={withdrawals} onCancel={(w) => void cancel(w, readWithdrawals)} />
      <AddressBookSection
        handle={addressBook}
        networks={bookNetworks(assets)}
        preferredNetwork={info?.network ?? ''}
        labelRef={addLabel}
      />
    </section>
  );
}

/** Cancels a withdrawal not sent yet, then reads the list again. */
async function cancel(withdrawal: Withdrawal, readWithdrawals: () => Promise<void>) {
  await call('withdrawals.cancel', { id: withdrawal.id }, { notify: true });
  void readWithdrawals();
}
