/**
 * `/account/profile`, the header's Settings: identity verification and its withdrawal
 * limit, the e-mail address and its notices, two-factor authentication, the password, the
 * signed-in sessions and the API keys of trading programs.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { user } from '../../../core/index.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { WithdrawalLimitNote } from './WithdrawalLimitNote.tsx';
import './profile.css';

/** The settings page. */
export default function ProfilePage() {
  const { email } = useSnapshot(user);
  // Bumped when a password change ends sessions, so the list shows what is left.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className="page account settings">
      <h1>Settings</h1>
      <p className="account-summary">
        Signed in as <strong>{email}</strong>
      </p>
      <section className="settings-section" aria-labelledby="settings-verification">
        <h2 id="settings-verification">Identity verification</h2>
        <WithdrawalLimitNote withStatus />
      </section>
      <EmailSection />
      <TwoFactorSection />
      <PasswordSection onChanged={() => setSessionsVersion((version) => version + 1)} />
      <SessionsSection version={sessionsVersion} />
      <ApiKeysSection />
    </div>
  );
}
