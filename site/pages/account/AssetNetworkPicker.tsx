/** The asset and network choice the deposit and withdrawal pages both start with. */
import { useId } from 'react';
import type { AssetNetworks, NetworkInfo, Ticker } from '../../../core/index.ts';

/** Two labelled selects: the asset, then one of its networks. */
export function AssetNetworkPicker({
  assets,
  asset,
  network,
  onAsset,
  onNetwork,
}: {
  assets: readonly AssetNetworks[];
  asset: Ticker;
  network: string;
  onAsset: (asset: Ticker) => void;
  onNetwork: (network: string) => void;
}) {
  const id = useId();
  const networks: readonly NetworkInfo[] = assets.find((a) => a.asset === asset)?.networks ?? [];
  return (
    <div className="deposit-choice">
      <div className="field">
        <label htmlFor={`${id}-asset`}>Asset</label>
        <select
          id={`${id}-asset`}
          value={asset}
          onChange={(event) => onAsset(event.target.value as Ticker)}
        >
          {assets.map((a) => (
            <option key={a.asset} value={a.asset}>
              {a.asset}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-network`}>Network</label>
        <select
          id={`${id}-network`}
          value={network}
          onChange={(event) => onNetwork(event.target.value)}
        >
          {networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
