/** The portfolio's allocation: each holding's share of the USD total, as a bar and as a list. */
import type { Wallet } from '../../../core/index.ts';

/** Shares under this are gathered as "Other", so the bar stays readable. */
const SMALLEST_SHARE = 0.01;

/** Each holding's share of the total value, largest first; small ones gathered as "Other". */
export function allocation(wallets: readonly Wallet[]): { label: string; share: number }[] {
  const total = wallets.reduce((sum, wallet) => sum + wallet.balance, 0);
  if (total <= 0) return [];
  const shares = wallets
    .filter((wallet) => wallet.balance > 0)
    .map((wallet) => ({ label: wallet.ticker as string, share: wallet.balance / total }))
    .sort((a, b) => b.share - a.share);
  const shown = shares.filter((part) => part.share >= SMALLEST_SHARE);
  const other = shares.filter((part) => part.share < SMALLEST_SHARE);
  const rest = other.reduce((sum, part) => sum + part.share, 0);
  return rest > 0 ? [...shown, { label: 'Other', share: rest }] : shown;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The allocation bar with its legend; nothing for an empty account. */
export function Allocation({ wallets }: { wallets: readonly Wallet[] }) {
  const parts = allocation(wallets);
  if (parts.length === 0) return null;
  return (
    <section className="allocation" aria-label="Allocation">
      <div className="allocation-bar" aria-hidden="true">
        {parts.map((part, index) => (
          <span
            key={part.label}
            className={`allocation-part tone-${index % 6}`}
            style={{ width: percent(part.share) }}
          />
        ))}
      </div>
      <ul className="allocation-legend">
        {parts.map((part, index) => (
          <li key={part.label}>
            <span className={`allocation-swatch tone-${index % 6}`} aria-hidden="true" />
            {part.label} {percent(part.share)}
          </li>
        ))}
      </ul>
    </section>
  );
}
