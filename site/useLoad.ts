/**
 * One read of a page's data: loading, refused (the catalogue's words and code), or its value;
 * read again on demand (after a refusal, say), and changed in place after the page's own
 * changes (a key made, an address saved) rather than read again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** A read's state. */
export type Load<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string; code: string | undefined }
  | { state: 'ready'; value: T };

/** A refusal as a read's state: the catalogue's words, and its code for pages that tell codes apart. */
export function refused(reply: { error_msg: string; error_code?: string }): Load<never> {
  return { state: 'error', message: reply.error_msg, code: reply.error_code };
}

/** What a page does with its read. */
export interface LoadHandle<T> {
  load: Load<T>;
  /** Reads again; a value already shown stays until the new one comes. */
  reload: () => void;
  /** Changes the value shown (after a change the page made); nothing while none is shown. */
  update: (change: (value: T) => T) => void;
}

/** Runs `read` once mounted and on `reload`; a reply for an unmounted page is dropped. */
export function useLoad<T>(read: () => Promise<Load<T>>): LoadHandle<T> {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const mounted = useRef(true);
  const reload = useCallback(() => {
    setLoad((shown) => (shown.state === 'ready' ? shown : { state: 'loading' }));
    void read().then((next) => {
      if (mounted.current) setLoad(next);
    });
  }, [read]);
  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);
  const update = useCallback((change: (value: T) => T) => {
    setLoad((shown) =>
      shown.state === 'ready' ? { state: 'ready', value: change(shown.value) } : shown,
    );
  }, []);
  return { load, reload, update };
}
