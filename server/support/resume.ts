/**
 * SUPPORT_RESUME, the first frame of a reconnected client with sends it has no echo for: each
 * one this server is still storing (from the client's older socket) is waited for, each one
 * stored is echoed, and SUPPORT_RESUMED follows, after which the client sends again only what
 * was not echoed. A lookup that fails answers nothing for that send: the client sends it again
 * and the store keeps it once.
 */
import { RESUME_LIMIT, type ResumedSend } from '../../core/protocol/index.ts';
import { recordId } from '../http/fields.ts';
import type { SupportPeer } from './hub.ts';
import type { Room } from './rooms.ts';
import { SendsUnderWay } from './sendsUnderWay.ts';

/** A message id as the send's schema takes it (sendChecks.ts). */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The well-formed sends of a SUPPORT_RESUME frame, the first RESUME_LIMIT; others are dropped. */
export function resumedSends(sends: unknown): ResumedSend[] {
  if (!Array.isArray(sends)) return [];
  const read: ResumedSend[] = [];
  for (const send of sends.slice(0, RESUME_LIMIT)) {
    const { id, userId } = (send ?? {}) as { id?: unknown; userId?: unknown };
    if (typeof id !== 'string' || !MESSAGE_ID.test(id)) continue;
    const dialog = recordId().safeParse(userId);
    read.push(dialog.success ? { id, userId: dialog.data } : { id });
  }
  return read;
}

/** Where a resume is answered: the socket's sender, room and place, and the sends under way. */
export interface ResumeContext {
  peer: SupportPeer;
  /** The peer as the socket's own sends are answered: in turn behind deliveries. */
  answered: SupportPeer;
  room: Room;
  place: string;
  underWay: SendsUnderWay;
}

/** Echoes the stored ones of `sends`, oldest first, then SUPPORT_RESUMED. */
export async function answerResume(
  { peer, answered, room, place, underWay }: ResumeContext,
  sends: ResumedSend[],
): Promise<void> {
  for (const send of sends) {
    // A staff socket's send names its client's dialog; without one it was never stored.
    if (peer.isStaff && !room.inTrade && send.userId === undefined) continue;
    const key = SendsUnderWay.key(peer.userId, place, send);
    await (key === null ? undefined : underWay.earlier(key));
    const stored = await room.stored(send).catch(() => null);
    if (stored !== null) answered.send(stored);
  }
  answered.send({ type: 'SUPPORT_RESUMED' });
}
