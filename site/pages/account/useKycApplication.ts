/**
 * The account's verification application and its limits, read again when the profile's
 * verification state changes (the staff decision arrives on the account's stream).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  call,
  type KycApplication,
  loadUser,
  user,
  type WithdrawalLimits,
} from '../../../core/index.ts';
import { applyApplication, applyPhotos } from './verification.ts';

/** The application (null until read), the limits, why reading failed, and how to update them. */
export function useKycApplication() {
  const [application, setApplication] = useState<KycApplication | null>(null);
  const [limits, setLimits] = useState<WithdrawalLimits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { kycStatusId, isVerified } = useSnapshot(user);

  const load = useCallback(async () => {
    const reply = await call('kyc.getMine', {});
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setError(null);
    // A decision or submission the profile does not show yet: read it again, so the header's
    // badge says the same as this page.
    const { status } = reply.application;
    if (
      (status === 'pending') !== user.isKycPending ||
      (status === 'approved') !== user.isVerified
    ) {
      void loadUser();
    }
    applyApplication(reply.application);
    setApplication(reply.application);
    setLimits(reply.limits);
  }, []);

  // Read again when the profile's verification state moves (a decision arrived): the state is
  // what changes, never what is being typed, so a draft is not read over the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile's state is the trigger.
  useEffect(() => {
    void load();
  }, [load, kycStatusId, isVerified]);

  /** A step was saved: the whole draft is the server's answer. */
  const saved = (next: KycApplication) => {
    applyApplication(next);
    setApplication(next);
  };
  /** A photo was uploaded: only the photos are taken, what is being typed stays. */
  const photoSaved = (next: KycApplication) => {
    applyPhotos(next);
    setApplication(next);
  };
  return { application, limits, error, load, saved, photoSaved };
}
