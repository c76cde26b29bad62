/** The P2P catalogue (assets, fiats, payment methods, windows), read once per page. */
import { useEffect, useState } from 'react';
import { call, type P2pCatalogue } from '../../../core/index.ts';

/** The catalogue, or null while it loads; an error message if it could not be read. */
export function useP2pCatalogue(): { catalogue: P2pCatalogue | null; error: string } {
  const [catalogue, setCatalogue] = useState<P2pCatalogue | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    void call('p2p.getCatalogue', {}).then((reply) => {
      if (!current) return;
      if (reply.status) setCatalogue(reply);
      else setError(reply.error_msg);
    });
    return () => {
      current = false;
    };
  }, []);
  return { catalogue, error };
}

/** Payment method names for their ids, as the catalogue lists them. */
export function methodNames(catalogue: P2pCatalogue | null, ids: readonly string[]): string {
  return ids
    .map((id) => catalogue?.paymentMethods.find((method) => method.id === id)?.name ?? id)
    .join(', ');
}
