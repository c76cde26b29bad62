/**
 * The global notice modal: the notice's title, a border coloured by type_id (0 primary,
 * 1 error, 2 success), its HTML description sanitised with DOMPurify, and the footer buttons
 * Support, Buy crypto and Deposit, each of which closes the modal before acting.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { Notice } from '../../core/protocol/index.ts';
import { Modal } from './Modal.tsx';

/** What the notice modal shows and what its buttons do; the host decides where they lead. */
export interface NoticeModalProps {
  notice: Notice | null;
  open: boolean;
  onClose: () => void;
  onSupport: () => void;
  onBuyCrypto: () => void;
  onDeposit: () => void;
}

/** The border colour of each notice type. */
export const NOTICE_BORDER: Record<Notice['type_id'], string> = {
  0: '#f0b90b',
  1: '#ff6b6b',
  2: '#3ddc97',
};

const STYLE = `
.x-notice-body{line-height:1.5}
.x-notice-body a{color:#f0b90b}
.x-notice-button{min-height:2.75em;padding:.5em 1em;border-radius:8px;border:1px solid #f0b90b;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}
.x-notice-button.primary{background:#f0b90b;color:#111318}
`;

/** The notice in an accessible modal; renders nothing without a notice id. */
export function NoticeModal(props: NoticeModalProps) {
  const { notice, open, onClose } = props;
  const html = useMemo(
    () => (notice ? DOMPurify.sanitize(notice.description, { USE_PROFILES: { html: true } }) : ''),
    [notice],
  );
  if (!notice?.id) return null;
  // Each action closes the modal first, then does its own thing.
  const act = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={notice.title}
      className={`x-notice x-notice-type-${notice.type_id}`}
      footer={
        <>
          <button type="button" className="x-notice-button" onClick={act(props.onSupport)}>
            Support
          </button>
          <button type="button" className="x-notice-button" onClick={act(props.onBuyCrypto)}>
            Buy crypto
          </button>
          <button type="button" className="x-notice-button primary" onClick={act(props.onDeposit)}>
            Deposit
          </button>
        </>
      }
    >
      <style>{`${STYLE}.x-notice{--x-modal-border:${NOTICE_BORDER[notice.type_id]}}`}</style>
      <div
        className="x-notice-body"
        data-testid="notice-body"
        // Sanitised above with DOMPurify's HTML profile: no scripts, handlers or javascript: URLs.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised operator HTML.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Modal>
  );
}
