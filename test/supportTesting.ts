/**
 * Helpers for the live-support tests: staff accounts, support-chat visitors, socket tickets, raw
 * `ws` connections to the real server with a message inbox to wait on, and multipart upload bodies.
 */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import {
  type Params,
  type SupportClientMessage,
  type SupportServerMessage,
  UPLOAD_PATH,
  type UploadReply,
} from '../core/protocol/index.ts';
import type { Database } from '../server/storage/db.ts';
import { ok, signUp } from './serverTesting.ts';

/** How long `next` waits before failing the test instead of hanging it. */
const WAIT_LIMIT_MS = 20_000;

/** A signed-up account: its token and id. */
export interface Account {
  token: string;
  id: number;
}

/** Signs up a fresh client account. */
export async function client(app: FastifyInstance): Promise<Account> {
  const { token, user } = await signUp(app);
  return { token, id: user.id };
}

let visitors = 0;

/** Starts a fresh support-chat visitor, each from an IP of its own (the per-IP limit). */
export async function visitor(
  app: FastifyInstance,
  params: Params<'support.startVisitor'> = {},
): Promise<Account> {
  visitors += 1;
  const ip = `10.9.${(visitors >> 8) & 255}.${visitors & 255}`;
  const { token, user } = await ok(app, 'support.startVisitor', params, { ip });
  return { token, id: user.id };
}

/** Signs up a fresh account and makes it staff (statusId 1). */
export async function staff(app: FastifyInstance, db: Database): Promise<Account> {
  const account = await client(app);
  await db.updateTable('users').set({ status_id: 1 }).where('id', '=', account.id).execute();
  return account;
}

/** A fresh socket ticket for an account. */
export async function ticket(app: FastifyInstance, token: string): Promise<string> {
  return (await ok(app, 'support.getSocketTicket', {}, { token })).ticket;
}

/** A raw socket with everything it received, and a way to wait for the next match. */
export interface Peer {
  socket: WebSocket;
  received: SupportServerMessage[];
  send(message: SupportClientMessage | Record<string, unknown>): void;
  /** Resolves with the first message (already received or future) that matches and was not taken. */
  next(match: (message: SupportServerMessage) => boolean): Promise<SupportServerMessage>;
  close(): Promise<void>;
}

/** Opens the support socket of a listening server with a ticket (`query`: more, e.g. `&trade=7`). */
export function connect(address: string, ticketValue: string, query = ''): Promise<Peer> {
  const socket = new WebSocket(
    `${address.replace(/^http/, 'ws')}/support?token=${ticketValue}${query}`,
  );
  const received: SupportServerMessage[] = [];
  const taken = new Set<number>();
  const waiters: {
    match: (m: SupportServerMessage) => boolean;
    resolve: (m: SupportServerMessage) => void;
  }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as SupportServerMessage;
    received.push(message);
    const index = received.length - 1;
    const waiter = waiters.findIndex((w) => w.match(message));
    if (waiter >= 0) {
      taken.add(index);
      waiters.splice(waiter, 1)[0]?.resolve(message);
    }
  });
  const peer: Peer = {
    socket,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    next(match) {
      const index = received.findIndex((m, i) => !taken.has(i) && match(m));
      if (index >= 0) {
        taken.add(index);
        return Promise.resolve(received[index] as SupportServerMessage);
      }
      // A guard against hanging forever on a missing message, not a timing assertion.
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (message: SupportServerMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching message; received ${JSON.stringify(received)}`));
        }, WAIT_LIMIT_MS);
        waiters.push(waiter);
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(peer));
    socket.once('error', reject);
  });
}

/** What the handshake answered: 'open', or the HTTP status of a refusal. */
export function handshake(
  address: string,
  ticketValue: string,
  headers: Record<string, string> = {},
  query = '',
): Promise<'open' | number> {
  const socket = new WebSocket(
    `${address.replace(/^http/, 'ws')}/support?token=${ticketValue}${query}`,
    { headers },
  );
  return new Promise((resolve) => {
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

/**
 * Waits until a condition holds, checking every few milliseconds; after `timeoutMs` it fails
 * naming `what` it waited for, so a lost message fails the test instead of hanging it.
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A multipart body with the given fields and files, and its content type. */
export function multipartBody(
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; type?: string; data: Uint8Array }
  )[],
): { payload: Buffer; contentType: string } {
  const boundary = `----support-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A real 1x1 transparent PNG, for uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Uploads `PNG` as `receipt.png` for the account with `token` (with a `purpose`, if given) and
 * returns the stored attachment; fails the test if the upload is refused.
 */
export async function uploadPng(
  app: FastifyInstance,
  token: string,
  purpose?: string,
): Promise<{ id: number; path: string }> {
  const { payload, contentType } = multipartBody([
    { name: 'token', value: token },
    ...(purpose === undefined ? [] : [{ name: 'purpose', value: purpose }]),
    { name: 'file', filename: 'receipt.png', data: PNG },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: UPLOAD_PATH,
    headers: { 'content-type': contentType },
    payload,
  });
  const reply = JSON.parse(response.body) as UploadReply;
  if (!reply.status) throw new Error(`upload refused: ${response.body}`);
  return reply.attachment;
}
