/** The market's reference price for a margin offer, read while the form asks for one. */
import { useEffect, useState } from 'react';
import { call, type Ticker } from '../../../core/index.ts';

/** The reference price of `asset` in `fiat` while `wanted`: undefined while it loads. */
export function useReferencePrice(asset: Ticker, fiat: string, wanted: boolean) {
  const [reference, setReference] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    setReference(undefined);
    void call('p2p.getReferencePrice', { asset, fiat }).then((reply) => {
      if (current) setReference(reply.status ? reply.price : null);
    });
    return () => {
      current = false;
    };
  }, [asset, fiat, wanted]);
  return reference;
}
