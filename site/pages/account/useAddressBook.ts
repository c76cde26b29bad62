/**
 * The signed-in account's address book, read once when the withdrawal page opens and then kept
 * from each answer that changes it. The clock it is read against ticks again when the next saved
 * address becomes usable, so "usable from …" gives way without a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AddressBook, call, type SavedAddress } from '../../../core/index.ts';

/** The load of the address book: loading, refused with a message, or the book. */
export type AddressBookLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; book: AddressBook };

/** What the page does with the book. */
export interface AddressBookHandle {
  load: AddressBookLoad;
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
  const [load, setLoad] = useState<AddressBookLoad>({ state: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const mounted = useRef(true);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    void call('addressBook.getMine', {}).then((reply) => {
      if (!mounted.current) return;
      setLoad(
        reply.status
          ? { state: 'ready', book: { addresses: reply.addresses, onlySaved: reply.onlySaved } }
          : { state: 'error', message: reply.error_msg },
      );
      setNow(Date.now());
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  const show = useCallback((book: AddressBook) => {
    setLoad({ state: 'ready', book: { addresses: book.addresses, onlySaved: book.onlySaved } });
    setNow(Date.now());
  }, []);

  const added = useCallback((address: SavedAddress) => {
    setLoad((shown) =>
      shown.state === 'ready'
        ? {
            state: 'ready',
            book: {
              ...shown.book,
              addresses: [address, ...shown.book.addresses.filter((a) => a.id !== address.id)],
            },
          }
        : shown,
    );
    setNow(Date.now());
  }, []);

  // Tick when the soonest waiting address becomes usable.
  const next =
    load.state === 'ready'
      ? Math.min(...load.book.addresses.map((a) => Date.parse(a.usableFrom)).filter((t) => t > now))
      : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now(), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [next]);

  return { load, now, reload, show, added };
}
