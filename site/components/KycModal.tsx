/**
 * The KYC modal: where the account's identity verification stands
 * (not started, under review, needs a correction, verified), what is collected and why, and the
 * way to the verification page. Opening it closes the other exclusive modals (core/store/modals).
 */
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { modals, setModal, user } from '../../core/index.ts';
import { Modal } from '../../widgets/notice-modal/Modal.tsx';
import { KYC_STATUS_REJECTED } from './kycStatus.ts';

/** The modal, shown while `modals.isKYCOpen`. */
export default function KycModal() {
  const { isKYCOpen } = useSnapshot(modals);
  const { isVerified, isKycPending, kycStatusId } = useSnapshot(user);
  const [, navigate] = useLocation();
  const close = () => setModal('isKYCOpen', false);
  const go = () => {
    close();
    navigate('/account/verification');
  };
  const state = isVerified
    ? 'verified'
    : isKycPending
      ? 'pending'
      : kycStatusId === KYC_STATUS_REJECTED
        ? 'rejected'
        : 'none';
  return (
    <Modal
      open={isKYCOpen}
      title="Identity verification"
      onClose={close}
      footer={
        state === 'verified' ? null : (
          <button type="button" className="button" onClick={go}>
            {state === 'none'
              ? 'Start verification'
              : state === 'pending'
                ? 'See your application'
                : 'Correct and submit again'}
          </button>
        )
      }
    >
      {state === 'verified' && (
        <p>Your identity is verified: the higher withdrawal limit applies.</p>
      )}
      {state === 'pending' && (
        <p>Your documents are under review. You will see the result on the verification page.</p>
      )}
      {state === 'rejected' && (
        <p>
          Your verification needs a correction: the verification page shows the reviewer's reason.
        </p>
      )}
      {state === 'none' && (
        <>
          <p>
            Verify your identity to withdraw more than the limit of unverified accounts. It takes
            four short steps: personal details, address, an identity document and a selfie.
          </p>
          <p>
            We ask for what the law on money laundering requires of an exchange, store your photos
            without their location data, and show them only to you and our review team.
          </p>
        </>
      )}
    </Modal>
  );
}
