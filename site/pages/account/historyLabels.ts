/** How the account history names its kinds and shows its changes. */
import { formatAmount, type HistoryEntry, type HistoryKind } from '../../../core/index.ts';

/** The name of each kind of entry, as the filter and the table show it. */
export const KIND_LABELS: Record<HistoryKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  trade: 'Trade',
  fee: 'Fee',
  referral: 'Referral',
  cardPurchase: 'Card purchase',
  p2p: 'P2P',
};

/** A change with its sign, or a dash when the entry left that balance alone. */
export function signed(change: string): string {
  if (change === '0') return '—';
  const text = formatAmount(change);
  return text.startsWith('-') ? `−${text.slice(1)}` : `+${text}`;
}

/** What an entry was for: its reason, or for a transfer who it came from or went to, and the note. */
export function details(entry: HistoryEntry): string {
  if (!entry.transfer) return entry.reason;
  const { direction, counterparty, note } = entry.transfer;
  return `${direction === 'in' ? 'From' : 'To'} ${counterparty}${note ? ` — ${note}` : ''}`;
}
