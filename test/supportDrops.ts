/**
 * Core's reconnecting support client (core/supportSocket.ts) driven through random drops: its
 * sockets are tracked so the test can close the newest from the client's side, the server's side
 * is dropped by the caller's means (in process or through a relay), and every echo is counted
 * once, as the chat widget would see it.
 */
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import type { SupportServerMessage } from '../core/protocol/index.ts';
import {
  connectSupport,
  type SupportConnection,
  type SupportSocketStatus,
} from '../core/supportSocket.ts';
import { until } from './supportTesting.ts';

/** A support connection whose sockets the test can drop, with what it saw. */
export interface DroppingConnection {
  connection: SupportConnection;
  /** Ids of this connection's own messages echoed, each once. */
  echoed: Set<string>;
  statuses: SupportSocketStatus[];
  /** Every message that reached `onMessage`, in order. */
  messages: SupportServerMessage[];
  reconnects(): number;
  /** How many SUPPORT_SEND_MESSAGE frames the client put on a socket: first sends and resends. */
  sendFrames(): number;
  /** Closes the newest socket from the client's side. */
  dropClient(): void;
}

/** Opens core's support client on `socketUrl`, its tickets from `apiUrl`'s API for `token`. */
export function droppingConnection(
  apiUrl: string,
  socketUrl: string,
  token: string,
): DroppingConnection {
  const sockets: WebSocket[] = [];
  let sendFrames = 0;
  class Tracked extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
    override send(data: string) {
      if (data.includes('"type":"SUPPORT_SEND_MESSAGE"')) sendFrames += 1;
      super.send(data);
    }
  }
  const echoed = new Set<string>();
  const statuses: SupportSocketStatus[] = [];
  const messages: SupportServerMessage[] = [];
  let reconnects = 0;
  const connection = connectSupport({
    baseUrl: socketUrl,
    getTicket: async () => {
      const answer = await fetch(`${apiUrl}/api`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ method: 'support.getSocketTicket', token, subId: '' }),
      });
      const body = (await answer.json()) as { ticket?: string };
      return body.ticket ?? null;
    },
    WebSocket: Tracked as unknown as typeof globalThis.WebSocket,
    onMessage(message) {
      messages.push(message);
      if (message.type === 'SUPPORT_SEND_MESSAGE' && message.error === undefined) {
        assert.ok(!echoed.has(message.message.id), 'an echo reaches onMessage once');
        echoed.add(message.message.id);
      }
    },
    onStatus: (status) => statuses.push(status),
    onReconnect: () => {
      reconnects += 1;
    },
  });
  return {
    connection,
    echoed,
    statuses,
    messages,
    reconnects: () => reconnects,
    sendFrames: () => sendFrames,
    dropClient: () => sockets.at(-1)?.close(),
  };
}

/** How one writer's run went. */
export interface DropRun {
  /** The ids of the messages sent, in the order written. */
  ids: string[];
  clientDrops: number;
  serverDrops: number;
}

/**
 * Sends `total` messages (`draft(i)`) through `dropping`, dropping the connection after about one
 * in ten while it is open, alternating the client's side and the server's (`dropServer`), with
 * random pauses; resolves once every message is echoed.
 */
export async function sendThroughDrops(
  dropping: DroppingConnection,
  total: number,
  random: () => number,
  dropServer: () => void,
  draft: (i: number) => { text: string; userId?: number },
): Promise<DropRun> {
  const ids: string[] = [];
  let clientDrops = 0;
  let serverDrops = 0;
  const { connection } = dropping;
  for (let i = 0; i < total; i++) {
    ids.push(connection.send({ ...draft(i), attachment: null }));
    // Drops land only on a live connection, alternating sides, so each one counts.
    if (connection.status === 'open' && random() < 0.1) {
      if ((clientDrops + serverDrops) % 2 === 0) {
        dropping.dropClient();
        clientDrops += 1;
      } else {
        dropServer();
        serverDrops += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, random() * 8));
  }
  await until(`all ${total} messages echoed`, () => dropping.echoed.size === total);
  return { ids, clientDrops, serverDrops };
}
