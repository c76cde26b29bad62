/**
 * `/account/deposit`: choose an asset and its network, then the account's address for it (with
 * its QR code, a copy button and the destination tag where the network needs one), the minimum
 * and the confirmations required, and the account's deposits climbing through their
 * confirmations. On the built-in devnet a clearly marked button sends test coins.
 */
import { useEffect, useId, useState } from 'react';
import {
  type AssetNetworks,
  call,
  type DepositAddressInfo,
  type Ticker,
} from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { copyToClipboard } from '../../copyToClipboard.ts';
import { AssetNetworkPicker } from './AssetNetworkPicker.tsx';
import { DepositList } from './DepositList.tsx';
import { QrCode } from './QrCode.tsx';
import { useWalletActivity } from './useWalletActivity.ts';

/** The deposit page. */
export default function DepositPage() {
  const id = useId();
  const [assets, setAssets] = useState<AssetNetworks[] | null>(null);
  const [asset, setAsset] = useState<Ticker>('BTC');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState<DepositAddressInfo | null>(null);
  const [error, setError] = useState('');
  // Live from the account's private stream: the confirmations climb on screen.
  const { items: deposits, reload: readDeposits } = useWalletActivity('deposits');
  const [faucet, setFaucet] = useState<{ pending: boolean; message: string }>({
    pending: false,
    message: '',
  });

  useEffect(() => {
    void call('wallet.getNetworks', {}).then((reply) => {
      if (reply.status) setAssets(reply.assets);
      else setError(reply.error_msg);
    });
  }, []);

  const networks = assets?.find((a) => a.asset === asset)?.networks ?? [];
  const chosen = networks.some((n) => n.network === network) ? network : networks[0]?.network;

  useEffect(() => {
    if (chosen === undefined) return;
    let current = true;
    setAddress(null);
    void call('deposits.getAddress', { asset, network: chosen }).then((reply) => {
      if (!current) return;
      if (reply.status) setAddress(reply.address);
      else setError(reply.error_msg);
    });
    return () => {
      current = false;
    };
  }, [asset, chosen]);

  async function sendTestCoins(info: DepositAddressInfo) {
    setFaucet({ pending: true, message: '' });
    const reply = await call('deposits.faucet', { asset: info.asset, network: info.network });
    setFaucet({ pending: false, message: reply.status ? reply.sent.note : reply.error_msg });
    if (reply.status) void readDeposits();
  }

  if (assets === null) {
    return error ? (
      <p className="page error-box" role="alert">
        {error}
      </p>
    ) : (
      <Loader label="Loading deposit networks" />
    );
  }

  const info = networks.find((n) => n.network === chosen);
  return (
    <section className="page account deposit" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Deposit crypto</h1>
      <AssetNetworkPicker
        assets={assets}
        asset={asset}
        network={chosen ?? ''}
        onAsset={(next) => {
          setAsset(next);
          setError('');
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
        <div className="deposit-address">
          <QrCode value={address.address} label={`QR code of your ${asset} deposit address`} />
          <div className="deposit-details">
            <p className="field-hint">Your {address.networkName} address</p>
            <p className="deposit-address-text" data-testid="deposit-address">
              {address.address}
            </p>
            <button
              type="button"
              className="button secondary"
              onClick={() => void copyToClipboard(address.address)}
            >
              Copy address
            </button>
            {address.tag !== null && (
              <p className="deposit-tag" role="note">
                {address.tagName ?? 'Tag'}: <strong data-testid="deposit-tag">{address.tag}</strong>
                . Always send it with the address, or the deposit cannot be credited to you.
              </p>
            )}
            <ul className="deposit-terms">
              <li>
                Minimum deposit: {info?.minDeposit ?? address.minDeposit} {asset}. Smaller deposits
                are not credited.
              </li>
              <li>Credited after {address.confirmations} confirmations.</li>
              <li>
                Send only {asset} on {address.networkName} to this address.
              </li>
            </ul>
            {address.devnet && (
              <div className="devnet-faucet">
                <p>
                  <strong>Test network.</strong> This exchange runs on its built-in devnet: coins
                  here are test funds with no value anywhere else.
                </p>
                <button
                  type="button"
                  className="button secondary"
                  disabled={faucet.pending}
                  onClick={() => void sendTestCoins(address)}
                >
                  {faucet.pending ? 'Sending…' : `Get test ${asset}`}
                </button>
                {faucet.message && <p role="status">{faucet.message}</p>}
              </div>
            )}
          </div>
        </div>
      )}
      <DepositList deposits={deposits} />
    </section>
  );
}
