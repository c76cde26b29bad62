/** What staff decided on earlier applications of the same person. */
import { formatLocalDateTime, type KycSubmission } from '../../../core/index.ts';

/** The earlier decisions, in the order the server lists them; nothing when there are none. */
export function EarlierDecisions({ decisions }: { decisions: KycSubmission['decisions'] }) {
  if (decisions.length === 0) return null;
  return (
    <>
      <h3>Earlier decisions</h3>
      <ul>
        {decisions.map((decision) => (
          <li key={decision.at}>
            {decision.decision === 'approved' ? 'Approved' : 'Rejected'} by {decision.staff} on{' '}
            {formatLocalDateTime(decision.at)}
            {decision.reason ? `: ${decision.reason}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
