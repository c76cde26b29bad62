/**
 * `/account/deposit`: choose an asset and its network, then the account's address for it (with
 * its QR code, a copy button and the destination tag where the network needs one), the minimum
 * and the confirmations required, and the account's deposits climbing through their
 * confirmations. On the built-in devnet a clearly marked button sends test coins.
 */
import { useId, useState } from 'react';
import type { Ticker } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { AssetNetworkPicker } from './AssetNetworkPicker.tsx';
import { DepositAddressCard } from './DepositAddressCard.tsx';
import { DepositList } from './DepositList.tsx';
import { useDepositAddress } from './useDepositAddress.ts';
import { useNetworks } from './useNetworks.ts';
import { useTestCoins } from './useTestCoins.ts';
import { useWalletActivity } from './useWalletActivity.ts';

/** The deposit page. */
export default function DepositPage() {
  const id = useId();
  const { assets, error: networksError } = useNetworks();
  const [asset, setAsset] = useState<Ticker>('BTC');
  const [network, setNetwork] = useState('');
  // Live from the account's private stream: the confirmations climb on screen.
  const { items: deposits, reload: readDeposits } = useWalletActivity('deposits');
  const networks = assets?.find((a) => a.asset === asset)?.networks ?? [];
  const chosen = networks.some((n) => n.network === network) ? network : networks[0]?.network;
  const { address, error, clearError } = useDepositAddress(asset, chosen);
  const testCoins = useTestCoins(() => void readDeposits());

  if (assets === null) {
    return networksError ? (
      <p className="page error-box" role="alert">
        {networksError}
      </p>
    ) : (
      <Loader label="Loading deposit networks" />
    );
  }

  return (
    <section className="page account deposit" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Deposit crypto</h1>
      <AssetNetworkPicker
        assets={assets}
        asset={asset}
        network={chosen ?? ''}
        onAsset={(next) => {
          setAsset(next);
          clearError();
        }}
        onNetwork={setNetwork}
      />
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {address === null ? (
        !error && <Loader label="Loading your address" />
      ) : (
        <DepositAddressCard
          address={address}
          asset={asset}
          info={networks.find((n) => n.network === chosen)}
          testCoins={testCoins}
        />
      )}
      <DepositList deposits={deposits} />
    </section>
  );
}
