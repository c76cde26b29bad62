/**
 * One read of the reserves pages: loading, refused (the catalogue's words and code), or its
 * value; read again on demand (after a refusal, or after staff took a snapshot).
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

/** Runs `read` once mounted and on `reload`; a reply for an unmounted page is dropped. */
export function useLoad<T>(read: () => Promise<Load<T>>): { load: Load<T>; reload: () => void } {
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
  return { load, reload };
}
