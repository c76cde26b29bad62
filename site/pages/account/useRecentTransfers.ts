/** The account's latest transfers, read again whenever the wallets' balances change. */
import { useCallback, useEffect, useState } from 'react';
import { call, type HistoryEntry, type Wallet } from '../../../core/index.ts';

/** The latest ten transfers both ways, and a way to read them again now. */
export function useRecentTransfers(wallets: readonly Wallet[] | null) {
  const [recent, setRecent] = useState<HistoryEntry[]>([]);

  const refresh = useCallback(async () => {
    const history = await call('wallet.getHistory', { kind: 'transfer', limit: 10 });
    if (history.status) setRecent(history.entries);
  }, []);

  // The wallets come live from the account's stream; a transfer in refreshes the list too.
  const walletsShown = wallets?.map((w) => `${w.ticker}:${w.available}`).join() ?? '';
  useEffect(() => {
    if (walletsShown !== '') void refresh();
  }, [refresh, walletsShown]);

  return { recent, refresh };
}
