/**
 * Support socket load on one server over loopback: holds many client connections plus one staff
 * connection, sends client messages at a fixed total rate, and measures the delivery latency from
 * a client's send to the staff socket receiving it (stored first, as always). Bounded in
 * connections, rate and time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { SupportServerMessage } from '../core/protocol/index.ts';
import { createSession, findCaller } from '../server/accounts/sessions.ts';
import { createUser } from '../server/accounts/users.ts';
import { createServer, loadConfig, openDatabase } from '../server/index.ts';
import { issueTicket } from '../server/support/tickets.ts';

/** The socket load figures. */
export interface SocketFigures {
  connections: number;
  held: number;
  ratePerSecond: number;
  seconds: number;
  sent: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs the load: `connections` clients, `rate` messages per second in total, for `seconds`. */
export async function benchSocket(
  connections = 500,
  rate = 50,
  seconds = 10,
): Promise<SocketFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-bench-socket-'));
  const config = loadConfig({
    DATA_DIR: join(dir, 'db'),
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'off',
    SUPPORT_RATE_LIMIT: '0',
  });
  const db = await openDatabase(config);
  const app = await createServer(config, db);
  const sockets: WebSocket[] = [];
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address.replace(/^http/, 'ws')}/support?token=`;
    // Accounts are created directly: the password hash would dominate the set-up otherwise.
    const account = (i: number) =>
      createUser(db, {
        email: `bench-socket-${i}@example.com`,
        passwordHash: 'none',
        login: `bench${i}`,
        ip: '127.0.0.1',
        domain: 'localhost',
        referredBy: null,
        statusId: i === 0 ? 1 : 0,
      });
    // A ticket belongs to a session, as one from support.getSocketTicket does.
    const ticketFor = async (userId: number) => {
      const caller = await findCaller(db, await createSession(db, userId, '127.0.0.1', 1));
      if (caller === null) throw new Error('the bench session was not found');
      return issueTicket(db, caller.sessionId);
    };
    const staffUser = await account(0);
    const staff = await open(base + (await ticketFor(staffUser.id)));
    sockets.push(staff);
    const clients: WebSocket[] = [];
    for (let i = 1; i <= connections; i++) {
      const user = await account(i);
      const socket = await open(base + (await ticketFor(user.id)));
      sockets.push(socket);
      clients.push(socket);
    }

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    staff.on('message', (data) => {
      const message = JSON.parse(String(data)) as SupportServerMessage;
      if (message.type !== 'SUPPORT_NEW_MESSAGE') return;
      const start = sentAt.get(message.message.id);
      if (start !== undefined) latencies.push(performance.now() - start);
    });

    const total = rate * seconds;
    const interval = 1000 / rate;
    const began = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = began + i * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const id = `bench-${i}`;
      const socket = clients[i % clients.length] as WebSocket;
      sentAt.set(id, performance.now());
      socket.send(
        JSON.stringify({ type: 'SUPPORT_SEND_MESSAGE', id, text: `load ${i}`, attachment: null }),
      );
    }
    // Let the last messages arrive (bounded).
    const deadline = performance.now() + 10_000;
    while (latencies.length < total && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const held = clients.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      connections,
      held,
      ratePerSecond: rate,
      seconds,
      sent: total,
      delivered: latencies.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
