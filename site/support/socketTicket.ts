/** The support socket's tickets, for the client's chat, staff's Dashboard and trade chats. */
import { call } from '../../core/index.ts';

/** A fresh single-use socket ticket, or null when the session is gone. */
export async function socketTicket(): Promise<string | null> {
  const reply = await call('support.getSocketTicket', {});
  return reply.status ? reply.ticket : null;
}
