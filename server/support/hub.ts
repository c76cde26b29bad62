/**
 * Who is connected to the support socket of this server: each client's sockets (a user may have
 * several tabs), every staff socket, and apart from both, the sockets opened on a P2P trade's
 * chat. Messages are built per socket because attachment URLs are signed for the person who will
 * open them. News reaches the hub from the event bus, from any server; the hub delivers it one
 * piece after another (`inOrder`), so a dialog's messages reach a socket in the order published
 * even when building one means reading its row first. It tells the delivery's cursors which
 * chats its sockets hear, as sockets come and go.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import type { ChatCursors } from './chatCursors.ts';

/** One open support socket. */
export interface SupportPeer {
  /** The account on the other end. */
  readonly userId: number;
  /** Staff sockets see every dialog; client sockets only their own. */
  readonly isStaff: boolean;
  /** Sends a message if the socket is still open. */
  send(message: SupportServerMessage): void;
  /** Closes the socket as a policy violation (1008). */
  close(reason: string): void;
}

/** The registry of open support sockets of one server process. */
export class SupportHub {
  readonly #clients = new Map<number, Set<SupportPeer>>();
  readonly #staff = new Set<SupportPeer>();
  readonly #trades = new Map<number, Set<SupportPeer>>();
  #turn: Promise<void> = Promise.resolve();
  #dialogCursors: ChatCursors | null = null;
  #tradeCursors: ChatCursors | null = null;

  constructor(
    /** Hears a delivery that failed; the ones after it still run. */
    private readonly failed: (error: unknown) => void = () => {},
  ) {}

  /** Runs `work` after every delivery queued before it has finished. */
  inOrder(work: () => void | Promise<void>): void {
    this.#turn = this.#turn.then(work).catch(this.failed);
  }

  /**
   * `peer` as its own answers reach it (a resend's echo, a refusal): in turn behind the news
   * queued before, so an echo never overtakes the delivery of an earlier message.
   */
  answering(peer: SupportPeer): SupportPeer {
    return {
      userId: peer.userId,
      isStaff: peer.isStaff,
      send: (message) => this.inOrder(() => peer.send(message)),
      // In turn too, so a refusal sent just before reaches the socket before it closes.
      close: (reason) => this.inOrder(() => peer.close(reason)),
    };
  }

  /** Keeps `cursors` told which support dialogs (by client id) the sockets here hear. */
  followDialogs(cursors: ChatCursors): void {
    this.#dialogCursors = cursors;
    if (this.#staff.size > 0) cursors.listenToEvery();
    for (const userId of this.#clients.keys()) cursors.listen(userId);
  }

  /** Keeps `cursors` told which trades' chats the sockets here hear. */
  followTrades(cursors: ChatCursors): void {
    this.#tradeCursors = cursors;
    for (const tradeId of this.#trades.keys()) cursors.listen(tradeId);
  }

  /** Registers an opened socket. */
  add(peer: SupportPeer): void {
    if (peer.isStaff) {
      this.#staff.add(peer);
      this.#dialogCursors?.listenToEvery();
      return;
    }
    let peers = this.#clients.get(peer.userId);
    if (peers === undefined) {
      peers = new Set();
      this.#clients.set(peer.userId, peers);
      this.#dialogCursors?.listen(peer.userId);
    }
    peers.add(peer);
  }

  /** Forgets a closed socket. */
  remove(peer: SupportPeer): void {
    if (peer.isStaff) {
      this.#staff.delete(peer);
      if (this.#staff.size === 0) {
        this.#dialogCursors?.forgetEvery((userId) => this.#clients.has(userId));
      }
      return;
    }
    const peers = this.#clients.get(peer.userId);
    if (peers?.delete(peer) !== true || peers.size > 0) return;
    this.#clients.delete(peer.userId);
    this.#dialogCursors?.forget(peer.userId);
  }

  /** Registers a socket opened on a trade's chat; it hears that trade alone. */
  joinTrade(tradeId: number, peer: SupportPeer): void {
    let peers = this.#trades.get(tradeId);
    if (peers === undefined) {
      peers = new Set();
      this.#trades.set(tradeId, peers);
      this.#tradeCursors?.listen(tradeId);
    }
    peers.add(peer);
  }

  /** Forgets a closed trade socket. */
  leaveTrade(tradeId: number, peer: SupportPeer): void {
    const peers = this.#trades.get(tradeId);
    if (peers?.delete(peer) !== true || peers.size > 0) return;
    this.#trades.delete(tradeId);
    this.#tradeCursors?.forget(tradeId);
  }

  /** Sends to every socket on a trade's chat but those of user `exceptUserId`. */
  toTrade(
    tradeId: number,
    build: (peer: SupportPeer) => SupportServerMessage,
    exceptUserId?: number,
  ): void {
    for (const peer of this.#trades.get(tradeId) ?? []) {
      if (peer.userId !== exceptUserId) peer.send(build(peer));
    }
  }

  /** Sends to the sockets of user `userId` on a trade's chat. */
  toTradeSide(tradeId: number, userId: number, message: SupportServerMessage): void {
    for (const peer of this.#trades.get(tradeId) ?? []) {
      if (peer.userId === userId) peer.send(message);
    }
  }

  /** Whether a client has at least one open socket here. */
  isClientOnline(userId: number): boolean {
    return this.clientSockets(userId) > 0;
  }

  /** How many support sockets a client has open here. */
  clientSockets(userId: number): number {
    return this.#clients.get(userId)?.size ?? 0;
  }

  /** The clients with a socket open here, each with how many. */
  onlineClients(): Map<number, number> {
    return new Map([...this.#clients].map(([userId, peers]) => [userId, peers.size]));
  }

  /** Sends to every socket of a client. */
  toClient(userId: number, build: (peer: SupportPeer) => SupportServerMessage): void {
    for (const peer of this.#clients.get(userId) ?? []) peer.send(build(peer));
  }

  /** Sends to every staff socket. */
  toStaff(build: (peer: SupportPeer) => SupportServerMessage): void {
    for (const peer of this.#staff) peer.send(build(peer));
  }

  /** How many sockets are open (clients and staff). */
  get size(): number {
    let count = this.#staff.size;
    for (const peers of this.#clients.values()) count += peers.size;
    for (const peers of this.#trades.values()) count += peers.size;
    return count;
  }
}
