/**
 * Live support on the server (issue 4): the socket, uploads and attachment serving. The API
 * methods live in methods/support.ts and methods/push.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import type { Limits } from '../limits.ts';
import { SupportHub } from './hub.ts';
import { vapidKeys } from './secrets.ts';
import { registerSupportSocket } from './socket.ts';
import { registerUploads } from './uploads.ts';

/** What live support needs from the server. */
export interface SupportDependencies {
  db: Database;
  config: Config;
  limits: Limits;
}

/** Registers the support socket, the upload endpoint and attachment serving; returns the hub. */
export async function registerSupport(
  app: FastifyInstance,
  deps: SupportDependencies,
): Promise<SupportHub> {
  // The VAPID key pair is generated on first start, so push.getPublicKey never waits on it.
  await vapidKeys(deps.db);
  const hub = new SupportHub();
  await registerSupportSocket(app, { db: deps.db, config: deps.config, hub });
  await registerUploads(app, deps);
  return hub;
}
