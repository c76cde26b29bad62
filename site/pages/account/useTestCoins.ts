/** The devnet's test-coin request of the deposit page: whether it is out, and what it came to. */
import { useState } from 'react';
import { call, type DepositAddressInfo } from '../../../core/index.ts';

/** Where the last request stands. */
export interface TestCoins {
  pending: boolean;
  message: string;
}

/** The request's state and `send(address)`; `onSent` hears each delivery. */
export function useTestCoins(onSent: () => void) {
  const [faucet, setFaucet] = useState<TestCoins>({ pending: false, message: '' });

  async function send(info: DepositAddressInfo) {
    setFaucet({ pending: true, message: '' });
    const reply = await call('deposits.faucet', { asset: info.asset, network: info.network });
    setFaucet({ pending: false, message: reply.status ? reply.sent.note : reply.error_msg });
    if (reply.status) onSent();
  }

  return { faucet, send };
}

/** What `useTestCoins` hands the page. */
export type TestCoinsHandle = ReturnType<typeof useTestCoins>;
