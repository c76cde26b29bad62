/**
 * `<faq-search>`'s component: the help-center list for the `slug` attribute (several slugs,
 * comma-separated, make several sections), loaded from the exchange. Inline by default; with the
 * `hotkey` attribute it waits behind a "Search help" button and opens as a search dialog on
 * ⌘K / Ctrl+K or "/" (not while typing in a field), Escape closing it.
 */
import { useCallback, useMemo, useState } from 'react';
import { createApiClient } from '../../core/apiClient.ts';
import { hostOf, hostStateOf, useHostState } from '../shared/hostState.ts';
import { onDemand, useOnDemand } from '../shared/onDemand.ts';
import { apiOrigin } from '../shared/scriptOrigin.ts';
import { useOpenEvents } from '../shared/useOpenEvents.ts';
import { FAQ_DEFAULT_TITLE, FaqSearch } from './FaqSearch.tsx';
import { useFaqSections } from './useFaqSections.ts';
import { useSearchHotkey } from './useSearchHotkey.ts';

const dialog = onDemand(() => import('../notice-modal/Modal.tsx'));

/** The state the element's attributes and JS API drive. */
export interface FaqHostState {
  /** The search dialog is open (hotkey mode). */
  open: boolean;
  /** Hotkey mode: a button and a dialog instead of the inline list. */
  hotkey: boolean;
}

/** The element's string attributes. */
export interface FaqSearchWidgetProps {
  api?: string;
  /** One FAQ slug or several, comma-separated; 'general' when absent. */
  slug?: string;
  heading?: string;
  container?: unknown;
}

const HOST_CSS = `:host{all:initial;display:block}:host([hidden]){display:none}
:host .x-faq{padding:16px;border-radius:12px;background:var(--exchange-surface,#0b0e14)}
.x-faq-open{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:0 16px;border:1px solid var(--x-faq-border,#3a4356);border-radius:8px;background:var(--x-faq-bg,#151a23);color:var(--exchange-text,#e8ecf3);font:16px/1.5 var(--exchange-font,system-ui,sans-serif);cursor:pointer}
.x-faq-open:focus-visible{outline:2px solid var(--x-faq-focus,#f0b90b);outline-offset:2px}
.x-faq-key{font:inherit;font-size:13px;padding:0 6px;border:1px solid currentColor;border-radius:4px;opacity:.7}`;

/** The FAQ list, inline or in a search dialog. */
export function FaqSearchWidget({ api, slug, heading, container }: FaqSearchWidgetProps) {
  const origin = apiOrigin(api);
  const host = hostOf(container);
  const hostState = hostStateOf<FaqHostState>(container);
  const { open, hotkey } = useHostState(hostState, { open: false, hotkey: false });
  const slugs = (slug || 'general')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');
  const client = useMemo(
    () => createApiClient({ baseUrl: () => origin, token: () => '' }),
    [origin],
  );

  const { sections, error } = useFaqSections(client, slugs);
  const openDialog = useCallback(() => hostState?.set({ open: true }), [hostState]);
  useSearchHotkey(hotkey, openDialog);
  useOpenEvents(host, 'faq-search', open);

  // The dialog stays mounted after its first opening, so closing can fade out.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const Modal = useOnDemand(dialog, hotkey && opened)?.Modal;

  const title = heading || FAQ_DEFAULT_TITLE;
  const list = (
    <FaqSearch
      sections={sections ?? []}
      isLoading={sections === null}
      error={error}
      title={title}
      showTitle={!hotkey}
      autoFocus={hotkey}
    />
  );
  return (
    <>
      <style>{HOST_CSS}</style>
      {hotkey ? null : list}
      {hotkey && (
        <button
          type="button"
          className="x-faq-open"
          part="open-button"
          aria-haspopup="dialog"
          aria-keyshortcuts="/ Control+K Meta+K"
          onClick={openDialog}
        >
          Search help{' '}
          <span className="x-faq-key" aria-hidden="true">
            /
          </span>
        </button>
      )}
      {hotkey && Modal && (
        <Modal open={open} title={title} onClose={() => hostState?.set({ open: false })}>
          {list}
        </Modal>
      )}
    </>
  );
}
