/** A long value (a root hash, an address, a signature) in full, with a button that copies it. */
import { copyToClipboard } from '../../copyToClipboard.ts';

/** `value` in monospace, wrapped anywhere, and "Copy {what}" (named for screen readers too). */
export function CopyableText({
  value,
  what,
  about,
  testId,
}: {
  value: string;
  /** What the value is, lower case: "root hash", "signature". */
  what: string;
  /** Whose value it is, when a page shows several ("address bc1q…"): the button's name says it. */
  about?: string;
  testId?: string;
}) {
  return (
    <span className="reserves-copyable">
      <code className="reserves-code" data-testid={testId}>
        {value}
      </code>
      <button
        type="button"
        className="button secondary reserves-copy"
        aria-label={about === undefined ? undefined : `Copy ${what} of ${about}`}
        onClick={() => void copyToClipboard(value, what[0]?.toUpperCase() + what.slice(1))}
      >
        Copy {what}
      </button>
    </span>
  );
}
