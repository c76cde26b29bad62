/**
 * The pre-chat form of a visitor chat: an optional name and email, then "Start chat". Nothing is
 * created on the server until the visitor asks to chat, so page views cost no sessions.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PanelFrame } from './PanelFrame.tsx';

/** The optional details a visitor gives. */
export interface VisitorDetails {
  name?: string;
  email?: string;
}

/** What the form needs: where to send the details, and how to close. */
export interface VisitorFormProps {
  heading: string;
  onClose: () => void;
  /** Starts the session; resolves with an error text to show, or null when it started. */
  onStart: (details: VisitorDetails) => Promise<string | null>;
}

/** The form, in the same floating frame as the chat panel. */
export function VisitorForm({ heading, onClose, onStart }: VisitorFormProps) {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    const problem = await onStart({
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
    });
    setBusy(false);
    setError(problem);
  };

  return (
    <PanelFrame title={heading} onClose={onClose}>
      <form className="sc-visitor" part="visitor-form" onSubmit={submit} aria-busy={busy}>
        <p className="sc-meta">
          Ask us anything: a person from our support team answers here. Your name and email are
          optional; leave an email if you would like a reply after you close this page.
        </p>
        <label htmlFor={`${ids}-name`}>Name (optional)</label>
        <input
          ref={first}
          id={`${ids}-name`}
          className="sc-input"
          name="name"
          autoComplete="name"
          maxLength={64}
        />
        <label htmlFor={`${ids}-email`}>Email (optional)</label>
        <input
          id={`${ids}-email`}
          className="sc-input"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          aria-describedby={error ? `${ids}-error` : undefined}
        />
        {error !== null && (
          <p className="sc-error" id={`${ids}-error`} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="sc-start" disabled={busy}>
          {busy ? 'Starting…' : 'Start chat'}
        </button>
      </form>
    </PanelFrame>
  );
}
