/**
 * The signed-in account's API keys, read once when the settings page opens and then kept from
 * what the page itself does: a key made goes on top (the list is newest first), a key revoked
 * leaves it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiKeyInfo, call } from '../../../core/index.ts';

/** The load of the keys: loading, refused with a message, or the keys. */
export type ApiKeysLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; keys: ApiKeyInfo[] };

/** What the section does with the keys. */
export interface ApiKeysHandle {
  load: ApiKeysLoad;
  /** Reads the keys again (after an error). */
  reload: () => void;
  /** Shows a key just made. */
  added: (key: ApiKeyInfo) => void;
  /** Drops a key just revoked. */
  removed: (id: string) => void;
}

/** The account's live keys (revoked ones are not listed). */
export function useApiKeys(): ApiKeysHandle {
  const [load, setLoad] = useState<ApiKeysLoad>({ state: 'loading' });
  const mounted = useRef(true);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    void call('apiKeys.getItems', {}).then((reply) => {
      if (!mounted.current) return;
      setLoad(
        reply.status
          ? { state: 'ready', keys: reply.items }
          : { state: 'error', message: reply.error_msg },
      );
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  const added = useCallback((key: ApiKeyInfo) => {
    setLoad((shown) =>
      shown.state === 'ready'
        ? { state: 'ready', keys: [key, ...shown.keys.filter((k) => k.id !== key.id)] }
        : shown,
    );
  }, []);

  const removed = useCallback((id: string) => {
    setLoad((shown) =>
      shown.state === 'ready'
        ? { state: 'ready', keys: shown.keys.filter((k) => k.id !== id) }
        : shown,
    );
  }, []);

  return { load, reload, added, removed };
}
