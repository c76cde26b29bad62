/**
 * A support client's record with pin/unpin and the account
 * flags staff may set; the server enforces the flags, and nothing here changes a balance. A
 * support-chat visitor (no account) is badged as such, with the contact email they gave.
 */
import { formatLocalDateTime, formatUsd } from '../../../core/format/index.ts';
import {
  STAFF_SETTABLE_FLAGS,
  type StaffSettableFlag,
  type SupportClientRecord,
} from '../../../core/protocol/index.ts';

/** What each flag means to staff, shown beside its switch. */
export const FLAG_LABELS: Record<keyof SupportClientRecord & `is${string}`, string> = {
  isPremium: 'Premium',
  isVerified: 'Verified',
  isWithdraw: 'Withdrawals allowed',
  isTransfer: 'Transfers allowed',
  isAbuse: 'Marked for abuse',
  isSwap: 'Swaps allowed',
  isWalletConnect: 'Wallet connected',
  isKyc: 'Identity verified (KYC)',
  isBlocked: 'Account blocked',
  isMobile: 'Uses the mobile site',
  isVisitor: 'Visitor (no account)',
};

/** The record, the pin switch and the flag switches. */
export function ClientRecordPanel({
  record,
  isPinned,
  busy,
  onPin,
  onFlag,
}: {
  record: SupportClientRecord;
  isPinned: boolean;
  /** The flag or action being saved, so its control waits. */
  busy: string | null;
  onPin: (pinned: boolean) => void;
  onFlag: (flag: StaffSettableFlag, value: boolean) => void;
}) {
  const visitor = record.isVisitor;
  const fields: [string, string][] = [
    ['Id', String(record.id)],
    [visitor ? 'Name' : 'Login', record.login],
    [visitor ? 'Contact email' : 'Email', record.email || '—'],
    ['Country', record.country.name ? `${record.country.name} (${record.country.code})` : '—'],
    ['Balance', formatUsd(record.balance, { adaptive: true })],
    ['Deposits', formatUsd(record.deposits, { adaptive: true })],
    ['Promocode', record.promocode || '—'],
    ['Domain', record.domain || '—'],
    [visitor ? 'Chat started' : 'Registered', formatLocalDateTime(record.createdAt)],
    ['Updated', formatLocalDateTime(record.updatedAt)],
    [visitor ? 'First IP' : 'Sign-up IP', record.createdIp || '—'],
    ['Last IP', record.updatedIp || '—'],
  ];
  return (
    <section className="admin-record" aria-label="Client record">
      <div className="admin-record-head">
        <h2>
          {record.login || record.email}
          {/* Text, not a colour: the heading reads "Name Visitor" to a screen reader too. */}
          {visitor && (
            <>
              {' '}
              <span className="admin-tag">Visitor</span>
            </>
          )}
        </h2>
        <button
          type="button"
          className="button secondary"
          aria-pressed={isPinned}
          disabled={busy === 'pin'}
          onClick={() => onPin(!isPinned)}
        >
          {isPinned ? 'Unpin dialog' : 'Pin dialog'}
        </button>
      </div>
      <dl className="admin-fields">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <fieldset className="admin-flags">
        <legend>Account flags</legend>
        {STAFF_SETTABLE_FLAGS.map((flag) => (
          <label key={flag} className="admin-flag">
            <input
              type="checkbox"
              checked={record[flag]}
              disabled={busy === flag}
              onChange={(event) => onFlag(flag, event.currentTarget.checked)}
            />
            {FLAG_LABELS[flag]}
          </label>
        ))}
        <p className="admin-muted">{`${FLAG_LABELS.isMobile}: ${record.isMobile ? 'yes' : 'no'}`}</p>
      </fieldset>
    </section>
  );
}
