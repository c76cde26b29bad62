/**
 * The global notice: fetched from the server at start; while a notice with an id is
 * present and the custom modal is open, the notice modal shows. Closing it remembers the notice's
 * id so the same notice does not return on every page load. The modal code (and DOMPurify) loads
 * only when there is a notice.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import {
  call,
  modals,
  notice,
  readStored,
  setCustomModal,
  setModal,
  setNotice,
  writeStored,
} from '../../core/index.ts';

const NoticeModal = lazy(() =>
  import('../../widgets/notice-modal/NoticeModal.tsx').then((module) => ({
    default: module.NoticeModal,
  })),
);

/** The local-storage key of the last notice the visitor closed. */
export const CLOSED_NOTICE_KEY = 'notice_closed';

/** Loads the current notice and shows it in the notice modal. */
export function GlobalNotice() {
  const { current } = useSnapshot(notice);
  const { isCustomModalOpen } = useSnapshot(modals);
  const [, navigate] = useLocation();

  useEffect(() => {
    void call('notices.getCurrent', {}).then((reply) => {
      if (!reply.status || !reply.notice) return;
      setNotice(reply.notice);
      if (readStored(CLOSED_NOTICE_KEY) !== String(reply.notice.id)) setCustomModal(true);
    });
  }, []);

  if (!current?.id) return null;
  const close = () => {
    writeStored(CLOSED_NOTICE_KEY, String(current.id));
    setCustomModal(false);
  };
  return (
    <Suspense fallback={null}>
      <NoticeModal
        notice={current}
        open={isCustomModalOpen}
        onClose={close}
        onSupport={() => setModal('isOpenSupport', true)}
        onBuyCrypto={() => navigate('/account/buy-crypto')}
        onDeposit={() => navigate('/account/deposit')}
      />
    </Suspense>
  );
}
