/**
 * A mail as the queue keeps it and the transport sends it, and how one is queued: as a row written
 * with the action that causes it (pass the action's transaction), never sent from the request.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../storage/db.ts';

/** One mail, in plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A queued mail on its way out, with the Message-ID every attempt keeps. */
export interface OutgoingMail extends Mail {
  messageId: string;
}

/** The part of the mail's Message-ID after the @: the links' host, or localhost. */
function idDomain(publicUrl: string | null): string {
  return publicUrl === null ? 'localhost' : new URL(publicUrl).hostname;
}

/** Who is told, in this process, that a mail was queued (each server's sender). */
const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` each time a mail is queued in this process, perhaps before the queuing
 * transaction commits (the sender's sweep on PGlite waits for it: one connection, transactions
 * in turn; on PostgreSQL the commit also NOTIFYs `mail_queued`); returns the stop.
 */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Queues `mail`; it goes out once the transaction that queued it commits. */
export async function queueMail(
  db: Queryable,
  mail: Mail,
  publicUrl: string | null,
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      message_id: `<${randomUUID()}@${idDomain(publicUrl)}>`,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
    })
    .execute();
  for (const listener of queuedListeners) listener();
}
