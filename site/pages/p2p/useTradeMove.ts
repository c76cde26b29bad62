/** Making one move on a trade: one at a time, with the server's refusal kept to show. */
import { useState } from 'react';
import type { call } from '../../../core/index.ts';

/** One call that moves a trade (mark paid, cancel, release, dispute). */
export type TradeMoveCall = () => ReturnType<typeof call<'p2p.markPaid'>>;

/** `move` runs a call, disabling the buttons meanwhile; on success `onChanged` is called. */
export function useTradeMove(onChanged: () => void) {
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function move(run: TradeMoveCall) {
    setPending(true);
    setError('');
    const reply = await run();
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else onChanged();
  }

  return { error, pending, move };
}
