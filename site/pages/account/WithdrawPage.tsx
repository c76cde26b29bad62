/**
 * `/account/withdraw`: send an asset to an address on one of its networks. The network's fee and
 * what the address receives are shown before confirming; the two-factor code is asked for when
 * two-factor is on; one idempotency key per confirmation means "Try again" never sends twice.
 * Below, the account's withdrawals with their state, cancellable until they are sent, and the
 * address book: its saved addresses fill the form, and may be the only ones it sends to.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type AssetNetworks,
  call,
  formatAmount,
  type Ticker,
  user,
  type Withdrawal,
} from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { AddressBookSection } from './AddressBookSection.tsx';
import { AssetNetworkPicker } from './AssetNetworkPicker.tsx';
import { addressAllowed, bookNetworks, findSaved } from './addressBook.ts';
import { SavedAddressPicker } from './SavedAddressPicker.tsx';
import { newIdempotencyKey } from './transferForm.ts';
import { useAccountWallets } from './useAccountWallets.ts';
import { useAddressBook } from './useAddressBook.ts';
import { useWalletActivity } from './useWalletActivity.ts';
import { WithdrawalLimitNote } from './WithdrawalLimitNote.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import {
  maxWithdrawal,
  totalWithFee,
  validateWithdrawal,
  type WithdrawErrors,
  type WithdrawFields,
} from './withdrawForm.ts';

type Step =
  | { name: 'edit' }
  | { name: 'review'; key: string; pending: boolean; error: string }
  | { name: 'sent'; withdrawal: Withdrawal };

const EMPTY: WithdrawFields = { address: '', tag: '', withoutTag: false, amount: '', code: '' };

/** The withdrawal page. */
export default function WithdrawPage() {
  const id = useId();
  const { is2FA, email } = useSnapshot(user);
  const { load } = useAccountWallets();
  const addressBook = useAddressBook();
  const addLabel = useRef<HTMLInputElement>(null);
  const [assets, setAssets] = useState<AssetNetworks[] | null>(null);
  const [asset, setAsset] = useState<Ticker>('USDT');
  const [network, setNetwork] = useState('');
  const [fields, setFields] = useState<WithdrawFields>(EMPTY);
  const [errors, setErrors] = useState<WithdrawErrors>({});
  const [step, setStep] = useState<Step>({ name: 'edit' });
  // Live from the account's private stream: each state change shows as it happens.
  const { items: withdrawals, reload: readWithdrawals } = useWalletActivity('withdrawals');

  useEffect(() => {
    void call('wallet.getNetworks', {}).then((reply) => {
      if (reply.status) setAssets(reply.assets);
    });
  }, []);

  if (assets === null || load.state === 'loading') return <Loader label="Loading your wallets" />;
  if (load.state === 'error') {
    return (
      <p className="page error-box" role="alert">
        {load.message}
      </p>
    );
  }

  const networks = assets.find((a) => a.asset === asset)?.networks ?? [];
  const info = networks.find((n) => n.network === network) ?? networks[0];
  const available = load.wallets.find((w) => w.ticker === asset)?.available ?? '0';
  const book = addressBook.load.state === 'ready' ? addressBook.load.book : null;
  const saved = findSaved(book?.addresses ?? [], info?.network ?? '', fields.address, fields.tag);
  const terms = {
    available,
    fee: info?.withdrawalFee ?? '0',
    minWithdrawal: info?.minWithdrawal ?? '0',
    tagName: info?.tagName ?? null,
    needsCode: is2FA,
    onlySaved: book?.onlySaved ?? false,
  };

  function review(event: FormEvent) {
    event.preventDefault();
    // Only saved addresses allowed: one typed before the switch was turned on does not count.
    const allowed = addressAllowed(
      book,
      info?.network ?? '',
      fields.address,
      fields.tag,
      addressBook.now,
    );
    const found = validateWithdrawal(allowed ? fields : { ...fields, address: '' }, terms);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setStep({ name: 'review', key: newIdempotencyKey(), pending: false, error: '' });
    }
  }

  async function confirm(key: string) {
    if (!info) return;
    setStep({ name: 'review', key, pending: true, error: '' });
    const tag = fields.tag.trim();
    const reply = await call('withdrawals.request', {
      asset,
      network: info.network,
      address: fields.address.trim(),
      amount: fields.amount.trim(),
      idempotencyKey: key,
      ...(tag ? { tag } : {}),
      ...(terms.tagName !== null && !tag && fields.withoutTag ? { withoutTag: true } : {}),
      ...(terms.needsCode ? { code: fields.code.trim() } : {}),
    });
    if (reply.status) {
      setStep({ name: 'sent', withdrawal: reply.withdrawal });
      setFields(EMPTY);
      void readWithdrawals();
    } else {
      setStep({ name: 'review', key, pending: false, error: reply.error_msg });
    }
  }

  async function cancel(withdrawal: Withdrawal) {
    await call('withdrawals.cancel', { id: withdrawal.id }, { notify: true });
    void readWithdrawals();
  }

  const set = (patch: Partial<WithdrawFields>) => setFields({ ...fields, ...patch });
  const fieldError = (name: keyof WithdrawErrors) =>
    errors[name] && (
      <p className="field-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    );
  const invalid = (name: keyof WithdrawErrors) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
      : {};

  return (
    <section className="page account withdraw" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Withdraw crypto</h1>
      <WithdrawalLimitNote />
      {step.name === 'edit' && (
        <form className="sign-form" onSubmit={review} noValidate>
          <AssetNetworkPicker
            assets={assets}
            asset={asset}
            network={info?.network ?? ''}
            onAsset={(next) => {
              setAsset(next);
              setNetwork('');
            }}
            onNetwork={setNetwork}
          />
          <SavedAddressPicker
            book={book}
            network={info?.network ?? ''}
            tagName={terms.tagName}
            fields={fields}
            now={addressBook.now}
            errors={errors}
            errorId={(name) => `${id}-${name}-error`}
            onPick={set}
            onAddNew={() => addLabel.current?.focus()}
          />
          {!terms.onlySaved && (
            <>
              <div className="field">
                <label htmlFor={`${id}-address`}>Address</label>
                <input
                  id={`${id}-address`}
                  autoComplete="off"
                  spellCheck={false}
                  value={fields.address}
                  onChange={(event) => set({ address: event.target.value })}
                  {...invalid('address')}
                />
                {fieldError('address')}
              </div>
              {terms.tagName !== null && (
                <div className="field">
                  <label htmlFor={`${id}-tag`}>{terms.tagName}</label>
                  <input
                    id={`${id}-tag`}
                    inputMode="numeric"
                    autoComplete="off"
                    value={fields.tag}
                    onChange={(event) => set({ tag: event.target.value })}
                    {...invalid('tag')}
                  />
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={fields.withoutTag}
                      onChange={(event) => set({ withoutTag: event.target.checked })}
                    />{' '}
                    The receiving wallet needs no {terms.tagName.toLowerCase()}
                  </label>
                  {fieldError('tag')}
                </div>
              )}
            </>
          )}
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount the address receives ({asset})</label>
            <div className="field-row">
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                value={fields.amount}
                onChange={(event) => set({ amount: event.target.value })}
                {...invalid('amount')}
              />
              <button
                type="button"
                className="button secondary"
                onClick={() => set({ amount: maxWithdrawal(available, terms.fee) })}
              >
                Max
              </button>
            </div>
            <p className="field-hint">
              Available: {formatAmount(available)} {asset} · Network fee: {formatAmount(terms.fee)}{' '}
              {asset} · Minimum: {formatAmount(terms.minWithdrawal)} {asset}
            </p>
            {fieldError('amount')}
          </div>
          {terms.needsCode && (
            <div className="field">
              <label htmlFor={`${id}-code`}>Two-factor code</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={fields.code}
                onChange={(event) => set({ code: event.target.value })}
                {...invalid('code')}
              />
              {fieldError('code')}
            </div>
          )}
          <button type="submit" className="button">
            Review withdrawal
          </button>
        </form>
      )}
      {step.name === 'review' && info && (
        <div className="transfer-review" aria-live="polite">
          <h2>Check before you send</h2>
          <dl>
            <dt>To</dt>
            <dd>
              {saved && `${saved.label}: `}
              {fields.address.trim()}
              {fields.tag.trim() && ` (${terms.tagName}: ${fields.tag.trim()})`}
            </dd>
            <dt>Network</dt>
            <dd>{info.name}</dd>
            <dt>The address receives</dt>
            <dd data-testid="withdraw-receives">
              {fields.amount.trim()} {asset}
            </dd>
            <dt>Network fee</dt>
            <dd>
              {formatAmount(terms.fee)} {asset}
            </dd>
            <dt>Taken from your balance</dt>
            <dd data-testid="withdraw-total">
              {totalWithFee(fields.amount, terms.fee)} {asset}
            </dd>
          </dl>
          <p className="field-hint">
            Check the address and network: a withdrawal sent on the chain cannot be reversed.
          </p>
          {step.error && (
            <p className="form-error" role="alert">
              {step.error}
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={step.pending}
              onClick={() => void confirm(step.key)}
            >
              {step.pending ? 'Sending…' : step.error ? 'Try again' : 'Confirm withdrawal'}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={step.pending}
              onClick={() => setStep({ name: 'edit' })}
            >
              Change
            </button>
          </div>
        </div>
      )}
      {step.name === 'sent' && (
        <div className="transfer-done" role="status">
          <p>
            Withdrawal of {formatAmount(step.withdrawal.amount)} {step.withdrawal.asset} requested.{' '}
            {step.withdrawal.status === 'awaitingConfirmation'
              ? `We mailed a link to ${email}: follow it within 30 minutes to confirm the withdrawal, or it is cancelled and the money is available again.`
              : ''}
          </p>
          <button type="button" className="button" onClick={() => setStep({ name: 'edit' })}>
            New withdrawal
          </button>
        </div>
      )}
      <WithdrawalList withdrawals={withdrawals} onCancel={(w) => void cancel(w)} />
      <AddressBookSection
        handle={addressBook}
        networks={bookNetworks(assets)}
        preferredNetwork={info?.network ?? ''}
        labelRef={addLabel}
      />
    </section>
  );
}
