/**
 * A TCP relay in front of a server in another process: clients connect to the relay, and `cut`
 * drops every connection through it from the server's side, as a server that lost its sockets
 * would (the test cannot reach into the other process to terminate them).
 */
import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/** The relay's address and the way to drop what goes through it. */
export interface Relay {
  /** `http://127.0.0.1:<port>` of the relay, to use in place of the server's URL. */
  url: string;
  /** Drops every open connection, the server's side first. */
  cut(): void;
  close(): Promise<void>;
}

/** Starts a relay to the server at `target` (`http://127.0.0.1:<port>`). */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((inbound) => {
    const outbound = tcpConnect(Number(port), hostname);
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const relayPort = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${relayPort}`,
    cut() {
      for (const [inbound, outbound] of pairs) {
        outbound.destroy();
        inbound.destroy();
      }
      pairs.clear();
    },
    close: () =>
      new Promise((resolve) => {
        for (const [inbound, outbound] of pairs) {
          outbound.destroy();
          inbound.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
