import { useEffect, useRef } from 'react';
import { formatAmount, type Swap } from '../../../core/index.ts';

/**
 * What a swap did, with the way to another. It takes the focus the form's button had, so the
 * keyboard stays in the dialog (Escape still closes it).
 */
export function SwapDone({ swap, onAgain }: { swap: Swap; onAgain: () => void }) {
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <div className="swap-done" role="status">
      <p>
        Swapped{' '}
        <strong>
          {formatAmount(swap.amount)} {swap.from}
        </strong>{' '}
        for{' '}
        <strong data-testid="swap-received">
          {formatAmount(swap.received)} {swap.to}
        </strong>
        .{swap.remainder !== '0' && ` ${formatAmount(swap.remainder)} USDT stays in your USDT.`}
      </p>
      <button ref={again} type="button" className="button" onClick={onAgain}>
        New swap
      </button>
    </div>
  );
}
