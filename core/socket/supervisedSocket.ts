/**
 * One WebSocket's life, from open to its end: it reports the opening, every frame and the drop
 * once each, keeps the heartbeat where the protocol has a ping, and goes quiet once it has ended,
 * so a late event from a replaced socket never reaches its owner.
 */
import { type Heartbeat, type Ping, startHeartbeat } from './heartbeat.ts';

/** What the owner hears from the socket. */
export interface SocketEvents {
  opened(): void;
  message(data: string): void;
  /** The connection failed, fell silent or closed on its own. */
  gone(): void;
}

/** The owner's handle on the socket. */
export interface SupervisedSocket {
  /** Sends at once if open; false if not. */
  send(text: string): boolean;
  /** Drops the connection as failed: closes it and reports it gone. */
  drop(): void;
  /** Closes it on the owner's behalf, reporting nothing. */
  close(code: number): void;
}

const OPEN = 1;

/** Watches `socket` and reports to `events` until it ends. */
export function superviseSocket(
  socket: WebSocket,
  ping: Ping | undefined,
  events: SocketEvents,
): SupervisedSocket {
  let ended = false;
  let heartbeat: Heartbeat | null = null;
  const end = () => {
    ended = true;
    heartbeat?.stop();
    heartbeat = null;
  };
  const drop = () => {
    if (ended) return;
    end();
    try {
      socket.close();
    } catch {
      // Already closing.
    }
    events.gone();
  };
  socket.onopen = () => {
    if (ended) return;
    if (ping !== undefined) heartbeat = startHeartbeat(socket, ping, drop);
    events.opened();
  };
  socket.onmessage = (event) => {
    if (ended) return;
    heartbeat?.heard();
    events.message(typeof event.data === 'string' ? event.data : String(event.data));
  };
  socket.onclose = () => {
    if (ended) return;
    end();
    events.gone();
  };
  // 'close' follows 'error'; dropping here covers implementations where it might not.
  socket.onerror = drop;
  return {
    send(text) {
      if (ended || socket.readyState !== OPEN) return false;
      socket.send(text);
      return true;
    },
    drop,
    close(code) {
      if (ended) return;
      end();
      socket.close(code);
    },
  };
}
