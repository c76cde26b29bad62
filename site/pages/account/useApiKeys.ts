/**
 * The signed-in account's API keys, read once when the settings page opens and then kept from
 * what the page itself does: a key made goes on top (the list is newest first), a key revoked
 * leaves it.
 */
import { useCallback } from 'react';
import { type ApiKeyInfo, call } from '../../../core/index.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** What the section does with the keys. */
export interface ApiKeysHandle {
  load: Load<ApiKeyInfo[]>;
  /** Reads the keys again (after an error). */
  reload: () => void;
  /** Shows a key just made. */
  added: (key: ApiKeyInfo) => void;
  /** Drops a key just revoked. */
  removed: (id: string) => void;
}

async function readKeys(): Promise<Load<ApiKeyInfo[]>> {
  const reply = await call('apiKeys.getItems', {});
  return reply.status ? { state: 'ready', value: reply.items } : refused(reply);
}

/** The account's live keys (revoked ones are not listed). */
export function useApiKeys(): ApiKeysHandle {
  const { load, reload, update } = useLoad(useCallback(readKeys, []));
  const added = useCallback(
    (key: ApiKeyInfo) => update((keys) => [key, ...keys.filter((k) => k.id !== key.id)]),
    [update],
  );
  const removed = useCallback(
    (id: string) => update((keys) => keys.filter((k) => k.id !== id)),
    [update],
  );
  return { load, reload, added, removed };
}
