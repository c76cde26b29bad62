/** The open/close events every element with a panel or dialog dispatches. */
import { useEffect, useRef } from 'react';
import { emit } from './emit.ts';

/**
 * Dispatches `exchange-open` / `exchange-close` from `host` when `open` changes (not on mount);
 * with `reflect`, mirrors it in the host's `open` attribute too.
 */
export function useOpenEvents(host: Element | null, tag: string, open: boolean, reflect = false) {
  const was = useRef(open);
  useEffect(() => {
    if (open === was.current) return;
    was.current = open;
    emit(host, open ? 'exchange-open' : 'exchange-close', { tag });
    if (reflect) host?.toggleAttribute('open', open);
  }, [open, host, tag, reflect]);
}
