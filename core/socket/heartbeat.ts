/** The ping that tells a live connection from a silently dead one. */

/** What to send and how often. */
export interface Ping {
  frame: string;
  intervalMs: number;
}

/** A running heartbeat. */
export interface Heartbeat {
  /** Something arrived: the connection is alive. */
  heard(): void;
  /** Stops pinging. */
  stop(): void;
}

const OPEN = 1;

/**
 * Pings `socket` every interval and calls `onSilent` once it has heard nothing for two intervals
 * (and a second of grace); any message heard counts as a sign of life.
 */
export function startHeartbeat(socket: WebSocket, ping: Ping, onSilent: () => void): Heartbeat {
  let lastHeard = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - lastHeard > 2 * ping.intervalMs + 1000) {
      onSilent();
      return;
    }
    if (socket.readyState === OPEN) socket.send(ping.frame);
  }, ping.intervalMs);
  return {
    heard() {
      lastHeard = Date.now();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
