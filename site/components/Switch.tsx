/** An on/off switch: a button with role="switch", so screen readers say its state. */
import type { ReactNode } from 'react';
import './switch.css';

export function Switch({
  checked,
  onClick,
  disabled = false,
  describedBy,
  children,
}: {
  checked: boolean;
  onClick: () => void;
  disabled?: boolean;
  describedBy?: string;
  /** The label. */
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      className="switch"
      disabled={disabled}
      onClick={onClick}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {children}
    </button>
  );
}
