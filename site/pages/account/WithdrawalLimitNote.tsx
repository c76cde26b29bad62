/**
 * The account's withdrawal limit for its verification level, and the way to raise it: shown on
 * the withdraw page and in the settings. Says nothing while the limits cannot be read; the server
 * enforces them either way.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { call, formatUsd, user, type WithdrawalLimits } from '../../../core/index.ts';

/** One line on the limit; `withStatus` adds where verification stands. */
export function WithdrawalLimitNote({ withStatus = false }: { withStatus?: boolean }) {
  const { isVerified, isKycPending } = useSnapshot(user);
  const [limits, setLimits] = useState<WithdrawalLimits | null>(null);

  // Read again when the account's level changes (a decision arrived while the page is open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the level is the trigger.
  useEffect(() => {
    let live = true;
    void call('kyc.getMine', {}).then((reply) => {
      if (live && reply.status) setLimits(reply.limits);
    });
    return () => {
      live = false;
    };
  }, [isVerified]);

  if (limits === null) return null;
  const usd = (value: number) => formatUsd(value, { adaptive: true });
  return (
    <p className="account-summary withdrawal-limit">
      {withStatus && (
        <>
          {isVerified ? (
            <strong className="badge on">Verified</strong>
          ) : isKycPending ? (
            <strong className="badge">Verification pending</strong>
          ) : (
            <strong className="badge">Not verified</strong>
          )}{' '}
        </>
      )}
      You can withdraw up to {usd(limits.dailyUsd)} in 24 hours, fees included.{' '}
      {!limits.verified &&
        (isKycPending ? (
          <>
            Your documents are under review; once verified the limit is{' '}
            {usd(limits.verifiedDailyUsd)}.
          </>
        ) : (
          <>
            <Link href="/account/verification">Verify your identity</Link> to raise it to{' '}
            {usd(limits.verifiedDailyUsd)}.
          </>
        ))}
    </p>
  );
}
