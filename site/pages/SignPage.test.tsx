import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  initialUser,
  type Notification,
  onNotify,
  removeStored,
  STORAGE_KEYS,
  user,
  writeStored,
} from '../../core/index.ts';
import SignPage, { validateSignForm } from './SignPage.tsx';

function renderPage(mode: 'signin' | 'signup') {
  const location = memoryLocation({ path: `/${mode}`, record: true });
  render(
    <Router hook={location.hook}>
      <SignPage mode={mode} />
    </Router>,
  );
  return location;
}

describe('SignPage', () => {
  let calls = 0;
  const realFetch = window.fetch;
  beforeEach(() => {
    calls = 0;
    window.fetch = (...args) => {
      calls++;
      return realFetch(...args);
    };
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows field errors and sends nothing when the form is invalid', () => {
    renderPage('signup');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).to.contain('valid email');
    expect(screen.getByText('Password must be at least 8 characters.')).to.exist;
    expect(calls).to.equal(0);
  });

  it('has one page in two modes', () => {
    renderPage('signin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal(
      'Log in to your account',
    );
    expect(screen.queryByLabelText('Username (optional)')).to.equal(null);
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).to.equal(
      '/signup',
    );
  });

  it('needs 8 characters only when signing up', () => {
    const fields = { email: 'a@b.co', password: 'short', login: '' };
    expect(validateSignForm(fields, 'signin')).to.deep.equal({});
    expect(validateSignForm(fields, 'signup')).to.have.property('password');
    expect(validateSignForm({ ...fields, password: '' }, 'signin')).to.have.property('password');
  });

  it('asks for the two-factor code when the server says so, and signs in with it', async () => {
    const sent: Record<string, unknown>[] = [];
    const profile = { ...initialUser, id: 7, email: 'ann@example.com', is2FA: true };
    window.fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      sent.push(body);
      const reply =
        body.code === undefined
          ? { status: false, error_msg: 'Enter the code.', twoFactorRequired: true }
          : body.code === '123456'
            ? { status: true, token: 'T'.repeat(43), user: profile }
            : { status: false, error_msg: 'That code is not right.', twoFactorRequired: true };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const location = renderPage('signin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() =>
      expect(document.activeElement?.id).to.equal(code.id, 'the code field has the focus'),
    );
    expect(screen.queryByRole('alert')).to.equal(null, 'asking for a code is no error');
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal(
      'Two-factor authentication',
    );

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal('That code is not right.'),
    );
    expect(code.getAttribute('aria-invalid')).to.equal('true');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history.at(-1)).to.equal('/account'));
    expect(user.is2FA).to.equal(true);
    expect(sent.map((body) => [body.method, body.email, body.password, body.code])).to.deep.equal([
      ['users.signIn', 'ann@example.com', 'right password', undefined],
      ['users.signIn', 'ann@example.com', 'right password', '654321'],
      ['users.signIn', 'ann@example.com', 'right password', '123456'],
    ]);
    Object.assign(user, initialUser);
  });

  it('offers the stored referral code, sends it, and says when it was not applied', async () => {
    const sent: Record<string, unknown>[] = [];
    const shown: Notification[] = [];
    const stop = onNotify((notification) => shown.push(notification));
    const notice =
      'The referral code "K7QX2MPA" matches no account, so your account was created without a referrer.';
    window.fetch = async (_url, init) => {
      sent.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
      const reply = {
        status: true,
        token: 'T'.repeat(43),
        user: { ...initialUser, id: 8, email: 'bo@example.com' },
        referralNotice: notice,
      };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    };
    writeStored(STORAGE_KEYS.referralCode, 'K7QX2MPA');
    try {
      const location = renderPage('signup');
      const ref = screen.getByLabelText('Referral code (optional)') as HTMLInputElement;
      expect(ref.value).to.equal('K7QX2MPA');
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bo@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(location.history.at(-1)).to.equal('/account'));
      expect(sent.map((body) => [body.method, body.ref])).to.deep.equal([
        ['users.signUp', 'K7QX2MPA'],
      ]);
      expect(shown).to.deep.equal([{ kind: 'toast', tone: 'info', text: notice }]);
    } finally {
      stop();
      removeStored(STORAGE_KEYS.referralCode);
      Object.assign(user, initialUser);
    }
  });

  it('leaves the referral field empty without a stored code, and checks its length', () => {
    renderPage('signup');
    expect(
      validateSignForm({ email: 'a@b.co', password: 'long enough', ref: 'x'.repeat(65) }, 'signup'),
    ).to.deep.equal({ ref: 'A referral code has at most 64 characters.' });
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).to.equal(
      '',
    );
  });
});
