/**
 * Who is connected to the support socket: each client's sockets (a user may have several tabs),
 * every staff socket, and apart from both, the sockets opened on a P2P trade's chat. Messages are built per socket because attachment URLs are signed for
 * the person who will open them.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';

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

  /** Registers an opened socket. */
  add(peer: SupportPeer): void {
    if (peer.isStaff) {
      this.#staff.add(peer);
      return;
    }
    let peers = this.#clients.get(peer.userId);
    if (peers === undefined) {
      peers = new Set();
      this.#clients.set(peer.userId, peers);
    }
    peers.add(peer);
  }

  /** Forgets a closed socket. */
  remove(peer: SupportPeer): void {
    if (peer.isStaff) {
      this.#staff.delete(peer);
      return;
    }
    const peers = this.#clients.get(peer.userId);
    peers?.delete(peer);
    if (peers?.size === 0) this.#clients.delete(peer.userId);
  }

  /** Registers a socket opened on a trade's chat; it hears that trade alone. */
  joinTrade(tradeId: number, peer: SupportPeer): void {
    let peers = this.#trades.get(tradeId);
    if (peers === undefined) {
      peers = new Set();
      this.#trades.set(tradeId, peers);
    }
    peers.add(peer);
  }

  /** Forgets a closed trade socket. */
  leaveTrade(tradeId: number, peer: SupportPeer): void {
    const peers = this.#trades.get(tradeId);
    peers?.delete(peer);
    if (peers?.size === 0) this.#trades.delete(tradeId);
  }

  /** Sends to every socket on a trade's chat but `except`. */
  toTrade(
    tradeId: number,
    build: (peer: SupportPeer) => SupportServerMessage,
    except?: SupportPeer,
  ): void {
    for (const peer of this.#trades.get(tradeId) ?? []) {
      if (peer !== except) peer.send(build(peer));
    }
  }

  /** Whether a client has at least one open socket. */
  isClientOnline(userId: number): boolean {
    return (this.#clients.get(userId)?.size ?? 0) > 0;
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
