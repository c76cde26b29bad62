/**
 * While an account's verification is under review, listens on its private stream for the staff
 * decision: the profile is read again at once, so the header's badge, the KYC modal, the
 * verification page and the withdrawal limit change while the person watches, and a toast says
 * what was decided. A decision made while the stream was down is caught by reading the profile
 * again when it reconnects. Renders nothing.
 */
import { useEffect } from 'react';
import { loadUser, notify } from '../../core/index.ts';
import { marketStream } from '../../core/marketConnection.ts';

/** The toast each decision shows. */
export const DECISION_TEXT = {
  approved: 'Your identity is verified: your higher withdrawal limit applies now.',
  rejected: 'Your verification needs a correction: see Verification for what to change.',
} as const;

export default function VerificationWatcher() {
  useEffect(() => {
    const stream = marketStream();
    const stopListening = stream.subscribe({ stream: 'account' }, (message) => {
      if (message.type !== 'verification') return;
      void loadUser();
      notify({
        kind: 'toast',
        tone: message.status === 'approved' ? 'success' : 'info',
        text: DECISION_TEXT[message.status],
      });
    });
    let wasDown = false;
    const stopWatching = stream.onStatus((status) => {
      if (status !== 'open') wasDown = true;
      else if (wasDown) void loadUser();
    });
    return () => {
      stopListening();
      stopWatching();
    };
  }, []);
  return null;
}
