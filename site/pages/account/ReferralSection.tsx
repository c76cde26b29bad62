/**
 * The account overview's referral section: the account's link to share (with a copy button), how
 * many accounts signed up with it, and what their trading fees have paid so far.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import {
  call,
  formatAmount,
  formatShare,
  formatUsdValue,
  type ReferralSummary,
} from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { copyToClipboard } from '../../copyToClipboard.ts';
import './referral.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; referral: ReferralSummary };

/** The link that carries `code`: it opens sign-up, and the site stores the code on any page. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/signup?ref=${encodeURIComponent(code)}`;
}

/** The referral section; `refreshKey` changing (the balances moved) reloads the earnings. */
export function ReferralSection({ refreshKey }: { refreshKey: string }) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchReferral = useCallback(async (isCurrent: () => boolean) => {
    const reply = await call('referral.getMine', {});
    if (!isCurrent()) return;
    setLoad(
      reply.status
        ? { state: 'ready', referral: reply.referral }
        : { state: 'error', message: reply.error_msg },
    );
  }, []);

  useEffect(() => {
    let current = true;
    // `refreshKey` is a reload signal: reading it here makes it a dependency the linter sees.
    if (refreshKey.length >= 0) void fetchReferral(() => current);
    return () => {
      current = false;
    };
  }, [fetchReferral, refreshKey]);

  return (
    <section className="referral" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Refer friends</h2>
      {load.state === 'loading' && <Loader label="Loading your referral link" />}
      {load.state === 'error' && (
        <div className="error-box" role="alert">
          <p>{load.message}</p>
          <button type="button" className="button" onClick={() => void fetchReferral(() => true)}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && <ReferralDetails id={id} referral={load.referral} />}
    </section>
  );
}

function ReferralDetails({ id, referral }: { id: string; referral: ReferralSummary }) {
  const link = referralLink(referral.code);
  return (
    <>
      <p>
        Share your link. Every account that signs up with it pays you{' '}
        <strong>{formatShare(referral.share)}</strong> of each trading fee it pays, credited to your
        balance as the trade settles.
      </p>
      <div className="referral-link">
        <label htmlFor={`${id}-link`}>Your referral link</label>
        <div className="referral-link-row">
          <input
            id={`${id}-link`}
            type="text"
            readOnly
            value={link}
            aria-describedby={`${id}-code`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button secondary"
            onClick={() => void copyToClipboard(link, 'Referral link')}
          >
            Copy link
          </button>
        </div>
        <p className="field-hint" id={`${id}-code`}>
          Code <span className="referral-code">{referral.code}</span>
        </p>
      </div>
      <dl className="referral-figures">
        <div>
          <dt>Friends referred</dt>
          <dd data-testid="referral-count">{referral.referred}</dd>
        </div>
        <div>
          <dt>Earned</dt>
          <dd data-testid="referral-earned">{formatUsdValue(referral.earningsUsd)}</dd>
        </div>
      </dl>
      {referral.earnings.length > 0 && (
        <ul className="referral-earnings" aria-label="Earnings by currency">
          {referral.earnings.map((earning) => (
            <li key={earning.ticker}>
              <span className="number">{formatAmount(earning.amount)}</span> {earning.ticker}{' '}
              <span className="referral-usd">≈ {formatUsdValue(earning.usd)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
