/**
 * The market streams' publisher: who listens to what, the snapshot each new subscriber gets, and
 * after each committed batch of the market (SpotMarket.onCommit, on every server, whichever owns
 * the market) the updates its changes cause:
 *
 * - `orders` (the book): the changed levels with their sequence number (BookWindows.ts), for
 *   every pair the batch touched, the same numbers on every server;
 * - `trades`: the batch's new trades of the pair;
 * - `stats` and `chart`: the pair's ticker and current candle, read again from the database at
 *   most every REFRESH_MS per pair (a busy pair trades far more often than anyone can read);
 * - `account`: each account's changed orders and new fills, and its wallets, each message with
 *   the account's seq (accountSeqs.ts); a subscriber's first message (a snapshot or a resume,
 *   read from the database: accountResume.ts) and the live ones pass the gate (AccountGate.ts),
 *   so none is missed, sent twice or sent before one with a lower seq.
 *
 * Everything published has been committed: an update never shows what a rollback could undo.
 * When the market's windows start again (a new owner, or a follower that may have missed a
 * batch), every subscriber gets each of its topics' snapshots again.
 *
 * Each commit's messages go to each subscriber as one frame. Commits that come while the fan-out
 * is still sending earlier frames wait for it together and then go as one frame per subscriber:
 * they would have waited anyway, and a server that falls behind writes each socket once for them
 * all rather than once a commit (a write per socket is what a fan-out costs).
 */
import type { PairSymbol } from '../../../core/markets/pairs.ts';
import type {
  CandleInterval,
  MarketServerMessage,
  OwnTrade,
  SpotOrder,
  StreamTopic,
} from '../../../core/protocol/index.ts';
import type { ServerEvents } from '../../events/ServerEvents.ts';
import type { Database } from '../../storage/db.ts';
import { type RecentPurchases, readWalletActivity } from '../../wallet/walletActivity.ts';
import { listWallets } from '../../wallet/wallets.ts';
import type { AccountSeq } from '../accountSeqs.ts';
import { INTERVAL_MS, priceCharts, readCandles } from '../candles.ts';
import { publicTrade, readPublicTrades, readSummaries } from '../marketData.ts';
import { ownFills, toWire } from '../orderRows.ts';
import type { Committed } from '../Publisher.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import { AccountGate, GAP_MS, type GatedMessage } from './AccountGate.ts';
import { readResume, readSnapshot } from './accountResume.ts';
import { CommitFrames } from './CommitFrames.ts';
import { FAN_OUT_BATCH, FanOut } from './FanOut.ts';
import type { Subscriber } from './Subscriber.ts';

/** How many trades a trades snapshot holds. */
export const TRADES_SNAPSHOT = 50;

/** Candles a chart snapshot holds. */
export const CHART_SNAPSHOT = 300;

/** Tickers and candles are read again at most this often per pair. */
const REFRESH_MS = 250;

/** A topic's key in the registry (an account topic is the caller's own). */
function keyOf(topic: StreamTopic, userId: number | null): string {
  switch (topic.stream) {
    case 'account':
      return `account:${userId}`;
    case 'chart':
      return `chart:${topic.pair}:${topic.interval}`;
    default:
      return `${topic.stream}:${topic.pair}`;
  }
}

/** See the file comment. */
export class MarketFeed {
  private readonly topics = new Map<string, Set<Subscriber>>();
  /** Each registered key's topic, to send its snapshot again. */
  private readonly topicOf = new Map<string, StreamTopic>();
  private readonly refreshing = new Map<string, NodeJS.Timeout>();
  /**
   * Per chart topic, when the oldest trade not yet sent in a candle was made: the refresh reads
   * candles from that trade's on, so a minute's last trade still reaches its candle when the
   * refresh runs in the next minute.
   */
  private readonly candlesSince = new Map<string, number>();
  private readonly stops: (() => void)[];
  private readonly fanOut = new FanOut(FAN_OUT_BATCH, () => this.sendHeld());
  /** While a commit is published: each listener's messages, sent as one frame at the end. */
  private outbox: CommitFrames | null = null;
  /** Commits' frames held while the fan-out is busy, sent together once it is free. */
  private held: CommitFrames | null = null;
  private readonly gate = new AccountGate();
  private readonly gaps: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly market: SpotMarket,
    /** The card purchases the account stream lists with deposits and withdrawals. */
    private readonly recentPurchases: RecentPurchases,
  ) {
    this.stops = [
      market.onCommit((committed) => this.publish(committed)),
      market.onRestart(() => this.sendSnapshotsAgain()),
    ];
    this.gaps = setInterval(() => this.readGaps(), GAP_MS / 2);
    this.gaps.unref();
  }

  /** Reads from the database what the subscribers whose updates wait on a gap are missing. */
  private readGaps(): void {
    for (const subscriber of this.gate.stalled(Date.now() - GAP_MS)) {
      this.openAccount(subscriber, this.gate.lastOf(subscriber)).catch((error: unknown) =>
        console.error('Market stream account gap:', error),
      );
    }
  }

  /**
   * Adds a subscriber to a topic and sends it the topic's snapshot; an account topic with
   * `since` resumes after that seq instead when it can (see core/protocol/marketStreams.ts).
   */
  async subscribe(subscriber: Subscriber, topic: StreamTopic, since?: number): Promise<void> {
    if (topic.stream === 'account' && subscriber.userId === null) {
      throw new Error('account stream without an account');
    }
    const key = keyOf(topic, subscriber.userId);
    const listeners = this.topics.get(key) ?? new Set();
    this.topics.set(key, listeners);
    this.topicOf.set(key, topic);
    listeners.add(subscriber);
    if (topic.stream === 'account') {
      await this.openAccount(subscriber, since);
      return;
    }
    // The book's snapshot is taken and queued in the turn the subscriber joins, so every update
    // it is missing follows it through the fan-out.
    const messages =
      topic.stream === 'orders' ? [this.bookSnapshot(topic.pair)] : await this.snapshot(topic);
    for (const message of messages) {
      this.sendNow(Buffer.from(JSON.stringify(message)), [subscriber]);
    }
  }

  /**
   * Sends an account subscriber its first messages through the gate: the resume after `since`
   * when the database still can tell it, else a snapshot.
   */
  private async openAccount(subscriber: Subscriber, since: number | undefined): Promise<void> {
    const userId = subscriber.userId;
    if (userId === null) return;
    const reopening = this.gate.lastOf(subscriber) !== undefined;
    this.gate.hold(subscriber);
    try {
      const resume = since === undefined ? null : await readResume(this.db, userId, since);
      const fresh = resume === null ? await readSnapshot(this.db, userId) : null;
      const upTo = resume?.upTo ?? fresh?.upTo ?? 0;
      const orders = fresh?.orders ?? [];
      const wallets = await listWallets(this.db, userId, priceCharts);
      const first: MarketServerMessage[] =
        resume === null
          ? [{ v: 1, type: 'account', snapshot: true, seq: upTo, orders, trades: [], wallets }]
          : [
              ...resume.batches.map(
                (batch): MarketServerMessage => ({
                  v: 1,
                  type: 'account',
                  snapshot: false,
                  ...batch,
                  wallets: [],
                }),
              ),
              {
                v: 1,
                type: 'account',
                snapshot: false,
                seq: upTo,
                orders: [],
                trades: [],
                wallets,
              },
            ];
      const texts = first.map((message) => JSON.stringify(message));
      const frame = this.gate.open(subscriber, upTo, texts);
      const text = frame.length === 1 ? (frame[0] ?? '') : `[${frame.join(',')}]`;
      this.sendNow(Buffer.from(text), [subscriber]);
    } catch (error) {
      // A stream already open keeps its place: its next gap or restart reads again.
      if (reopening) this.gate.release(subscriber);
      else this.gate.drop(subscriber);
      throw error;
    }
  }

  /** Removes a subscriber from a topic; true if it was there. */
  unsubscribe(subscriber: Subscriber, topic: StreamTopic): boolean {
    if (topic.stream === 'account') this.gate.drop(subscriber);
    const key = keyOf(topic, subscriber.userId);
    const listeners = this.topics.get(key);
    const removed = listeners?.delete(subscriber) ?? false;
    if (listeners?.size === 0) this.forget(key);
    return removed;
  }

  /** Removes a subscriber from every topic (its socket closed). */
  drop(subscriber: Subscriber): void {
    this.gate.drop(subscriber);
    for (const [key, listeners] of this.topics) {
      listeners.delete(subscriber);
      if (listeners.size === 0) this.forget(key);
    }
  }

  private forget(key: string): void {
    this.topics.delete(key);
    this.topicOf.delete(key);
  }

  /**
   * Sends every subscriber each of its topics' snapshots again (the windows started again); an
   * account stream resumes from its last seq instead (news may have been missed).
   */
  private sendSnapshotsAgain(): void {
    for (const [key, listeners] of this.topics) {
      const topic = this.topicOf.get(key);
      if (topic === undefined) continue;
      if (topic.stream === 'account') {
        for (const listener of listeners) {
          this.openAccount(listener, this.gate.lastOf(listener)).catch((error: unknown) =>
            console.error(`Market stream ${key}:`, error),
          );
        }
        continue;
      }
      const sent =
        topic.stream === 'orders'
          ? Promise.resolve([this.bookSnapshot(topic.pair)])
          : this.snapshot(topic);
      sent.then(
        (messages) => {
          for (const message of messages) {
            this.sendNow(Buffer.from(JSON.stringify(message)), [...listeners]);
          }
        },
        (error: unknown) => console.error(`Market stream ${key}:`, error),
      );
    }
  }

  /** Stops publishing (server shutdown). */
  close(): void {
    for (const stop of this.stops) stop();
    clearInterval(this.gaps);
    this.fanOut.close();
    this.held = null;
    for (const timer of this.refreshing.values()) clearTimeout(timer);
    this.refreshing.clear();
    this.candlesSince.clear();
  }

  private bookSnapshot(pair: PairSymbol): MarketServerMessage {
    return { v: 1, type: 'book', pair, snapshot: true, ...this.market.bookSnapshot(pair) };
  }

  /** A public topic's snapshot (an account's goes through the gate: openAccount). */
  private async snapshot(topic: StreamTopic): Promise<MarketServerMessage[]> {
    switch (topic.stream) {
      case 'orders':
        return [this.bookSnapshot(topic.pair)];
      case 'trades': {
        const trades = await readPublicTrades(this.db, topic.pair, TRADES_SNAPSHOT);
        return [{ v: 1, type: 'trades', pair: topic.pair, snapshot: true, trades }];
      }
      case 'stats': {
        const [ticker] = await readSummaries(this.db, this.market, [topic.pair]);
        return ticker === undefined ? [] : [{ v: 1, type: 'ticker', pair: topic.pair, ticker }];
      }
      case 'chart': {
        const from = Date.now() - INTERVAL_MS[topic.interval] * (CHART_SNAPSHOT - 1);
        const candles = await readCandles(this.db, topic.pair, topic.interval, { from });
        const { pair, interval } = topic;
        return [{ v: 1, type: 'candles', pair, interval, snapshot: true, candles }];
      }
      case 'account':
        // Sent through the gate instead (openAccount).
        return [];
    }
  }

  private publish(committed: Committed): void {
    const outbox = this.held ?? new CommitFrames();
    this.held = null;
    this.outbox = outbox;
    try {
      this.publishCommitted(committed);
    } finally {
      this.outbox = null;
      // One frame per socket per commit, or for every commit held while the fan-out was busy.
      if (this.fanOut.busy) this.held = outbox;
      else this.sendFrames(outbox);
    }
  }

  /** Hands the held commits' frames to the fan-out (it is free, or something must follow them). */
  private sendHeld(): void {
    const held = this.held;
    this.held = null;
    if (held !== null) this.sendFrames(held);
  }

  private sendFrames(outbox: CommitFrames): void {
    for (const { frame, subscribers } of outbox.frames()) this.fanOut.send(frame, subscribers);
  }

  /** Sends a frame outside a commit, after every commit's frames held so far. */
  private sendNow(frame: Buffer, subscribers: Subscriber[]): void {
    this.sendHeld();
    this.fanOut.send(frame, subscribers);
  }

  private publishCommitted(committed: Committed): void {
    const pairs = new Set(committed.orders.map((row) => row.pair as PairSymbol));
    for (const [pair, changes] of committed.books) {
      this.send(`orders:${pair}`, { v: 1, type: 'book', pair, snapshot: false, ...changes });
    }
    const tradedPairs = new Set<PairSymbol>();
    for (const pair of pairs) {
      const trades = committed.trades.filter((trade) => trade.pair === pair);
      if (trades.length === 0) continue;
      tradedPairs.add(pair);
      const shown = trades.map(publicTrade).reverse();
      this.send(`trades:${pair}`, { v: 1, type: 'trades', pair, snapshot: false, trades: shown });
    }
    for (const pair of tradedPairs) {
      this.refresh(`stats:${pair}`, () => this.sendTicker(pair));
      const firstTrade = Math.min(
        ...committed.trades.filter((t) => t.pair === pair).map((t) => t.created_at.getTime()),
      );
      for (const interval of Object.keys(INTERVAL_MS) as CandleInterval[]) {
        const key = `chart:${pair}:${interval}`;
        if (!this.topics.has(key)) continue;
        this.candlesSince.set(key, Math.min(this.candlesSince.get(key) ?? firstTrade, firstTrade));
        this.refresh(key, () => this.sendCandles(pair, interval));
      }
    }
    this.publishAccounts(committed);
  }

  /**
   * Each touched account's changed orders and new fills at once, with the seq it took in the
   * batch, its wallets just after.
   */
  private publishAccounts(committed: Committed): void {
    const seqs = new Map<number, number>(committed.accounts ?? ([] as AccountSeq[]));
    const changes = new Map<number, { orders: SpotOrder[]; trades: OwnTrade[] }>();
    const of = (userId: number) => {
      const found = changes.get(userId) ?? { orders: [], trades: [] };
      changes.set(userId, found);
      return found;
    };
    for (const row of committed.orders) {
      if (this.topics.has(`account:${row.user_id}`)) of(row.user_id).orders.push(toWire(row));
    }
    for (const trade of committed.trades) {
      for (const userId of new Set([trade.maker_user_id, trade.taker_user_id])) {
        if (this.topics.has(`account:${userId}`))
          of(userId).trades.push(...ownFills(trade, userId));
      }
    }
    for (const [userId, { orders, trades }] of changes) {
      const key = `account:${userId}`;
      const seq = seqs.get(userId);
      // Absent only in news from an owner of the version before: the gap reads it back.
      if (seq !== undefined) {
        const message = {
          v: 1,
          type: 'account',
          snapshot: false,
          seq,
          orders,
          trades,
          wallets: [],
        };
        this.sendAccount(userId, { kind: 'update', seq, text: JSON.stringify(message) });
      }
      this.refresh(key, () => this.sendWallets(userId));
    }
    // A referrer paid a commission sees its wallets move though none of its orders did.
    this.walletsChanged(committed.credited.filter((userId) => !changes.has(userId)));
  }

  private async sendTicker(pair: PairSymbol): Promise<void> {
    if (!this.topics.has(`stats:${pair}`)) return;
    const [ticker] = await readSummaries(this.db, this.market, [pair]);
    if (ticker !== undefined) this.send(`stats:${pair}`, { v: 1, type: 'ticker', pair, ticker });
  }

  /** The candles of the trades made since the last were sent, the current one included. */
  private async sendCandles(pair: PairSymbol, interval: CandleInterval): Promise<void> {
    const key = `chart:${pair}:${interval}`;
    const since = this.candlesSince.get(key) ?? Date.now();
    this.candlesSince.delete(key);
    const size = INTERVAL_MS[interval];
    const from = Math.floor(since / size) * size;
    const candles = await readCandles(this.db, pair, interval, { from });
    if (candles.length === 0) return;
    this.send(`chart:${pair}:${interval}`, {
      v: 1,
      type: 'candles',
      pair,
      interval,
      snapshot: false,
      candles,
    });
  }

  /**
   * Sends the wallets, and the newest deposits and withdrawals, again to the open private streams
   * of accounts whose wallet moved outside the spot market (a transfer, a deposit, a withdrawal).
   */
  walletsChanged(userIds: readonly number[]): void {
    for (const userId of userIds) {
      const key = `account:${userId}`;
      if (!this.topics.has(key)) continue;
      this.refresh(`wallet:${userId}`, async () => {
        const [, activity] = await Promise.all([
          this.sendWallets(userId),
          readWalletActivity(this.db, userId, this.recentPurchases),
        ]);
        this.send(key, { v: 1, type: 'walletActivity', ...activity });
      });
    }
  }

  /**
   * Sends the account's wallets to its streams, each at the seq its subscriber stands at: they
   * are read after it.
   */
  private async sendWallets(userId: number): Promise<void> {
    const wallets = await listWallets(this.db, userId, priceCharts);
    const text = (seq: number) =>
      JSON.stringify({
        v: 1,
        type: 'account',
        snapshot: false,
        seq,
        orders: [],
        trades: [],
        wallets,
      });
    this.sendAccount(userId, { kind: 'wallets', text });
  }

  /** Sends to an account's streams through the gate, each subscriber its own texts in order. */
  private sendAccount(userId: number, message: GatedMessage): void {
    const listeners = this.topics.get(`account:${userId}`);
    if (listeners === undefined || listeners.size === 0) return;
    for (const [subscriber, texts] of this.gate.pass(listeners, message)) {
      for (const text of texts) {
        if (this.outbox === null) this.sendNow(Buffer.from(text), [subscriber]);
        else this.outbox.add(text, [subscriber]);
      }
    }
  }

  /** Tells the account's open private streams that staff decided on its verification. */
  verificationDecided({ userId, status }: ServerEvents['kyc.decided']): void {
    this.send(`account:${userId}`, { v: 1, type: 'verification', status });
  }

  /** Tells the readers' account streams that a trade's chat has a new message. */
  tradeMessaged({ tradeId, userIds }: ServerEvents['p2p.tradeMessage']): void {
    for (const userId of userIds) {
      this.send(`account:${userId}`, { v: 1, type: 'p2pMessage', tradeId });
    }
  }

  /** Tells both sides' account streams that a P2P trade moved. */
  tradeMoved({ tradeId, status, userIds }: ServerEvents['p2p.tradeMoved']): void {
    for (const userId of userIds) {
      this.send(`account:${userId}`, { v: 1, type: 'p2pTrade', tradeId, status });
    }
  }

  /** Runs `read` at most once per REFRESH_MS per key, after the latest call (trailing). */
  private refresh(key: string, read: () => Promise<void>): void {
    if (this.refreshing.has(key)) return;
    const timer = setTimeout(() => {
      this.refreshing.delete(key);
      read().catch((error: unknown) => console.error(`Market stream ${key}:`, error));
    }, REFRESH_MS);
    timer.unref();
    this.refreshing.set(key, timer);
  }

  /** Sends to a topic's listeners, serialised once; during a commit's publishing, via the outbox. */
  private send(key: string, message: MarketServerMessage): void {
    const listeners = this.topics.get(key);
    if (listeners === undefined || listeners.size === 0) return;
    const text = JSON.stringify(message);
    if (message.type !== 'account' && key.startsWith('account:')) {
      this.sendAccount(Number(key.slice('account:'.length)), { kind: 'other', text });
      return;
    }
    if (this.outbox === null) this.sendNow(Buffer.from(text), [...listeners]);
    else this.outbox.add(text, listeners);
  }
}
