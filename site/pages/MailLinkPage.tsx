/**
 * The page a mailed link opens (`?token=…`): what the link does is done by a press of the button,
 * not on opening, so a mail scanner that opens links cannot use one up before the person does.
 */
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';

/** What the link's action answered, in words for the person. */
export interface LinkAnswer {
  ok: boolean;
  text: string;
}

/** The page of one kind of mailed link. */
export function MailLinkPage({
  title,
  action,
  act,
  children,
}: {
  title: string;
  /** The button's label. */
  action: string;
  /** Does what the link is for, with its token. */
  act: (token: string) => Promise<LinkAnswer>;
  /** Said above the button. */
  children?: ReactNode;
}) {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [answer, setAnswer] = useState<LinkAnswer | null>(null);
  const [pending, setPending] = useState(false);

  async function press() {
    setPending(true);
    setAnswer(await act(token));
    setPending(false);
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {answer === null ? (
        token === '' ? (
          <p role="alert">This link is incomplete: open the link from the mail again.</p>
        ) : (
          <>
            {children}
            <button type="button" className="button" disabled={pending} onClick={press}>
              {pending ? 'Please wait…' : action}
            </button>
          </>
        )
      ) : (
        <p role={answer.ok ? 'status' : 'alert'}>{answer.text}</p>
      )}
      <p className="sign-switch">
        <Link href="/account">Go to your account</Link>
      </p>
    </section>
  );
}
