/**
 * Account e-mail on a server: the sender that empties the queue, and, when no SMTP server is set,
 * the local outbox at /dev/outbox, which answers only requests from this machine.
 */
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../storage/db.ts';
import { MailSender } from './MailSender.ts';
import { outboxPage } from './outboxPage.ts';
import { onMailQueued } from './outgoing.ts';
import { openTransport, outboxDir } from './transport.ts';
import { MAIL_QUEUED_CHANNEL } from './wakeMigration.ts';

/** Where the local outbox is shown. */
export const OUTBOX_PATH = '/dev/outbox';

/** Whether a request comes from this machine (a loopback address), not through a proxy. */
function fromThisMachine(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

/**
 * Starts sending queued mail with the server, woken by mail queued in this process and, on a
 * shared PostgreSQL database (`listen`, the event relay's connection), by every server's queued
 * mail as it commits; and serves the local outbox when it is in use.
 */
export async function registerMail(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: Config;
    listen?: (channel: string, hear: () => void) => Promise<() => void>;
  },
): Promise<void> {
  const { db, config } = deps;
  const dir = await outboxDir(config);
  // A throw-away database gets a throw-away outbox: the temp folder goes with the server.
  if (config.dataDir === ':memory:') {
    app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  }
  const sender = new MailSender(db, openTransport(config, dir), app.log);
  const stops: (() => void)[] = [];
  app.addHook('onReady', async () => {
    stops.push(onMailQueued(() => sender.nudge()));
    if (deps.listen) stops.push(await deps.listen(MAIL_QUEUED_CHANNEL, () => sender.nudge()));
    sender.start();
  });
  app.addHook('onClose', () => {
    for (const stop of stops) stop();
    return sender.stop();
  });
  if (config.mail.smtpUrl !== null) return;
  app.get(OUTBOX_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (
      !fromThisMachine(request.socket.remoteAddress ?? '') ||
      request.headers['x-forwarded-for']
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    return reply.type('text/html; charset=utf-8').send(await outboxPage(db, dir));
  });
}
