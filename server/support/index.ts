/**
 * Live support on the server: the socket, uploads and attachment serving. The API
 * methods live in methods/support.ts and methods/push.ts.
 */
import type { FastifyInstance } from 'fastify';
import { purgeIdleVisitors } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Limits } from '../http/limits.ts';
import type { IdentityPhotos } from '../http/uploads/attachmentShelf.ts';
import type { Database } from '../storage/db.ts';
import { SupportHub } from './hub.ts';
import { supportPresence } from './presence.ts';
import { mailUnreadReplies, REPLY_MAIL_SWEEP_MS } from './replyMails.ts';
import type { TradeChats } from './rooms.ts';
import { vapidKeys } from './secrets.ts';
import { registerSupportSocket } from './socket.ts';
import { registerUploads } from './uploads.ts';

/** What live support needs from the server. */
export interface SupportDependencies {
  db: Database;
  config: Config;
  limits: Limits;
  /** Where a logout or block is heard ('access.ended'): it closes the support sockets it opened. */
  events: ServerEventBus;
  /** The P2P trades' chats the support socket carries besides support dialogs. */
  tradeChats: TradeChats;
  /** What becomes of identity photos uploaded for verification. */
  identityPhotos: IdentityPhotos;
}

/**
 * Registers the support socket, the upload endpoint and attachment serving, purges idle
 * visitors at start and hourly, and mails replies left unread each minute; returns the hub.
 */
export async function registerSupport(
  app: FastifyInstance,
  deps: SupportDependencies,
): Promise<SupportHub> {
  // The VAPID key pair is generated on first start, so push.getPublicKey never waits on it.
  await vapidKeys(deps.db);
  const hub = new SupportHub((error) =>
    app.log.error({ err: error }, 'Delivering support news failed'),
  );
  const presence = supportPresence(deps.db, hub, (error) =>
    app.log.error({ err: error }, 'Recording support presence failed'),
  );
  const purge = () =>
    purgeIdleVisitors(deps.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'Purging idle visitors failed'),
    );
  // Safe on many servers at once: one DELETE, which skips the rows another server deleted.
  await purge();
  const hourly = setInterval(purge, 60 * 60 * 1000);
  hourly.unref();
  const mailReplies = () =>
    mailUnreadReplies(deps.db, deps.config, (id) => presence.isOnline(id)).catch((error: unknown) =>
      app.log.error({ err: error }, 'Mailing unread support replies failed'),
    );
  // Safe on many servers at once: a dialog is marked mailed, only if it is not yet, in the
  // transaction that queues its mail, so one server queues it; whether the client is online is
  // asked of every server's presence.
  const everyMinute = setInterval(mailReplies, REPLY_MAIL_SWEEP_MS);
  everyMinute.unref();
  app.addHook('onClose', async () => {
    clearInterval(hourly);
    clearInterval(everyMinute);
    await presence.stop();
  });
  await registerSupportSocket(app, {
    db: deps.db,
    config: deps.config,
    hub,
    presence,
    sends: deps.limits.supportSend,
    events: deps.events,
    tradeChats: deps.tradeChats,
  });
  await registerUploads(app, deps);
  return hub;
}
