/**
 * Three server processes on one PostgreSQL database, as a load balancer would run them, clients
 * spread over them in turn: the spot market's owner killed, then cut off from the database, in
 * the middle of a burst of orders to all three (first, while only orders have moved money, so
 * the spot audit holds the whole ledger; the owner stopped with SIGTERM and hung with SIGSTOP
 * are the fault run cluster-fault.test.ts); the support chat's two sides on two servers through
 * random drops; account news and signing out crossing servers over the event bus; and
 * withdrawals and mail sent once by three senders taking turns.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { PairSymbol } from '../core/markets/pairs.ts';
import {
  MARKET_SOCKET_PATH,
  type MarketServerMessage,
  type SupportServerMessage,
  type Wallet,
} from '../core/protocol/index.ts';
import { loadConfig } from '../server/config.ts';
import { queueMail } from '../server/mail/outgoing.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { CLOSE_BAD_TICKET } from '../server/trading/streams/marketSocket.ts';
import { post } from '../server/wallet/ledger.ts';
import { openAccountStreamWithTicket } from './accountStream.ts';
import { burstThroughFault, CLUSTER_ENV } from './cluster/faultBurst.ts';
import { startRelay } from './cluster/relay.ts';
import { Cluster, type ClusterServer, cutConnections, marketOwner } from './cluster/servers.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';
import type { ScratchDatabase } from './postgres.ts';
import { seededRandom } from './seededRandom.ts';
import { mailedToken } from './serverTesting.ts';
import { auditSpot } from './spot/audit.ts';
import { serverEnv } from './spot/serverProcess.ts';
import { callApi, prepareTraders, TRADER_FUNDS, type Trader } from './spot/traders.ts';
import { droppingConnection, sendThroughDrops } from './supportDrops.ts';
import { connect, until } from './supportTesting.ts';

/** Messages each side of the support chat writes. */
const MESSAGES = 1000;
/** How long a duplicate would have had to arrive after the last expected message. */
const SETTLE_MS = 300;
/** A valid address off the exchange for the withdrawals. */
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Calls a method that must succeed on a server in another process. */
async function ok(url: string, method: string, token: string, params: object = {}) {
  const answer = await callApi(url, method, token, params);
  assert.equal(answer.status, true, `${method} failed: ${answer.error_msg}`);
  return answer;
}

/** The ids of the chat messages a socket received, in the order received. */
const messageIds = (received: readonly SupportServerMessage[]) =>
  received.flatMap((m) =>
    m.type === 'SUPPORT_SEND_MESSAGE' || m.type === 'SUPPORT_NEW_MESSAGE' ? [m.message.id] : [],
  );

/** The ids of `all` written by one writer, in the order `all` has them. */
const writtenBy = (all: readonly string[], ids: readonly string[]) => {
  const mine = new Set(ids);
  return all.filter((id) => mine.has(id));
};

// Only PostgreSQL serves many servers; a PGlite server is alone by design.
forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let mailbox: Mailbox;
    let cluster: Cluster;
    let people: Trader[];
    const referralShare = loadConfig(serverEnv({ url: '' })).referralShare;
    /** The servers a client may use now, in turn. */
    const servers = (): ClusterServer[] => cluster.servers;

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      mailbox = await startMailbox();
      people = await prepareTraders(db, loadConfig(serverEnv({ url: scratch.url })), 30);
      // The market one unit, on one owner: what the kills below aim at (spread: cluster-spread*).
      cluster = await Cluster.startTogether(scratch.url, 3, {
        ...CLUSTER_ENV,
        MARKET_SPREAD: 'off',
        SMTP_URL: mailbox.url,
      });
    });
    after(async () => {
      await cluster?.stop();
      await mailbox?.close();
      await db?.destroy();
      await scratch?.drop();
    });

    /** The next account nobody used yet, made staff when asked. */
    const account = async (isStaff = false): Promise<Trader> => {
      const next = people.shift();
      if (next === undefined) throw new Error('prepare more accounts');
      if (isStaff) {
        await db.updateTable('users').set({ status_id: 1 }).where('id', '=', next.userId).execute();
      }
      return next;
    };

    test('the spot owner killed mid-burst: every acknowledged order stored once, the market back on a survivor', {
      timeout: 120_000,
    }, async () => {
      const { before, after, burst, backMs, resent } = await burstThroughFault(
        { db, cluster, account },
        1,
        {
          fault: (owner) => owner.process.kill(),
          live: (owner) => servers().filter((server) => server !== owner),
        },
      );
      await cluster.restart(before.server as string);
      console.log(
        `cluster spot kill: ${burst.acknowledged.size} acknowledged, ${burst.refused} refused, ${resent} resent, ` +
          `market back ${backMs.toFixed(0)} ms after the kill (owner ${before.server} -> ${after.server})`,
      );
      assert.notEqual(after.server, before.server);
      assert.ok((after.epoch ?? 0) > (before.epoch ?? 0));
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test("the spot owner's connections cut mid-burst: it stops matching and another takes over", {
      timeout: 120_000,
    }, async () => {
      const { before, after, burst, backMs, resent } = await burstThroughFault(
        { db, cluster, account },
        2,
        {
          fault: async (owner) => {
            assert.ok((await cutConnections(db, owner.name)) > 0);
          },
          live: () => servers(),
        },
      );
      console.log(
        `cluster spot cut: ${burst.acknowledged.size} acknowledged, ${burst.refused} refused, ${resent} resent, ` +
          `market back ${backMs.toFixed(0)} ms after the cut (owner ${before.server} -> ${after.server})`,
      );
      assert.notEqual(after.server, before.server, 'the cut server no longer owns the market');
      assert.ok((after.epoch ?? 0) > (before.epoch ?? 0));
      // The old owner, fenced, forwards what it is sent like any follower.
      const old = cluster.named(before.server as string);
      const trader = await account();
      await ok(old.url, 'orders.place', trader.token, {
        pair: 'ETH_USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        amount: '0.01',
        clientOrderId: 'after-cut',
      });
      assert.equal((await marketOwner(db)).server, after.server);
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test('support: a client on server 1 and staff on server 2, 1,000 messages each through drops', {
      timeout: 120_000,
    }, async () => {
      const [one, two, three] = servers() as [ClusterServer, ClusterServer, ClusterServer];
      const user = await account();
      const agent = await account(true);
      const colleague = await account(true);
      // A colleague's desk on server 3, never dropped, sees both sides' every message.
      const { ticket } = await ok(three.url, 'support.getSocketTicket', colleague.token);
      const desk = await connect(three.url, ticket as string);
      const relays = [await startRelay(one.url), await startRelay(two.url)] as const;
      const asking = droppingConnection(one.url, relays[0].url, user.token);
      const answering = droppingConnection(two.url, relays[1].url, agent.token);
      const [asked, answered] = await Promise.all([
        sendThroughDrops(asking, MESSAGES, seededRandom(1), relays[0].cut, (i) => ({
          text: `ask ${i}`,
        })),
        sendThroughDrops(answering, MESSAGES, seededRandom(2), relays[1].cut, (i) => ({
          text: `answer ${i}`,
          userId: user.userId,
        })),
      ]);
      await until(
        'the desk on server 3 has both sides',
        () => desk.received.length >= 2 * MESSAGES,
      );
      await sleep(SETTLE_MS);
      asking.connection.close();
      answering.connection.close();
      await Promise.all([desk.close(), relays[0].close(), relays[1].close()]);

      const stored = (
        await db
          .selectFrom('support_messages as m')
          .innerJoin('support_dialogs as d', 'd.id', 'm.dialog_id')
          .select('m.client_id')
          .where('d.user_id', '=', user.userId)
          .orderBy('m.id')
          .execute()
      ).map((row) => row.client_id);
      const seen = messageIds(desk.received);
      // What each dropping side heard live of the other side: gaps while dropped, but in order.
      const heard = (run: typeof asked, by: typeof asking) =>
        writtenBy(
          by.messages.flatMap((m) => (m.type === 'SUPPORT_NEW_MESSAGE' ? [m.message.id] : [])),
          run.ids,
        );
      const outOfOrder = (ids: readonly string[]) =>
        ids.filter((id, i) => i > 0 && stored.indexOf(id) < stored.indexOf(ids[i - 1] as string))
          .length;
      const drops = (run: typeof asked) => run.clientDrops + run.serverDrops;
      console.log(
        `cluster support: ${2 * MESSAGES} sent, ${stored.length} stored, ${new Set(stored).size} distinct, ` +
          `${seen.length} seen on server 3 (${outOfOrder(seen)} out of stored order); drops ${drops(asked)} (client's side) and ` +
          `${drops(answered)} (staff's), reconnects ${asking.reconnects()} and ${answering.reconnects()}`,
      );
      for (const [run, name] of [
        [asked, 'the client'],
        [answered, 'staff'],
      ] as const) {
        assert.deepEqual(writtenBy(stored, run.ids), run.ids, `${name}'s stored once, in order`);
        assert.deepEqual(writtenBy(seen, run.ids), run.ids, `${name}'s all seen live, in order`);
        assert.ok(drops(run) > 0, `${name}'s connection was dropped`);
      }
      // Every server delivers a dialog's messages in stored order, whichever way the news came.
      assert.deepEqual(seen, stored, 'the desk saw the dialog as stored');
      assert.equal(outOfOrder(heard(answered, asking)), 0, "the client heard staff's in order");
      assert.equal(outOfOrder(heard(asked, answering)), 0, "staff heard the client's in order");
      assert.equal(stored.length, 2 * MESSAGES, 'nothing lost, nothing twice');
    });

    test('market streams: a subscriber on each server sees every trade in one order and one gapless book sequence', async () => {
      const pair = 'XRP_USDT';
      const watchers = await Promise.all(servers().map((server) => watchPair(server.url, pair)));
      const seller = await account();
      const buyer = await account();
      // Nobody else trades XRP here: every trade on the pair is one of these.
      await post(db, {
        from: { system: 'deposits' },
        to: { user: seller.userId },
        ticker: 'XRP',
        amount: '1000',
        reason: 'Test deposit',
      });
      const [one, two, three] = servers() as [ClusterServer, ClusterServer, ClusterServer];
      const trades = 12;
      for (let i = 0; i < trades; i += 1) {
        const price = `0.${50 + i}`;
        // Resting through one server, taken through another: each trade is forwarded at least once.
        await ok([one, two, three][i % 3]?.url as string, 'orders.place', seller.token, {
          pair,
          side: 'sell',
          type: 'limit',
          price,
          amount: '20',
        });
        await ok([two, three, one][i % 3]?.url as string, 'orders.place', buyer.token, {
          pair,
          side: 'buy',
          type: 'limit',
          price,
          amount: '20',
        });
      }
      await until('every server streamed every trade', () =>
        watchers.every((watcher) => watcher.tradeIds.length === trades),
      );
      const [first, ...others] = watchers as [PairWatcher, ...PairWatcher[]];
      for (const other of others) assert.deepEqual(other.tradeIds, first.tradeIds);
      for (const watcher of watchers) {
        assert.deepEqual(watcher.gaps, [], 'each book update carries the next number');
        watcher.close();
      }
      // The same numbers on every server: a client may reconnect to another and go on.
      await until('the last book update everywhere', () =>
        watchers.every((watcher) => watcher.lastSequence === first.lastSequence),
      );
    });

    test("account news crosses servers: a transfer through server 1 reaches the recipient's stream on server 2", async () => {
      const [one, two, three] = servers() as [ClusterServer, ClusterServer, ClusterServer];
      const sender = await account();
      const recipient = await account();
      const stream = async (server: ClusterServer) => {
        const { ticket } = await ok(server.url, 'markets.getSocketTicket', recipient.token);
        return openAccountStreamWithTicket(server.url, ticket as string);
      };
      const onTwo = await stream(two);
      const btcSent = () =>
        onTwo.messages.flatMap((m) =>
          m.type === 'account' && !m.snapshot
            ? m.wallets.filter((w: Wallet) => w.ticker === 'BTC').map((w) => Number(w.amount))
            : [],
        );
      await ok(one.url, 'transfers.send', sender.token, {
        to: recipient.email,
        ticker: 'BTC',
        amount: '0.25',
        idempotencyKey: `cluster-transfer-${recipient.userId}`,
      });
      const expected = Number(TRADER_FUNDS.BTC) + 0.25;
      await until('the new BTC balance on server 2', () => btcSent().includes(expected), 10_000);

      // Signing out through server 1 closes the session's sockets on servers 2 and 3.
      const onThree = await stream(three);
      const { ticket } = await ok(three.url, 'support.getSocketTicket', recipient.token);
      const chat = await connect(three.url, ticket as string);
      const chatClosed = new Promise<number>((resolve) => chat.socket.once('close', resolve));
      await ok(one.url, 'users.logout', recipient.token);
      const codes = await Promise.all([onTwo.closed, onThree.closed, chatClosed]);
      // The market socket's code sends its client back to the public streams without a ticket.
      assert.deepEqual(codes, [CLOSE_BAD_TICKET, CLOSE_BAD_TICKET, 1008]);
    });

    test('three servers sending withdrawals and mail: each withdrawal signed once, each mail sent once', {
      timeout: 90_000,
    }, async () => {
      const holders = await Promise.all([account(), account(), account()]);
      for (let i = 0; i < 30; i += 1) {
        const to = `cluster-${i}@example.com`;
        await queueMail(
          db,
          { to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' },
          null,
        );
      }
      const ids: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const holder = holders[i % holders.length] as Trader;
        const asked = servers()[i % 3] as ClusterServer;
        const requested = await ok(asked.url, 'withdrawals.request', holder.token, {
          asset: 'BTC',
          network: 'BTC',
          address: BTC_ADDRESS,
          amount: '0.002',
          idempotencyKey: `cluster-withdrawal-${i}`,
        });
        const { id } = requested.withdrawal as { id: number };
        // The link mailed to the owner, followed on the next server.
        const confirmToken = await mailedToken(db, holder.userId, '/confirm-withdrawal');
        await ok((servers()[(i + 1) % 3] as ClusterServer).url, 'withdrawals.confirm', '', {
          confirmToken,
        });
        ids.push(id);
      }
      await until(
        'every withdrawal confirmed on its chain and every mail sent',
        async () => {
          const left = await db
            .selectFrom('withdrawals')
            .select('id')
            .where('id', 'in', ids)
            .where('status', '!=', 'confirmed')
            .execute();
          const unsent = await db
            .selectFrom('mail_outbox')
            .select('id')
            .where('sent_at', 'is', null)
            .execute();
          return left.length === 0 && unsent.length === 0;
        },
        60_000,
      );
      await sleep(1000);
      const signed = await db
        .selectFrom('withdrawals as w')
        .innerJoin('devnet_transactions as t', 't.tx_hash', 'w.tx_hash')
        .select(['w.id', (eb) => eb.fn.countAll<number>().as('transactions')])
        .where('w.id', 'in', ids)
        .groupBy('w.id')
        .execute();
      assert.deepEqual(
        signed.map((row) => Number(row.transactions)),
        ids.map(() => 1),
        'one transaction on the chain for each withdrawal',
      );
      const outbox = await db.selectFrom('mail_outbox').select(['message_id']).execute();
      const received = mailbox.mails.map((mail) => (mail.messageId ?? '').replace(/^<|>$/g, ''));
      for (const { message_id } of outbox) {
        const copies = received.filter((id) => id === message_id.replace(/^<|>$/g, '')).length;
        assert.equal(copies, 1, `mail ${message_id} reached the mailbox ${copies} times`);
      }
      console.log(
        `cluster sweeps: ${ids.length} withdrawals signed once each, ${outbox.length} mails sent once each`,
      );
    });
  },
  { drivers: ['postgres'] },
);

/** What a socket on one server heard of a pair: its trades, and its book's sequence numbers. */
interface PairWatcher {
  tradeIds: number[];
  /** Each update whose number did not follow the one before: [expected, got]. */
  gaps: [number, number][];
  lastSequence: number | null;
  close(): void;
}

/** Subscribes to a pair's trades and book on `url`'s market socket; resolves with both snapshots. */
async function watchPair(url: string, pair: PairSymbol): Promise<PairWatcher> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${MARKET_SOCKET_PATH}`);
  const watcher: PairWatcher = {
    tradeIds: [],
    gaps: [],
    lastSequence: null,
    close: () => socket.close(),
  };
  let snapshots = 0;
  socket.on('message', (data) => {
    const parsed = JSON.parse(String(data)) as MarketServerMessage | MarketServerMessage[];
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (message.type === 'trades') {
        if (message.snapshot) snapshots += 1;
        // A trades update lists the newest first.
        else watcher.tradeIds.push(...message.trades.map((trade) => trade.id).reverse());
      }
      if (message.type === 'book') {
        if (message.snapshot) snapshots += 1;
        else if (watcher.lastSequence !== null && message.sequence !== watcher.lastSequence + 1)
          watcher.gaps.push([watcher.lastSequence + 1, message.sequence]);
        watcher.lastSequence = message.sequence;
      }
    }
  });
  await new Promise((resolve) => socket.once('open', resolve));
  for (const stream of ['trades', 'orders'] as const) {
    socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream, pair }));
  }
  await until('both snapshots', () => snapshots === 2);
  return watcher;
}
