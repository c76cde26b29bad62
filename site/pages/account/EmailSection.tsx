/**
 * The settings page's e-mail section: the account's address and whether it is verified (with the
 * link mailed again on request), the notices that always go out, and the switch for the optional
 * one, support replies left unread.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, setUser, user } from '../../../core/index.ts';
import { Switch } from '../../components/Switch.tsx';
import { useResendVerification } from '../../components/useResendVerification.ts';

export function EmailSection() {
  const id = useId();
  const { email, isEmailVerified, mailSupportReplies } = useSnapshot(user);
  const verification = useResendVerification();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState('');

  async function toggleSupportReplies() {
    setPending(true);
    setAnswer('');
    const reply = await call('users.setMailNotices', { supportReplies: !mailSupportReplies });
    setPending(false);
    if (!reply.status) {
      setAnswer(reply.error_msg);
      return;
    }
    setUser(reply.user);
    setAnswer(
      reply.user.mailSupportReplies
        ? 'Support replies you have not read are mailed to you.'
        : 'Support replies are no longer mailed to you.',
    );
  }

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>E-mail</h2>
      <p>
        <strong>{email}</strong>{' '}
        {isEmailVerified ? (
          <span className="badge on">Verified</span>
        ) : (
          <span className="badge">Not verified yet</span>
        )}
      </p>
      {!isEmailVerified && (
        <div>
          <p>Follow the link we mailed you: until then you cannot withdraw.</p>
          <button
            type="button"
            className="button secondary"
            disabled={verification.pending}
            onClick={verification.resend}
          >
            {verification.pending ? 'Sending…' : 'Send the link again'}
          </button>
          <p role="status">{verification.answer}</p>
        </div>
      )}
      <p>
        Always sent, for your security: sign-ins from a new device, password changes and resets, and
        each withdrawal's confirmation link and its transaction id.
      </p>
      <Switch
        checked={mailSupportReplies}
        disabled={pending}
        describedBy={`${id}-support`}
        onClick={() => void toggleSupportReplies()}
      >
        Mail me support replies I have not read
      </Switch>
      <p className="field-hint" id={`${id}-support`}>
        When support answers while you are away, one mail tells you, until you are back on the site.
      </p>
      <p role="status">{answer}</p>
    </section>
  );
}
