/** The saved addresses in a table: name, network, address, tag and when each can be used. */
import type { SavedAddress } from '../../../core/index.ts';
import { formatLocalDateTime } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { type BookNetwork, isUsable } from './addressBook.ts';

/** The table, or a line saying the book is empty. */
export function SavedAddressList({
  addresses,
  networks,
  now,
  onRemove,
}: {
  addresses: readonly SavedAddress[];
  networks: readonly BookNetwork[];
  now: number;
  onRemove: (saved: SavedAddress) => void;
}) {
  if (addresses.length === 0) {
    return <p className="account-summary">No saved addresses yet.</p>;
  }
  const networkName = (id: string) => networks.find((n) => n.network === id)?.name ?? id;
  return (
    <TableScroll label="Saved addresses table">
      <table className="history">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Network</th>
            <th scope="col">Address</th>
            <th scope="col">Tag</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {addresses.map((saved) => (
            <tr key={saved.id} data-testid="saved-address-row">
              <th scope="row">{saved.label}</th>
              <td>{networkName(saved.network)}</td>
              <td className="tx-hash">{saved.address}</td>
              <td>{saved.tag ?? '—'}</td>
              <td data-testid="saved-address-usable">
                {isUsable(saved, now) ? (
                  'Usable'
                ) : (
                  <>
                    Usable from{' '}
                    <time dateTime={saved.usableFrom}>{formatLocalDateTime(saved.usableFrom)}</time>
                  </>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Remove ${saved.label}`}
                  onClick={() => onRemove(saved)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
