/** The add-address form's network: the networks an address can be saved for. */
import type { BookNetwork } from './addressBook.ts';

/** The select, its id `${prefix}-network`. */
export function BookNetworkSelect({
  prefix,
  networks,
  value,
  onPick,
}: {
  prefix: string;
  networks: readonly BookNetwork[];
  value: string;
  onPick: (network: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-network`}>Network</label>
      <select
        id={`${prefix}-network`}
        value={value}
        onChange={(event) => onPick(event.target.value)}
      >
        {networks.map((n) => (
          <option key={n.network} value={n.network}>
            {n.name}
          </option>
        ))}
      </select>
    </div>
  );
}
