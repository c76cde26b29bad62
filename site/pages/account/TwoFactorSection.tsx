/**
 * Two-factor authentication on the settings page: turning it on (QR code, manual key, a first
 * code, then the recovery codes shown once) and off (with a code or a recovery code).
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, notify, setUser, type TwoFactorSetup, user } from '../../../core/index.ts';
import { QrCode } from './QrCode.tsx';

/** A base32 key in groups of four, as apps that take a key by hand show it. */
export function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/** The two-factor part of the settings page. */
export function TwoFactorSection() {
  const id = useId();
  const { is2FA } = useSnapshot(user);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function begin() {
    setPending(true);
    setError('');
    const reply = await call('users.beginTwoFactor', {});
    setPending(false);
    if (reply.status) setStep({ kind: 'setup', setup: { uri: reply.uri, key: reply.key } });
    else setError(reply.error_msg);
  }

  let body: React.ReactNode;
  if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  } else if (step.kind === 'setup') {
    body = (
      <SetupForm
        setup={step.setup}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    );
  } else if (is2FA) {
    body = <DisableForm />;
  } else {
    body = (
      <>
        <p>
          Protect your account with a code from an authenticator app (such as Google Authenticator,
          Authy or 1Password) each time you sign in.
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="button" disabled={pending} onClick={() => void begin()}>
          {pending ? 'Please wait…' : 'Turn on two-factor authentication'}
        </button>
      </>
    );
  }

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-factor authentication</h2>
      <p className="settings-state" data-testid="two-factor-state">
        Status: <strong>{is2FA ? 'On' : 'Off'}</strong>
      </p>
      {body}
    </section>
  );
}

/** Scan or type the key, then confirm with the app's first code. */
function SetupForm(props: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { setup } = props;
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code your app shows.');
      input.current?.focus();
      return;
    }
    setPending(true);
    const reply = await call('users.enableTwoFactor', { code: code.trim() });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      input.current?.focus();
      return;
    }
    setUser(reply.user);
    props.onEnabled(reply.recoveryCodes);
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <ol className="two-factor-steps">
        <li>
          <p>Scan this QR code with your authenticator app:</p>
          <QrCode value={setup.uri} label="QR code for your authenticator app" />
        </li>
        <li>
          <p>Or enter this key in the app by hand:</p>
          <code className="two-factor-key" translate="no">
            {groupKey(setup.key)}
          </code>
        </li>
        <li>
          <div className="field">
            <label htmlFor={`${id}-code`}>Code from the app</label>
            <input
              ref={input}
              id={`${id}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
        </li>
      </ol>
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Please wait…' : 'Turn on'}
        </button>
        <button type="button" className="button secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, this once, with a way to copy them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify({ kind: 'toast', tone: 'success', text: 'Recovery codes copied to clipboard' });
    } catch {
      notify({
        kind: 'toast',
        tone: 'error',
        text: 'The browser did not allow copying. Select the codes and copy them by hand.',
      });
    }
  }

  return (
    <div className="recovery-codes">
      <p role="status">
        <strong>Two-factor authentication is on.</strong> Save these recovery codes somewhere safe:
        each one signs you in once if you lose your phone. They will not be shown again.
      </p>
      <ul className="recovery-code-list" aria-label="Recovery codes" translate="no">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="button" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}

/** Turning two-factor off: a current code or a recovery code. */
function DisableForm() {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Enter a code from your app or a recovery code.');
      input.current?.focus();
      return;
    }
    setPending(true);
    const reply = await call('users.disableTwoFactor', { code: code.trim() });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      setCode('');
      input.current?.focus();
      return;
    }
    setUser(reply.user);
    notify({ kind: 'toast', tone: 'success', text: 'Two-factor authentication is off.' });
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <p>
        Sign-ins ask for a code from your authenticator app. To turn this off, enter a current code
        or one of your recovery codes. Withdrawals pause for 24 hours after it is turned off.
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>Code from the app or a recovery code</label>
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button secondary" disabled={pending}>
        {pending ? 'Please wait…' : 'Turn off two-factor authentication'}
      </button>
    </form>
  );
}
