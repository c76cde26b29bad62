/**
 * The signed-in account's address book, read once when the withdrawal page opens and then kept
 * from each answer that changes it. The clock it is read against ticks again when the next saved
 * address becomes usable, so "usable from …" gives way without a reload.
 */
import { useCallback, useEffect, useState } from 'react';
import { type AddressBook, call, type SavedAddress } from '../../../core/index.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** What the page does with the book. */
export interface AddressBookHandle {
  load: Load<AddressBook>;
  /** The time (ms since the epoch) usability is judged at. */
  now: number;
  /** Reads the book again (after an error). */
  reload: () => void;
  /** Shows the book a method answered with. */
  show: (book: AddressBook) => void;
  /** Shows an address just saved, newest first as the server lists them. */
  added: (address: SavedAddress) => void;
}

/** The longest a browser timer waits (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The account's address book and the clock it is read against. */
export function useAddressBook(): AddressBookHandle {
  const [now, setNow] = useState(() => Date.now());
  const read = useCallback(async (): Promise<Load<AddressBook>> => {
    const reply = await call('addressBook.getMine', {});
    setNow(Date.now());
    return reply.status
      ? { state: 'ready', value: { addresses: reply.addresses, onlySaved: reply.onlySaved } }
      : refused(reply);
  }, []);
  const { load, reload, update } = useLoad(read);

  const show = useCallback(
    (book: AddressBook) => {
      update(() => ({ addresses: book.addresses, onlySaved: book.onlySaved }));
      setNow(Date.now());
    },
    [update],
  );

  const added = useCallback(
    (address: SavedAddress) => {
      update((book) => ({
        ...book,
        addresses: [address, ...book.addresses.filter((a) => a.id !== address.id)],
      }));
      setNow(Date.now());
    },
    [update],
  );

  // Tick when the soonest waiting address becomes usable.
  const next =
    load.state === 'ready'
      ? Math.min(
          ...load.value.addresses.map((a) => Date.parse(a.usableFrom)).filter((t) => t > now),
        )
      : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now(), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [next]);

  return { load, now, reload, show, added };
}
