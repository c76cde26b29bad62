/**
 * The signed-in account's wallets, read once and then kept current by the account's private
 * stream: a transfer received, a deposit credited or an order filled shows without a reload.
 */
import { useCallback, useEffect } from 'react';
import { call, type Wallet } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** The wallet list's limit: the largest the server accepts. */
export const WALLET_LIST_LIMIT = 1000;

/** Wallets by their place in `current`, replaced by the changed ones of an update. */
export function mergeWallets(current: readonly Wallet[], changed: readonly Wallet[]): Wallet[] {
  const byTicker = new Map(changed.map((wallet) => [wallet.ticker, wallet]));
  const merged = current.map((wallet) => byTicker.get(wallet.ticker) ?? wallet);
  const known = new Set(current.map((wallet) => wallet.ticker));
  return [...merged, ...changed.filter((wallet) => !known.has(wallet.ticker))];
}

async function readWallets(): Promise<Load<Wallet[]>> {
  const reply = await call('currencies.getItems', { limit: WALLET_LIST_LIMIT });
  return reply.status ? { state: 'ready', value: reply.wallets ?? [] } : refused(reply);
}

/** The account's wallets, live; `reload` reads them again (after an error, say). */
export function useAccountWallets(): { load: Load<Wallet[]>; reload: () => void } {
  const { load, reload, update } = useLoad(useCallback(readWallets, []));
  useEffect(
    () =>
      marketStream().subscribe({ stream: 'account' }, (message) => {
        if (message.type !== 'account' || message.wallets.length === 0) return;
        update((wallets) => mergeWallets(wallets, message.wallets));
      }),
    [update],
  );
  return { load, reload };
}
