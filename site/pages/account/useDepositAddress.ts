/** The account's deposit address for an asset on a network, read again when either changes. */
import { useEffect, useState } from 'react';
import { call, type DepositAddressInfo, type Ticker } from '../../../core/index.ts';

/** The address (null while it is read), why it could not be read, and a way to clear that. */
export function useDepositAddress(asset: Ticker, network: string | undefined) {
  const [address, setAddress] = useState<DepositAddressInfo | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (network === undefined) return;
    let current = true;
    setAddress(null);
    void call('deposits.getAddress', { asset, network }).then((reply) => {
      if (!current) return;
      if (reply.status) setAddress(reply.address);
      else setError(reply.error_msg);
    });
    return () => {
      current = false;
    };
  }, [asset, network]);

  return { address, error, clearError: () => setError('') };
}
