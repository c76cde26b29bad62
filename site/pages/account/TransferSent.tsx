/** The transfer page's last step: what was sent to whom. */
import { formatAmount, type Transfer } from '../../../core/index.ts';

/** The transfer's summary, with the way to another. */
export function TransferSent({ transfer, onAgain }: { transfer: Transfer; onAgain: () => void }) {
  return (
    <div className="transfer-done" role="status">
      <p>
        Sent {formatAmount(transfer.amount)} {transfer.ticker} to {transfer.counterparty}.
      </p>
      <button type="button" className="button" onClick={onAgain}>
        Send another
      </button>
    </div>
  );
}
