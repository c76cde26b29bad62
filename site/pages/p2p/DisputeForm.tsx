/** Opening a dispute on a paid trade, with what happened for staff to read. */
import { type FormEvent, useState } from 'react';
import { call, type P2pTrade } from '../../../core/index.ts';
import type { TradeMoveCall } from './useTradeMove.ts';

/** The dispute form; `id` prefixes its field ids. */
export function DisputeForm({
  id,
  trade,
  pending,
  move,
}: {
  id: string;
  trade: P2pTrade;
  pending: boolean;
  move: (run: TradeMoveCall) => Promise<void>;
}) {
  const [reason, setReason] = useState('');

  function dispute(event: FormEvent) {
    event.preventDefault();
    void move(() => call('p2p.disputeTrade', { id: trade.id, reason }));
  }

  return (
    <form onSubmit={dispute} noValidate>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Something wrong? Tell staff what happened</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <button type="submit" className="button secondary" disabled={pending}>
        Open a dispute
      </button>
    </form>
  );
}
