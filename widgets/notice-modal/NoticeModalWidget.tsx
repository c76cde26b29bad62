/**
 * `<notice-modal>`'s component: fetches the exchange's current notice and shows it once per
 * notice (closing remembers its id). The modal and its HTML sanitiser load only when there is a
 * notice to show. Footer actions close the modal, then dispatch `exchange-action`; unless the page
 * cancels it, Support opens a `<support-chat>` on the page (or the exchange's support page) and
 * Buy crypto and Deposit go to those pages of the exchange.
 */
import { useEffect, useMemo, useState } from 'react';
import { createApiClient } from '../../core/apiClient.ts';
import type { Notice } from '../../core/protocol/index.ts';
import { readStored, writeStored } from '../../core/storage.ts';
import { emit } from '../shared/emit.ts';
import { hostOf, hostStateOf, useHostState } from '../shared/hostState.ts';
import { onDemand, useOnDemand } from '../shared/onDemand.ts';
import { apiOrigin } from '../shared/scriptOrigin.ts';
import { useOpenEvents } from '../shared/useOpenEvents.ts';

const noticeModal = onDemand(() => import('./NoticeModal.tsx'));

const HOST_CSS = ':host{all:initial;display:block}:host([hidden]){display:none}';

/** The state the element's JS API drives. */
export interface NoticeHostState {
  open: boolean;
}

/** The element's string attributes. */
export interface NoticeModalWidgetProps {
  /** The exchange's origin, when it is not the script's. */
  api?: string;
  container?: unknown;
}

/** Where a footer action leads on the exchange. */
export const NOTICE_ACTION_PATHS = {
  support: '/account/',
  'buy-crypto': '/account/buy-crypto',
  deposit: '/account/deposit',
} as const;

/** The local-storage key of the last notice of `origin` the visitor closed. */
export function closedNoticeKey(origin: string): string {
  return `exchange-notice-closed@${origin}`;
}

/** The notice modal, once a notice has been fetched. */
export function NoticeModalWidget({ api, container }: NoticeModalWidgetProps) {
  const origin = apiOrigin(api);
  const host = hostOf(container);
  const hostState = hostStateOf<NoticeHostState>(container);
  const { open } = useHostState(hostState, { open: false });
  const [notice, setNotice] = useState<Notice | null>(null);
  const client = useMemo(
    () => createApiClient({ baseUrl: () => origin, token: () => '' }),
    [origin],
  );

  useEffect(() => {
    let current = true;
    void client.call('notices.getCurrent', {}).then((reply) => {
      if (!current || !reply.status || !reply.notice?.id) return;
      setNotice(reply.notice);
      if (readStored(closedNoticeKey(origin)) !== String(reply.notice.id)) {
        hostState?.set({ open: true });
      }
    });
    return () => {
      current = false;
    };
  }, [client, origin, hostState]);

  useOpenEvents(host, 'notice-modal', open);
  const NoticeModal = useOnDemand(noticeModal, notice !== null)?.NoticeModal;

  if (!notice || !NoticeModal) return <style>{HOST_CSS}</style>;
  const close = () => {
    writeStored(closedNoticeKey(origin), String(notice.id));
    hostState?.set({ open: false });
  };
  const act = (action: keyof typeof NOTICE_ACTION_PATHS) => () => {
    if (!emit(host, 'exchange-action', { action }, true)) return;
    const chat = action === 'support' ? document.querySelector('support-chat') : null;
    if (chat) chat.open();
    else globalThis.location.assign(new URL(NOTICE_ACTION_PATHS[action], origin).href);
  };
  return (
    <>
      <style>{HOST_CSS}</style>
      <NoticeModal
        notice={notice}
        open={open}
        onClose={close}
        onSupport={act('support')}
        onBuyCrypto={act('buy-crypto')}
        onDeposit={act('deposit')}
      />
    </>
  );
}
