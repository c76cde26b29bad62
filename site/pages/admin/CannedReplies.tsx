/** Ready-made replies staff insert into the message box, filled in for the open client. */
import type { SupportVariables } from '../../../core/index.ts';
import { CANNED_REPLIES, fillReply } from './cannedReplies.ts';

/** One button per canned reply; its title shows the filled-in text, `onInsert` gets the template. */
export function CannedReplies({
  variables,
  onInsert,
}: {
  variables: SupportVariables | null;
  onInsert: (text: string) => void;
}) {
  return (
    <section className="admin-canned" aria-label="Canned replies">
      <h2>Canned replies</h2>
      <ul>
        {CANNED_REPLIES.map((reply) => (
          <li key={reply.label}>
            <button
              type="button"
              className="button secondary"
              title={fillReply(reply.text, variables)}
              onClick={() => onInsert(reply.text)}
            >
              {reply.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
