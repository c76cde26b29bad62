/**
 * The support socket's handshake: the Origin is checked like the API's, the single-use ticket
 * (tickets.ts) is redeemed, and with `&trade=ID` the caller must hold a seat in that trade's
 * chat. A refused handshake answers with the API's envelope and never upgrades.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusalOf } from '../../core/errors/index.ts';
import { TRADE_SOCKET_PARAM } from '../../core/protocol/index.ts';
import type { SessionCaller } from '../accounts/sessions.ts';
import { checkRequestOrigin, envelope } from '../http/api.ts';
import { recordId } from '../http/fields.ts';
import type { Database } from '../storage/db.ts';
import type { TradeChats, TradeSeat } from './rooms.ts';
import { redeemTicket } from './tickets.ts';

/** Who opened a socket, and the trade chat seat it sits in (null: their support dialog). */
export interface OpenedSocket {
  caller: SessionCaller;
  seat: TradeSeat | null;
}

/** Checks handshakes and remembers, per request, who each admitted socket belongs to. */
export class SocketHandshake {
  private readonly opened = new WeakMap<FastifyRequest, OpenedSocket>();

  constructor(
    private readonly db: Database,
    private readonly allowed: ReadonlySet<string>,
    private readonly tradeChats: TradeChats,
  ) {}

  /** The caller an admitted request's socket belongs to; undefined if it was never admitted. */
  openedBy(request: FastifyRequest): OpenedSocket | undefined {
    return this.opened.get(request);
  }

  /** Admits a handshake (nothing sent) or answers its refusal. */
  async admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (checkRequestOrigin(request, this.allowed) === 'foreign') {
      await reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
      return reply;
    }
    const query = request.query as Record<string, unknown>;
    const trade = query[TRADE_SOCKET_PARAM];
    const tradeId =
      trade === undefined
        ? null
        : recordId().safeParse(/^\d{1,10}$/.test(String(trade)) ? Number(trade) : 0);
    if (tradeId !== null && !tradeId.success) {
      await reply.code(403).send(envelope(refusalOf('support.tradeChatRefused')));
      return reply;
    }
    const caller =
      typeof query.token === 'string' ? await redeemTicket(this.db, query.token) : null;
    if (caller === null) {
      await reply.code(401).send(envelope(refusalOf('support.ticketRefused')));
      return reply;
    }
    const user = { id: caller.user.id, isStaff: caller.user.status_id > 0 };
    const seat = tradeId === null ? null : await this.tradeChats.seat(this.db, user, tradeId.data);
    if (tradeId !== null && seat === null) {
      await reply.code(403).send(envelope(refusalOf('support.tradeChatRefused')));
      return reply;
    }
    this.opened.set(request, { caller, seat });
    return undefined;
  }
}
