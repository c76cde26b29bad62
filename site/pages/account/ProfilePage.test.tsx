import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { initialUser, setUser, type User, user } from '../../../core/index.ts';
import { validatePasswordForm } from './PasswordSection.tsx';
import ProfilePage from './ProfilePage.tsx';
import { groupKey } from './TwoFactorSection.tsx';

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Localhost:ann%40example.com?secret=${KEY}&issuer=Localhost`;
const CODES = ['ABCDE-FGHJK', 'LMNPQ-RSTUV', '23456-789AB'];

const PROFILE: User = { ...initialUser, id: 1, email: 'ann@example.com', login: 'ann' };

type Body = Record<string, unknown>;
type Answer = (body: Body) => Record<string, unknown>;

/** The API as the page meets it: each method answered by `answers`, every request recorded. */
function answerApi(sent: Body[], answers: Record<string, Answer>) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    const answer = answers[String(body.method)];
    const reply = answer ? answer(body) : { status: false, error_msg: 'Unexpected call.' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

const SESSIONS = [
  { id: 3, createdAt: '2026-11-20T10:00:00.000Z', ip: '10.0.0.3', current: false },
  { id: 2, createdAt: '2026-11-19T10:00:00.000Z', ip: '10.0.0.2', current: true },
];

describe('ProfilePage', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];
  let sessions = SESSIONS;

  function serve(answers: Record<string, Answer>) {
    window.fetch = answerApi(sent, {
      'users.getSessions': () => ({ status: true, sessions }),
      'apiKeys.getItems': () => ({ status: true, items: [] }),
      ...answers,
    }) as typeof window.fetch;
  }

  const calls = (method: string) => sent.filter((body) => body.method === method);

  beforeEach(() => {
    sent = [];
    sessions = SESSIONS;
    setUser({ ...PROFILE });
    serve({});
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('groups the manual key in fours and checks the password form before sending', () => {
    expect(groupKey('ABCDEFGHIJ')).to.equal('ABCD EFGH IJ');
    expect(groupKey('ABCDEFGH')).to.equal('ABCD EFGH');
    const fields = { current: 'old password', next: 'new password', repeat: 'new password' };
    expect(validatePasswordForm(fields)).to.deep.equal({});
    expect(validatePasswordForm({ ...fields, current: '' })).to.have.property('current');
    expect(validatePasswordForm({ ...fields, next: 'short', repeat: 'short' })).to.have.property(
      'next',
      'Password must be at least 8 characters.',
    );
    expect(
      validatePasswordForm({ ...fields, next: fields.current, repeat: fields.current }),
    ).to.have.property('next');
    expect(validatePasswordForm({ ...fields, repeat: 'new passwort' })).to.have.property(
      'repeat',
      'The two new passwords do not match.',
    );
  });

  it('turns two-factor on: QR code and key, a first code, then the recovery codes once', async () => {
    serve({
      'users.beginTwoFactor': () => ({ status: true, uri: URI, key: KEY }),
      'users.enableTwoFactor': (body) =>
        body.code === '123456'
          ? {
              status: true,
              recoveryCodes: CODES,
              user: { ...PROFILE, is2FA: true, two_factor: true },
            }
          : { status: false, error_msg: 'That code is not right.' },
    });
    render(<ProfilePage />);
    expect(screen.getByTestId('two-factor-state').textContent).to.equal('Status: Off');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).to.match(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText(groupKey(KEY))).to.exist;

    const code = screen.getByLabelText('Code from the app');
    fireEvent.change(code, { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(code.getAttribute('aria-invalid')).to.equal('true');
    expect(calls('users.enableTwoFactor')).to.have.length(0);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal('That code is not right.'),
    );
    expect(document.activeElement?.id).to.equal(code.id, 'the code field has the focus');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-state').textContent).to.equal('Status: On'),
    );
    expect(user.is2FA).to.equal(true);
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).to.deep.equal(CODES);

    fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).to.equal(null);
    expect(screen.getByLabelText('Code from the app or a recovery code')).to.exist;
  });

  it('turns two-factor off only with a code the server accepts', async () => {
    setUser({ ...PROFILE, is2FA: true, two_factor: true });
    serve({
      'users.disableTwoFactor': (body) =>
        body.code === 'ABCDE-FGHJK'
          ? { status: true, user: { ...PROFILE, is2FA: false, two_factor: false } }
          : { status: false, error_msg: 'That code is not right.' },
    });
    render(<ProfilePage />);
    expect(screen.getByTestId('two-factor-state').textContent).to.equal('Status: On');
    const code = screen.getByLabelText('Code from the app or a recovery code');
    const turnOff = screen.getByRole('button', { name: 'Turn off two-factor authentication' });
    fireEvent.click(turnOff);
    expect(code.getAttribute('aria-invalid')).to.equal('true');
    expect(calls('users.disableTwoFactor')).to.have.length(0);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(turnOff);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal('That code is not right.'),
    );
    expect(user.is2FA).to.equal(true);

    fireEvent.change(code, { target: { value: 'ABCDE-FGHJK' } });
    fireEvent.click(turnOff);
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-state').textContent).to.equal('Status: Off'),
    );
    expect(user.is2FA).to.equal(false);
  });

  it('changes the password and shows the sessions that are left', async () => {
    serve({
      'users.changePassword': (body) => {
        if (body.currentPassword !== 'old password') {
          return { status: false, error_msg: 'Your current password is not right.' };
        }
        sessions = SESSIONS.filter((session) => session.current);
        return { status: true, endedSessions: 1 };
      },
    });
    render(<ProfilePage />);
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getAllByRole('listitem')).to.have.length(2);

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Current password', 'wrong password');
    fill('New password', 'new password');
    fill('Repeat the new password', 'new passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords do not match.')).to.exist;
    expect(document.activeElement?.id).to.equal(
      screen.getByLabelText('Repeat the new password').id,
    );
    expect(calls('users.changePassword')).to.have.length(0);

    fill('Repeat the new password', 'new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal('Your current password is not right.'),
    );

    fill('Current password', 'old password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed. 1 other session signed out.');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).to.equal('');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).to.have.length(1));
    expect(calls('users.getSessions')).to.have.length(2);
  });

  it('lists the sessions with this device marked, and signs out the others', async () => {
    serve({
      'users.endOtherSessions': () => {
        sessions = SESSIONS.filter((session) => session.current);
        return { status: true, endedSessions: 1 };
      },
    });
    render(<ProfilePage />);
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const [other, mine] = within(list).getAllByRole('listitem');
    expect(other?.textContent).to.contain('10.0.0.3');
    expect(other?.textContent).not.to.contain('This device');
    expect(mine?.textContent).to.contain('10.0.0.2');
    expect(mine?.textContent).to.contain('This device');

    const button = screen.getByRole('button', { name: 'Sign out everywhere else' });
    fireEvent.click(button);
    await screen.findByText('Signed out of 1 other session.');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).to.have.length(1));
    expect((button as HTMLButtonElement).disabled).to.equal(true);
  });

  it('shows the withdrawal limit of the account level and the way to raise it', async () => {
    const limits = { unverifiedDailyUsd: 1000, verifiedDailyUsd: 50000 };
    serve({
      'kyc.getMine': () => ({
        status: true,
        application: {},
        limits: { ...limits, verified: false, dailyUsd: 1000 },
      }),
    });
    render(<ProfilePage />);
    const section = await screen.findByRole('region', { name: 'Identity verification' });
    await waitFor(() =>
      expect(section.textContent).to.contain('You can withdraw up to $1,000.00 in 24 hours'),
    );
    expect(section.textContent).to.contain('Not verified');
    const link = within(section).getByRole('link', { name: 'Verify your identity' });
    expect(link.getAttribute('href')).to.equal('/account/verification');
    expect(section.textContent).to.contain('raise it to $50,000.00');
    cleanup();

    setUser({ ...PROFILE, isVerified: true });
    serve({
      'kyc.getMine': () => ({
        status: true,
        application: {},
        limits: { ...limits, verified: true, dailyUsd: 50000 },
      }),
    });
    render(<ProfilePage />);
    const verified = await screen.findByRole('region', { name: 'Identity verification' });
    await waitFor(() => expect(verified.textContent).to.contain('up to $50,000.00 in 24 hours'));
    expect(verified.textContent).to.contain('Verified');
    expect(within(verified).queryByRole('link')).to.equal(null);
  });
  it('the e-mail section: the address and its state, a new link on request, the support-reply switch', async () => {
    setUser({ ...PROFILE, isEmailVerified: false, mailSupportReplies: true });
    serve({
      'users.resendVerification': () => ({ status: true, message: 'We sent a new link.' }),
      'users.setMailNotices': (body) => ({
        status: true,
        user: { ...PROFILE, isEmailVerified: false, mailSupportReplies: body.supportReplies },
      }),
    });
    render(<ProfilePage />);
    const section = screen.getByRole('region', { name: 'E-mail' });
    expect(section.textContent).to.contain('ann@example.com');
    expect(section.textContent).to.contain('Not verified yet');
    fireEvent.click(within(section).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(section.textContent).to.contain('We sent a new link.'));
    expect(calls('users.resendVerification')).to.have.length(1);

    const toggle = within(section).getByRole('switch', {
      name: 'Mail me support replies I have not read',
    });
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).to.equal('false'));
    expect(calls('users.setMailNotices')[0]).to.include({ supportReplies: false });
    expect(section.textContent).to.contain('Support replies are no longer mailed to you.');
    expect(user.mailSupportReplies).to.equal(false);
    cleanup();

    setUser({ ...PROFILE, isEmailVerified: true });
    render(<ProfilePage />);
    const verified = screen.getByRole('region', { name: 'E-mail' });
    expect(verified.textContent).to.contain('Verified');
    expect(within(verified).queryByRole('button', { name: 'Send the link again' })).to.equal(null);
  });
});
