/**
 * The deposit page's address: its QR code, a copy button, the destination tag where the network
 * needs one, the minimum and the confirmations required, and on the devnet the test-coin button.
 */
import type { DepositAddressInfo, NetworkInfo } from '../../../core/index.ts';
import { copyToClipboard } from '../../copyToClipboard.ts';
import { DevnetFaucet } from './DevnetFaucet.tsx';
import { QrCode } from './QrCode.tsx';
import type { TestCoinsHandle } from './useTestCoins.ts';

/** The address of `asset` with its terms; `info` is the chosen network's, when known. */
export function DepositAddressCard({
  address,
  asset,
  info,
  testCoins,
}: {
  address: DepositAddressInfo;
  asset: string;
  info: NetworkInfo | undefined;
  /** The devnet's test-coin request, kept by the page. */
  testCoins: TestCoinsHandle;
}) {
  return (
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
            {address.tagName ?? 'Tag'}: <strong data-testid="deposit-tag">{address.tag}</strong>.
            Always send it with the address, or the deposit cannot be credited to you.
          </p>
        )}
        <ul className="deposit-terms">
          <li>
            Minimum deposit: {info?.minDeposit ?? address.minDeposit} {asset}. Smaller deposits are
            not credited.
          </li>
          <li>Credited after {address.confirmations} confirmations.</li>
          <li>
            Send only {asset} on {address.networkName} to this address.
          </li>
        </ul>
        {address.devnet && (
          <DevnetFaucet
            asset={asset}
            faucet={testCoins.faucet}
            onSend={() => void testCoins.send(address)}
          />
        )}
      </div>
    </div>
  );
}
