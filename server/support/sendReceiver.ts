/**
 * One send through the support socket, from its frame to its room: checked, answered from the
 * store when it was sent before, refused for a blocked sender or over the send rate, then stored
 * (and delivered) by its room.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { refusalOf } from '../../core/errors/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import { read } from '../http/fields.ts';
import { spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import type { SupportPeer } from './hub.ts';
import type { Room, SendMessage } from './rooms.ts';
import { checkSend, sendRefusal, sendSchema } from './sendChecks.ts';

/** Handles sends for every support socket of one server. */
export class SendReceiver {
  constructor(
    private readonly db: Database,
    /** Each sender's sends per minute, or null for no limit. */
    private readonly sends: RateLimiterAbstract | null,
  ) {}

  /** Handles one send: a stored (or re-sent) message, or an error answer to the sender. */
  async receive(peer: SupportPeer, room: Room, raw: unknown): Promise<void> {
    const reading = read(sendSchema, raw);
    if (!reading.ok) {
      peer.send(sendRefusal(peer, raw, reading.error));
      return;
    }
    const message: SendMessage = reading.value as SendMessage;
    const problem = checkSend(peer, message, room.inTrade);
    if (problem !== null) {
      peer.send(sendRefusal(peer, message, problem));
      return;
    }
    try {
      await this.storeOrAnswer(peer, room, message);
    } catch (error) {
      if (error instanceof DomainError) {
        peer.send(sendRefusal(peer, message, error));
        return;
      }
      peer.send(sendRefusal(peer, message, refusalOf('request.serverError')));
      throw error;
    }
  }

  private async storeOrAnswer(peer: SupportPeer, room: Room, message: SendMessage): Promise<void> {
    const stored = await room.stored(message);
    if (stored !== null) {
      peer.send(stored);
      return;
    }
    // Blocking takes effect on open sockets too, not only at the next sign-in.
    const sender = await this.db
      .selectFrom('users')
      .select('is_blocked')
      .where('id', '=', peer.userId)
      .executeTakeFirst();
    if (sender === undefined || sender.is_blocked) {
      peer.send(sendRefusal(peer, message, refusalOf('account.blocked')));
      peer.close('Account blocked');
      return;
    }
    if (this.sends !== null) {
      const wait = await spend(this.sends, String(peer.userId));
      if (wait > 0) {
        const tooFast = refusalOf('support.sendingTooFast', { wait: waitText(wait) });
        peer.send(sendRefusal(peer, message, tooFast));
        return;
      }
    }
    await room.store(message);
  }
}
