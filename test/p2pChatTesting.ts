/**
 * A P2P trade chat's test server, shared by the chat's test files: one server on the group's
 * database, listening, with a staff agent; trades opened on it and chats opened as either side,
 * every socket closed when the group ends.
 */
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { SupportServerMessage } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import type { OpenDatabase } from './databases.ts';
import { ok, p2pTrader, publishP2pOffer, testConfig } from './serverTesting.ts';
import { type Account, connect, type Peer, ticket } from './supportTesting.ts';

/** Whether a message is the sender's echo of the message `id`. */
export const echoOf = (id: string) => (m: SupportServerMessage) =>
  m.type === 'SUPPORT_SEND_MESSAGE' && m.message.id === id;

/** Whether a message is the other side's new message `id`. */
export const newOf = (id: string) => (m: SupportServerMessage) =>
  m.type === 'SUPPORT_NEW_MESSAGE' && m.message.id === id;

/** A seller with an offer of 100 USDT at 0.9 EUR, and a buyer's trade on it for 45 EUR. */
export async function openedTrade(app: FastifyInstance, db: Database) {
  const seller = await p2pTrader(app, db, { USDT: '100' });
  const buyer = await p2pTrader(app, db, {});
  const offer = await publishP2pOffer(app, seller.token);
  const { trade } = await ok(
    app,
    'p2p.openTrade',
    { offerId: offer.id, fiatAmount: '45' },
    { token: buyer.token },
  );
  return { seller, buyer, tradeId: trade.id };
}

/** The group's server, set once its `before` hook ran. */
export interface ChatServer {
  db: Database;
  app: FastifyInstance;
  address: string;
  /** A staff account. */
  agent: Account;
  /** The sockets to close when the group ends. */
  sockets: Peer[];
  /** Opens the trade's chat as `account`. */
  chat(account: Account, tradeId: number): Promise<Peer>;
  /** Opens a trade between a new seller and a new buyer. */
  openedTrade(): ReturnType<typeof openedTrade>;
}

/** Registers the group's hooks: a server started before its tests, closed with its sockets after. */
export function p2pChatServer(open: OpenDatabase): ChatServer {
  const sockets: Peer[] = [];
  const server = {
    sockets,
    async chat(account: Account, tradeId: number) {
      const peer = await connect(
        server.address,
        await ticket(server.app, account.token),
        `&trade=${tradeId}`,
      );
      sockets.push(peer);
      return peer;
    },
    openedTrade: () => openedTrade(server.app, server.db),
  } as ChatServer;
  before(async () => {
    server.db = await open();
    server.app = await createServer(
      testConfig({ API_RATE_LIMIT: '0', SUPPORT_RATE_LIMIT: '0' }),
      server.db,
    );
    server.address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    server.agent = await p2pTrader(server.app, server.db, {});
    await server.db
      .updateTable('users')
      .set({ status_id: 1 })
      .where('id', '=', server.agent.id)
      .execute();
  });
  after(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await server.app.close();
  });
  return server;
}
