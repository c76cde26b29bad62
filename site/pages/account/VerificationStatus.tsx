/** The verification page's status: where the application stands, and the account's limits. */
import {
  formatLocalDateTime,
  formatUsd,
  type KycApplication,
  type WithdrawalLimits,
} from '../../../core/index.ts';

/** Where the application stands, and the limits of the account's level. */
export function VerificationStatus({
  application,
  limits,
}: {
  application: KycApplication;
  limits: WithdrawalLimits | null;
}) {
  return (
    <div className="settings-section">
      <h2>Status</h2>
      {application.status === 'draft' && (
        <p>
          Not verified yet. Verifying takes four short steps; what you enter is saved as you go, so
          you can stop and continue later.
        </p>
      )}
      {application.status === 'pending' && (
        <p role="status">
          Under review: we received your documents
          {application.submittedAt ? ` on ${formatLocalDateTime(application.submittedAt)}` : ''}.
          You will see the result here.
        </p>
      )}
      {application.status === 'approved' && (
        <p role="status">
          <strong className="badge on">Verified</strong> Your identity is verified.
        </p>
      )}
      {application.status === 'rejected' && (
        <div className="error-box" role="alert">
          <p>Your verification was not accepted. The reviewer says:</p>
          <p>
            <strong>{application.reason}</strong>
          </p>
          <p>Correct what it asks below and submit again.</p>
        </div>
      )}
      {limits !== null && (
        <dl className="kyc-limits" aria-label="Withdrawal limits">
          <dt>Your limit now</dt>
          <dd>{formatUsd(limits.dailyUsd, { adaptive: true })} per 24 hours</dd>
          <dt>Without verification</dt>
          <dd>{formatUsd(limits.unverifiedDailyUsd, { adaptive: true })} per 24 hours</dd>
          <dt>Verified</dt>
          <dd>{formatUsd(limits.verifiedDailyUsd, { adaptive: true })} per 24 hours</dd>
        </dl>
      )}
    </div>
  );
}
