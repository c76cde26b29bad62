/**
 * The signed-in account's wallets, read once and then kept current by the account's private
 * stream: a transfer received, a deposit credited or an order filled shows without a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, type Wallet } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';

/** The wallet list's limit: the largest the server accepts. */
export const WALLET_LIST_LIMIT = 1000;

/** Wallets by their place in `current`, replaced by the changed ones of an update. */
export function mergeWallets(current: readonly Wallet[], changed: readonly Wallet[]): Wallet[] {
  const byTicker = new Map(changed.map((wallet) => [wallet.ticker, wallet]));
  const merged = current.map((wallet) => byTicker.get(wallet.ticker) ?? wallet);
  const known = new Set(current.map((wallet) => wallet.ticker));
  return [...merged, ...changed.filter((wallet) => !known.has(wallet.ticker))];
}

/** The load of the wallets: loading, refused with a message, or the wallets. */
export type WalletsLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; wallets: Wallet[] };

/** The account's wallets, live; `reload` reads them again (after an error, say). */
export function useAccountWallets(): { load: WalletsLoad; reload: () => void } {
  const [load, setLoad] = useState<WalletsLoad>({ state: 'loading' });
  const mounted = useRef(true);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    void call('currencies.getItems', { limit: WALLET_LIST_LIMIT }).then((reply) => {
      if (!mounted.current) return;
      setLoad(
        reply.status
          ? { state: 'ready', wallets: reply.wallets ?? [] }
          : { state: 'error', message: reply.error_msg },
      );
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    reload();
    const stop = marketStream().subscribe({ stream: 'account' }, (message) => {
      if (message.type !== 'account' || message.wallets.length === 0) return;
      setLoad((shown) =>
        shown.state === 'ready'
          ? { state: 'ready', wallets: mergeWallets(shown.wallets, message.wallets) }
          : shown,
      );
    });
    return () => {
      mounted.current = false;
      stop();
    };
  }, [reload]);

  return { load, reload };
}
