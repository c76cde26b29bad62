/**
 * One open support socket: its peer in the hub (its support dialog or its trade's chat), closed
 * by a logout or block, and its receive loop. PING is answered at once and typing is published
 * for every server to pass on; sends (and a reconnected client's SUPPORT_RESUME) are handled one
 * after another, so they are stored in the order sent. A client's sockets here are recorded in the shared presence as they open and close.
 */
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import type { ResumedSend } from '../../core/protocol/index.ts';
import { accessEnded } from '../accounts/sessions.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database } from '../storage/db.ts';
import { markClientBack } from './dialogs.ts';
import type { SupportHub, SupportPeer } from './hub.ts';
import type { SupportPresence } from './presence.ts';
import { answerResume } from './resume.ts';
import { type Room, type RoomContext, supportRoom, type TradeSeat } from './rooms.ts';
import type { SendReceiver } from './sendReceiver.ts';
import { SendsUnderWay } from './sendsUnderWay.ts';
import { frameSize, MAX_FRAME_BYTES, MAX_IN_FLIGHT, parseFrame } from './socketFrames.ts';
import type { OpenedSocket } from './socketHandshake.ts';

/** What every socket session shares. */
export interface SessionContext {
  db: Database;
  hub: SupportHub;
  rooms: RoomContext;
  /**
   * Where a logout or block is heard ('access.ended'): it closes the sockets it opened; and where
   * typing is published.
   */
  events: ServerEventBus;
  /** Where a client's sockets on this server are recorded. */
  presence: SupportPresence;
  receiver: SendReceiver;
  /** The sends under way on every socket of this server, so a resend waits for the first. */
  underWay: SendsUnderWay;
  /** The server's log, for what goes wrong outside a request. */
  log: FastifyBaseLogger;
}

/** An admitted socket from its opening to its close. */
export class SocketSession {
  private readonly peer: SupportPeer;
  /** The peer as the socket's own sends are answered: in turn behind deliveries. */
  private readonly answered: SupportPeer;
  private readonly seat: TradeSeat | null;
  private readonly room: Room;
  private chain: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private flooded = false;

  constructor(
    private readonly context: SessionContext,
    private readonly socket: WebSocket,
    opened: OpenedSocket,
    /** The upgrade request's log, for failed sends. */
    private readonly log: FastifyBaseLogger,
  ) {
    this.seat = opened.seat;
    this.peer = peerOf(socket, opened.caller.user);
    this.answered = context.hub.answering(this.peer);
    this.room =
      this.seat === null
        ? supportRoom(context.rooms, this.answered)
        : this.seat.room(context.rooms, this.answered);
    this.join(opened);
    socket.on('message', (data, isBinary) => this.take(data, isBinary));
  }

  /** Joins the hub and leaves it on close; a logout or block of the caller closes the socket. */
  private join(opened: OpenedSocket): void {
    const { hub, db, presence } = this.context;
    const { peer, seat } = this;
    const { user, sessionId } = opened.caller;
    const isClient = !peer.isStaff && seat === null;
    if (seat === null) hub.add(peer);
    else hub.joinTrade(seat.tradeId, peer);
    if (isClient) {
      // Other servers count the client as online once its unread marks are cleared, not before:
      // whoever sees it online may rely on a reply stored from then on keeping its unread mark.
      markClientBack(db, peer.userId)
        .catch((error: unknown) =>
          this.context.log.error({ err: error }, 'Marking a support client back failed'),
        )
        .finally(() => presence.changed(peer.userId));
    }
    const stopListening = this.context.events.subscribe('access.ended', (end) => {
      if (accessEnded(end, sessionId, user.id)) peer.close('Signed out');
    });
    this.socket.on('close', () => {
      stopListening();
      if (seat === null) hub.remove(peer);
      else hub.leaveTrade(seat.tradeId, peer);
      if (isClient) presence.changed(peer.userId);
    });
  }

  /** Takes one frame from the receive loop. */
  private take(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    // registerSockets' maxPayload already enforces this unless it was given a larger one.
    if (frameSize(data) > MAX_FRAME_BYTES) {
      this.socket.close(1009, 'Message too large');
      return;
    }
    const message = isBinary ? null : parseFrame(String(data));
    if (message === null) return;
    if (message.type === 'PING') {
      this.peer.send({ type: 'PONG' });
      return;
    }
    if (message.type === 'SUPPORT_TYPING') {
      this.typing(message.userId);
      return;
    }
    if (message.type === 'SUPPORT_RESUME') {
      this.resume(message.sends);
      return;
    }
    this.queue(message);
  }

  /** Answers a reconnected client's SUPPORT_RESUME in turn with the socket's sends. */
  private resume(sends: ResumedSend[]): void {
    const { peer, answered, room } = this;
    const context = { peer, answered, room, place: this.place(), underWay: this.context.underWay };
    this.chain = this.chain
      .then(() => answerResume(context, sends))
      .catch((error: unknown) => this.log.error({ err: error }, 'support resume failed'));
  }

  /** Where this socket's sends go, as SendsUnderWay keys them. */
  private place(): string {
    return this.seat === null ? 'dialog' : `trade ${this.seat.tradeId}`;
  }

  /** Publishes typing for the other side's sockets, on whichever server they are. */
  private typing(userId: number | undefined): void {
    const { events } = this.context;
    const { peer, seat } = this;
    if (seat !== null) {
      events.publish('p2p.tradeTyping', { tradeId: seat.tradeId, userId: peer.userId });
    } else if (!peer.isStaff) {
      events.publish('support.typing', { clientId: peer.userId, fromStaff: false });
    } else if (userId !== undefined) {
      events.publish('support.typing', { clientId: userId, fromStaff: true });
    }
  }

  /** Queues a send behind the ones before it; too many waiting closes the socket as a flood. */
  private queue(message: unknown): void {
    // Once flooded, nothing more from this socket is taken: accepting later messages after
    // dropping some would store them out of order. The client resends on a new socket.
    if (this.flooded) return;
    if (this.inFlight >= MAX_IN_FLIGHT) {
      this.flooded = true;
      this.socket.close(1008, 'Too many messages at once');
      return;
    }
    this.inFlight += 1;
    const { receiver, underWay } = this.context;
    const key = SendsUnderWay.key(this.peer.userId, this.place(), message);
    // A resend of what an older socket of the sender still has waiting goes after it.
    const earlier = key === null ? undefined : underWay.earlier(key);
    this.chain = this.chain
      .then(() => earlier)
      .then(() => receiver.receive(this.answered, this.room, message))
      .catch((error: unknown) => this.log.error({ err: error }, 'support send failed'))
      .finally(() => {
        this.inFlight -= 1;
      });
    if (key !== null) underWay.track(key, this.chain);
  }
}

/** The hub's view of a socket: whom it belongs to, and how to send to it or close it. */
function peerOf(socket: WebSocket, user: { id: number; status_id: number }): SupportPeer {
  return {
    userId: user.id,
    isStaff: user.status_id > 0,
    send(message) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
    close(reason) {
      socket.close(1008, reason);
    },
  };
}
