/** The verification form's progress: its four steps, the current one marked and the done ones said. */
import { STEPS } from './verification.ts';

/** The list of steps, `step` (counted from 0) being the current one. */
export function KycProgress({ step }: { step: number }) {
  return (
    <ol className="kyc-steps" aria-label="Progress">
      {STEPS.map((each, index) => (
        <li
          key={each.title}
          aria-current={index === step ? 'step' : undefined}
          data-done={index < step}
        >
          {each.title}
          <span className="visually-hidden">{index < step ? ' (done)' : ''}</span>
        </li>
      ))}
    </ol>
  );
}
