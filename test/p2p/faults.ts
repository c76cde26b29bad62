/**
 * P2P's fault run: verified merchants publish sell and buy offers; then every trader opens trades
 * on the others' offers, marks them paid, cancels, releases, disputes and pauses or resumes their
 * own offers through the API, and a staff member decides the disputes, while the server is killed
 * with SIGKILL at random moments and started again. After each kill the database is audited
 * (audit.ts) and checked against what the traders were told: a move the API acknowledged is
 * never undone, and an ended trade stays as it ended.
 */
import type { P2pOffer, P2pTrade, P2pTradeStatus } from '../../core/protocol/index.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/storage/db.ts';
import { seededRandom } from '../seededRandom.ts';
import { delay, runKillRounds } from '../spot/killRounds.ts';
import { type DatabasePlace, serverEnv, withDatabase } from '../spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from '../spot/traders.ts';
import { auditP2p, tradeCounts } from './audit.ts';

/** How a P2P fault run goes. */
export interface P2pFaultOptions {
  place: DatabasePlace;
  traders: number;
  kills: number;
  seed: number;
  /** The server is killed once this many moves (a number in the range) are acknowledged. */
  killAfterMoves: readonly [number, number];
  /** Each client waits up to this long between two calls, in milliseconds. */
  pauseMs: number;
}

/** What a P2P fault run saw. */
export interface P2pFaultFigures {
  kills: number;
  /** Moves the API acknowledged: trades opened, paid, cancelled, released, disputed, decided. */
  acknowledged: number;
  refused: number;
  /** Calls cut off by a kill. */
  inFlight: number;
  /** Trades by their state at the end. */
  trades: Record<string, number>;
  problems: string[];
}

/** Where each state stands: a move never goes back, and an ended trade never moves. */
const RANK: Record<P2pTradeStatus, number> = {
  opened: 0,
  paid: 1,
  disputed: 2,
  released: 3,
  cancelled: 3,
  expired: 3,
  returned: 3,
};

/** What each trader is given, as 'Deposit' entries. */
const FUNDS = { USDT: '5000', BTC: '1' } as const;

/** Runs the traders against the server, killing it `kills` times; see the file comment. */
export async function runP2pFaults(options: P2pFaultOptions): Promise<P2pFaultFigures> {
  const config = loadConfig(serverEnv(options.place));
  const { traders, staff } = await withDatabase(options.place, (db) =>
    prepareMerchants(db, config, options.traders),
  );
  const random = seededRandom(options.seed);
  /** The newest status the API acknowledged for each trade. */
  const acknowledged = new Map<number, P2pTradeStatus>();
  let offers: P2pOffer[] = [];
  const figures = { acknowledged: 0, refused: 0, inFlight: 0 };

  /** One call; false once the server stops answering. */
  async function send(
    url: string,
    who: Trader,
    method: string,
    params: object,
  ): Promise<Record<string, unknown> | false> {
    let answer: Awaited<ReturnType<typeof callApi>>;
    try {
      answer = await callApi(url, method, who.token, params);
    } catch {
      figures.inFlight += 1;
      return false;
    }
    if (!answer.status) {
      figures.refused += 1;
      return {};
    }
    const trade = answer.trade as P2pTrade | undefined;
    if (trade !== undefined) {
      figures.acknowledged += 1;
      acknowledged.set(trade.id, trade.status);
    }
    return answer;
  }

  async function traderLoop(url: string, index: number): Promise<void> {
    const me = traders[index] as Trader;
    for (;;) {
      const mine = await send(url, me, 'p2p.getMyTrades', { limit: 50 });
      if (mine === false) return;
      const move = nextMove((mine.trades as P2pTrade[] | undefined) ?? [], me, offers, random);
      if ((await send(url, me, move.method, move.params)) === false) return;
      await delay(random() * options.pauseMs);
    }
  }

  async function staffLoop(url: string): Promise<void> {
    for (;;) {
      const disputes = await send(url, staff, 'p2p.getDisputes', {});
      if (disputes === false) return;
      const [first] = (disputes.trades as P2pTrade[] | undefined) ?? [];
      if (first !== undefined) {
        const to = random() < 0.5 ? 'buyer' : 'seller';
        const decided = { id: first.id, to, reason: `Decided for the ${to} in the fault run.` };
        if ((await send(url, staff, 'p2p.resolveDispute', decided)) === false) return;
      }
      await delay(50 + random() * options.pauseMs);
    }
  }

  const outcome = await runKillRounds(options, {
    async started(url, round) {
      if (round === 0) offers = await publishOffers(url, traders);
      return [];
    },
    async traffic(url) {
      await Promise.all([...traders.map((_, i) => traderLoop(url, i)), staffLoop(url)]);
    },
    acknowledged: () => figures.acknowledged,
    async audit(db) {
      return [...(await auditP2p(db)), ...(await checkAcknowledged(db, acknowledged))];
    },
  });
  const trades = await withDatabase(options.place, tradeCounts);
  return { kills: options.kills, ...figures, trades, problems: outcome.problems };
}

/** Funded traders, identity verified and paid by SEPA, and a staff member who does not trade. */
async function prepareMerchants(
  db: Database,
  config: ReturnType<typeof loadConfig>,
  count: number,
): Promise<{ traders: Trader[]; staff: Trader }> {
  const all = await prepareTraders(db, config, count + 1, FUNDS);
  const ids = all.map((trader) => trader.userId);
  await db.updateTable('users').set({ is_verified: true }).where('id', 'in', ids).execute();
  await db
    .insertInto('p2p_payment_details')
    .values(ids.map((id) => ({ user_id: id, method: 'sepa', details: `IBAN of trader ${id}` })))
    .execute();
  const staff = all[count] as Trader;
  await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.userId).execute();
  return { traders: all.slice(0, count), staff };
}

/** Each trader publishes a USDT offer (sell or buy, in turn) and a BTC sell offer. */
async function publishOffers(url: string, traders: readonly Trader[]): Promise<P2pOffer[]> {
  const offers: P2pOffer[] = [];
  const terms = { fiat: 'EUR', paymentMethods: ['sepa'], paymentWindowMinutes: 15 };
  for (const [i, trader] of traders.entries()) {
    const published = [
      { side: i % 2 === 0 ? 'sell' : 'buy', asset: 'USDT', price: '0.92', amount: '2000' },
      { side: 'sell', asset: 'BTC', price: '60000', amount: '0.5' },
    ];
    for (const offer of published) {
      const answer = await callApi(url, 'p2p.createOffer', trader.token, {
        ...offer,
        ...terms,
        minFiat: '10',
        maxFiat: '500',
      });
      if (!answer.status) throw new Error(`publishing failed: ${answer.error_msg}`);
      offers.push(answer.offer as P2pOffer);
    }
  }
  return offers;
}

/** A trader's next call: move on one of their trades when one waits for them, else trade. */
function nextMove(
  trades: readonly P2pTrade[],
  me: Trader,
  offers: readonly P2pOffer[],
  random: () => number,
): { method: string; params: object } {
  const roll = random();
  for (const trade of trades) {
    const id = trade.id;
    if (trade.yourSide === 'buyer' && trade.status === 'opened') {
      if (roll < 0.6) return { method: 'p2p.markPaid', params: { id } };
      if (roll < 0.75) return { method: 'p2p.cancelTrade', params: { id } };
    }
    if (trade.yourSide === 'seller' && trade.status === 'paid') {
      if (roll < 0.6) return { method: 'p2p.releaseTrade', params: { id } };
      if (roll < 0.7) {
        return { method: 'p2p.disputeTrade', params: { id, reason: 'Nothing arrived yet.' } };
      }
    }
  }
  const own = offers.filter((offer) => offer.merchant.login === me.login);
  if (roll > 0.95 && own.length > 0) {
    const offer = own[Math.floor(random() * own.length)] as P2pOffer;
    return {
      method: 'p2p.setOfferStatus',
      params: { id: offer.id, status: random() < 0.5 ? 'paused' : 'active' },
    };
  }
  const others = offers.filter((offer) => offer.merchant.login !== me.login);
  const offer = others[Math.floor(random() * others.length)] as P2pOffer;
  const fiatAmount = String(10 + Math.floor(random() * 200));
  return { method: 'p2p.openTrade', params: { offerId: offer.id, fiatAmount } };
}

/** Every acknowledged move is still there: no trade went back, none ended otherwise. */
async function checkAcknowledged(
  db: Database,
  acknowledged: ReadonlyMap<number, P2pTradeStatus>,
): Promise<string[]> {
  const rows = await db.selectFrom('p2p_trades').select(['id', 'status']).execute();
  const stored = new Map(rows.map((row) => [row.id, row.status]));
  const problems: string[] = [];
  for (const [id, status] of acknowledged) {
    const now = stored.get(id);
    if (now === undefined)
      problems.push(`trade ${id} was acknowledged ${status} but is not stored`);
    else if (RANK[now] < RANK[status] || (RANK[status] === 3 && now !== status)) {
      problems.push(`trade ${id} was acknowledged ${status} but is stored ${now}`);
    }
  }
  return problems;
}
