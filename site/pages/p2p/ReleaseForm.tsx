/** The seller's release of a paid trade, with the two-factor code when the account has one. */
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, formatAmount, type P2pTrade, user } from '../../../core/index.ts';
import type { TradeMoveCall } from './useTradeMove.ts';

/** The release form; `id` prefixes its field ids. */
export function ReleaseForm({
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
  const { is2FA } = useSnapshot(user);
  const [code, setCode] = useState('');

  function release(event: FormEvent) {
    event.preventDefault();
    void move(() =>
      call('p2p.releaseTrade', { id: trade.id, ...(is2FA ? { code: code.trim() } : {}) }),
    );
  }

  return (
    <form onSubmit={release} noValidate>
      <p>Release only once the money is in your account: a release cannot be undone.</p>
      {is2FA && (
        <div className="field">
          <label htmlFor={`${id}-code`}>Two-factor code</label>
          <input
            id={`${id}-code`}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
      )}
      <button type="submit" className="button" disabled={pending}>
        Release {formatAmount(trade.amount)} {trade.asset}
      </button>
    </form>
  );
}
