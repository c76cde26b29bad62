/**
 * The account's newest deposits, withdrawals or card purchases, read once and then pushed live by the account's
 * private stream each time one moves (a confirmation more, credited, sent, confirmed), so the
 * deposit and withdrawal pages follow them without asking again and again. They are read again
 * now and then all the same, in case the stream was down when something moved.
 */
import { useCallback, useEffect, useState } from 'react';
import { type CardPurchase, call, type Deposit, type Withdrawal } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import { useRepeatedRead } from './useRepeatedRead.ts';

/** How many the pages list: the stream sends as many. */
const LISTED = 20;

/** How often the list is read again beside the stream. */
const SAFETY_READ_MS = 30_000;

interface Activity {
  deposits: Deposit[];
  withdrawals: Withdrawal[];
  purchases: CardPurchase[];
}

const READERS: { [K in keyof Activity]: () => Promise<Activity[K] | null> } = {
  deposits: async () => {
    const reply = await call('deposits.getMine', { limit: LISTED });
    return reply.status ? reply.deposits : null;
  },
  withdrawals: async () => {
    const reply = await call('withdrawals.getMine', { limit: LISTED });
    return reply.status ? reply.withdrawals : null;
  },
  purchases: async () => {
    const reply = await call('buy.getMine', { limit: LISTED });
    return reply.status ? reply.purchases : null;
  },
};

/** The newest items of `kind`, live; `reload` reads them now (after the page changed one). */
export function useWalletActivity<K extends keyof Activity>(
  kind: K,
): { items: Activity[K]; reload: () => Promise<void> } {
  const [items, setItems] = useState<Activity[K]>([] as Activity[K]);

  const reload = useCallback(async () => {
    const read = await READERS[kind]();
    if (read !== null) setItems(read);
  }, [kind]);

  const readAgain = useCallback(async () => {
    await reload();
    return false;
  }, [reload]);
  useRepeatedRead(readAgain, SAFETY_READ_MS, SAFETY_READ_MS);

  useEffect(
    () =>
      marketStream().subscribe({ stream: 'account' }, (message) => {
        if (message.type === 'walletActivity') setItems(message[kind]);
      }),
    [kind],
  );

  return { items, reload };
}
