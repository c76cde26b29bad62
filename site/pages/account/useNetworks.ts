/** The assets a wallet can move and the networks of each, read once for the page. */
import { useEffect, useState } from 'react';
import { type AssetNetworks, call } from '../../../core/index.ts';

/** The assets with their networks (null until read), and why they could not be read. */
export function useNetworks(): { assets: AssetNetworks[] | null; error: string } {
  const [assets, setAssets] = useState<AssetNetworks[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void call('wallet.getNetworks', {}).then((reply) => {
      if (reply.status) setAssets(reply.assets);
      else setError(reply.error_msg);
    });
  }, []);
  return { assets, error };
}
