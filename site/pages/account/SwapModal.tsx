/**
 * The swap modal (one of the five mutually exclusive modals), opened from the header,
 * the overview and the wallet rows through `openSwap`; the form inside is the swap page's.
 */
import { useSnapshot } from 'valtio';
import { modals, setModal, swap } from '../../../core/index.ts';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { SwapForm } from './SwapForm.tsx';

/** The swap form in a modal while `isOpenSwap` is set. */
export function SwapModal() {
  const { isOpenSwap } = useSnapshot(modals);
  const { from } = useSnapshot(swap);
  return (
    <Modal open={isOpenSwap} title="Swap" onClose={() => setModal('isOpenSwap', false)}>
      {/* Keyed by the opener's currency, so opening from another wallet row starts afresh. */}
      {isOpenSwap ? <SwapForm key={from ?? ''} initialFrom={from} /> : null}
    </Modal>
  );
}
