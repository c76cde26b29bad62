/**
 * The spot market spread over three server processes on one PostgreSQL database
 * (`MARKET_SPREAD=on`): each pair is a unit of its own, the servers take fair shares of them, a
 * pinned pair goes to its pinner, every server answers orders for every pair after their commit,
 * a swap between two coins whose pairs two servers own fills whole through every server, and a
 * killed server's pairs move to the survivors, in the middle of a burst of orders and swaps, with
 * every acknowledged order stored once and every swap whole (both legs filled) or not placed,
 * and an owner whose database connections are cut, or that hangs (SIGSTOP), loses its pairs the
 * same way and serves again (woken, or reconnected). It starts and
 * kills server processes for minutes, so it is one of the fault runs (test/faults.ts), not the
 * unit lane.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { PAIR_SYMBOLS, type PairSymbol } from '../core/markets/pairs.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { unitNameOf } from '../server/trading/units.ts';
import { OrderBurst } from './cluster/orderBurst.ts';
import { Cluster, type ClusterServer, cutConnections, unitOwners } from './cluster/servers.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { auditSpot } from './spot/audit.ts';
import { serverEnv } from './spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from './spot/traders.ts';
import { until } from './supportTesting.ts';

/** Traders in the burst, and the placements each sends; swaps each swapper asks for. */
const TRADERS = 6;
const PLACEMENTS = 30;
const SWAPS = 15;
/**
 * Each server's pinned pair: server2's is taken first by server1 (up alone at first) and handed
 * over; BTC and ETH pinned apart make every BTC to ETH swap one over two owners.
 */
const PINS: Readonly<Record<string, PairSymbol>> = {
  server1: 'BTC_USDT',
  server2: 'TRX_USDT',
  server3: 'ETH_USDT',
};
const UNITS = PAIR_SYMBOLS.map(unitNameOf);

/** The pair each unit matches, by the unit's name. */
const pairOfUnit = new Map(PAIR_SYMBOLS.map((pair) => [unitNameOf(pair), pair]));

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let cluster: Cluster;
    let people: Trader[];
    const referralShare = loadConfig(serverEnv({ url: '' })).referralShare;

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      people = await prepareTraders(db, loadConfig(serverEnv({ url: scratch.url })), 60);
      cluster = await Cluster.start(scratch.url, 3, { MARKET_SPREAD: 'on' }, (name) => {
        const pin = PINS[name];
        return pin === undefined ? {} : { MARKET_PIN: pin };
      });
    });
    after(async () => {
      await cluster?.stop();
      await db?.destroy();
      await scratch?.drop();
    });

    const account = (): Trader => {
      const next = people.shift();
      if (next === undefined) throw new Error('prepare more accounts');
      return next;
    };

    /**
     * The pairs each server owns, by server name, once the servers have settled: every pair has
     * an owner and each live server at least two and at most its fair share (a server that took
     * more while the others started hands the rest on at its next look).
     */
    const spread = async (live: readonly ClusterServer[]): Promise<Map<string, PairSymbol[]>> => {
      let owners = new Map<string, string>();
      const fairShare = Math.ceil(UNITS.length / live.length);
      await until('every pair owned, each live server with two up to its fair share', async () => {
        owners = await unitOwners(db, UNITS);
        if (owners.size < UNITS.length) return false;
        const counts = live.map((server) => [...owners.values()].filter((s) => s === server.name));
        return counts.every((owned) => owned.length >= 2 && owned.length <= fairShare);
      });
      const byServer = new Map<string, PairSymbol[]>();
      for (const [unit, server] of owners) {
        byServer.set(server, [...(byServer.get(server) ?? []), pairOfUnit.get(unit) as PairSymbol]);
      }
      return byServer;
    };

    test('three servers share the pairs fairly, and each pinned pair goes to its pinner', {
      timeout: 60_000,
    }, async () => {
      const byServer = await spread(cluster.servers);
      console.log(`cluster spread: ${JSON.stringify(Object.fromEntries(byServer))}`);
      assert.deepEqual(
        [...byServer.values()].map((pairs) => pairs.length).sort(),
        [2, 3, 3],
        'eight pairs on three servers: 3, 3 and 2',
      );
      for (const [server, pair] of Object.entries(PINS)) {
        assert.ok(byServer.get(server)?.includes(pair), `${pair} is on its pinner, ${server}`);
      }
    });

    test('every server answers an order on every pair after its commit', {
      timeout: 60_000,
    }, async () => {
      const trader = account();
      for (const server of cluster.servers) {
        for (const pair of PAIR_SYMBOLS) {
          const clientOrderId = `every-${server.name}-${pair}`;
          const answer = await callApi(server.url, 'orders.place', trader.token, {
            pair,
            side: 'buy',
            type: 'limit',
            price: '0.1',
            amount: '60',
            clientOrderId,
          });
          assert.equal(answer.status, true, `${server.name} ${pair}: ${answer.error_msg}`);
          // Answered after the commit: the order is stored by the time its answer arrives.
          const stored = await db
            .selectFrom('orders')
            .select(['id', 'pair'])
            .where('user_id', '=', trader.userId)
            .where('client_order_id', '=', clientOrderId)
            .executeTakeFirst();
          assert.deepEqual(stored, { id: (answer.order as { id: number }).id, pair });
        }
      }
      // And every server lists all of them, whichever server matched each.
      for (const server of cluster.servers) {
        const open = await callApi(server.url, 'orders.getOpen', trader.token, {});
        assert.equal((open.orders as unknown[]).length, 3 * PAIR_SYMBOLS.length);
      }
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    /** A maker's deep BTC bid and ETH ask, for the swaps to fill against. */
    const ladders = async () => {
      const maker = account();
      for (const [pair, side, price, amount] of [
        ['BTC_USDT', 'buy', '60000', '1'],
        ['ETH_USDT', 'sell', '3000', '30'],
      ] as const) {
        const answer = await callApi(
          cluster.servers[0]?.url as string,
          'orders.place',
          maker.token,
          {
            pair,
            side,
            type: 'limit',
            price,
            amount,
          },
        );
        assert.equal(answer.status, true, String(answer.error_msg));
      }
    };

    /** A trader allowed to swap. */
    const swapper = async (): Promise<Trader> => {
      const trader = account();
      await db
        .updateTable('users')
        .set({ is_swap: true })
        .where('id', '=', trader.userId)
        .execute();
      return trader;
    };

    test('a swap between two coins whose pairs two servers own fills whole through every server', {
      timeout: 60_000,
    }, async () => {
      await ladders();
      const owners = await unitOwners(db, UNITS);
      assert.notEqual(owners.get(unitNameOf('BTC_USDT')), owners.get(unitNameOf('ETH_USDT')));
      const me = await swapper();
      for (const server of cluster.servers) {
        let quote: { id: number } | undefined;
        await until(`a quote through ${server.name}`, async () => {
          const answer = await callApi(server.url, 'swap.quote', me.token, {
            from: 'BTC',
            to: 'ETH',
            amount: '0.01',
          });
          quote = answer.quote as { id: number } | undefined;
          return answer.status === true;
        });
        const accepted = await callApi(server.url, 'swap.accept', me.token, {
          quoteId: quote?.id,
        });
        assert.equal(accepted.status, true, `${server.name}: ${accepted.error_msg}`);
      }
      assert.deepEqual(await halfSwaps(db), []);
      const filled = await db
        .selectFrom('swaps')
        .select('id')
        .where('user_id', '=', me.userId)
        .where('filled_at', 'is not', null)
        .execute();
      assert.equal(filled.length, cluster.servers.length);
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    /**
     * A burst of orders and one of swaps between BTC and ETH to all three servers; once a third
     * of the orders is acknowledged, the owner of `pair` is killed (or stopped, and woken once
     * the burst is over), and an order on it through a survivor times its return.
     */
    async function killMidBurst(
      pair: PairSymbol,
      seed: number,
      fault: 'kill' | 'stop' | 'cut' = 'kill',
    ) {
      const owners = await unitOwners(db, UNITS);
      const victim = cluster.named(owners.get(unitNameOf(pair)) as string);
      const lost = UNITS.filter((unit) => owners.get(unit) === victim.name);
      const survivors = cluster.servers.filter((server) => server !== victim);
      const burst = new OrderBurst(
        Array.from({ length: TRADERS }, () => account()),
        seed,
      );
      const swaps = new SwapBurst(await Promise.all([swapper(), swapper()]));
      let usable = cluster.servers;
      const urls = () => usable.map((server) => server.url);
      const running = Promise.all([burst.run(urls, PLACEMENTS), swaps.run(urls, SWAPS)]);
      await until('a third of the burst acknowledged', () => {
        return burst.acknowledged.size >= (TRADERS * PLACEMENTS) / 3;
      });
      if (fault === 'kill') await victim.process.kill();
      else if (fault === 'stop') process.kill(victim.process.pid, 'SIGSTOP');
      else assert.ok((await cutConnections(db, victim.name)) > 0, 'its connections cut');
      const killedAt = performance.now();
      const step = (what: string) =>
        console.log(
          `  ${fault} ${pair}: ${what} at ${(performance.now() - killedAt).toFixed(0)} ms`,
        );
      usable = survivors;
      const probe = account();
      const answer = await callApi(survivors[0]?.url as string, 'orders.place', probe.token, {
        pair,
        side: 'buy',
        type: 'limit',
        price: '1000',
        amount: '0.01',
        clientOrderId: `probe-${seed}`,
      });
      const backMs = performance.now() - killedAt;
      step(`probe answered ${answer.status}`);
      assert.equal(answer.status, true, String(answer.error_msg));
      // Woken once the pair is back: calls it held go on (fenced), and the burst can end.
      if (fault === 'stop') process.kill(victim.process.pid, 'SIGCONT');
      await running;
      step('burst over');
      const resent = burst.inDoubt.length;
      await burst.resend(survivors[0]?.url as string);
      const after = await spread(survivors);
      step('spread over the survivors');
      console.log(
        `cluster spread ${fault} of ${pair}'s owner: ${burst.acknowledged.size} acknowledged, ` +
          `${burst.refused} refused, ${resent} resent; swaps ${swaps.accepted.length} filled, ` +
          `${swaps.refused} refused (${[...swaps.codes]}), ${swaps.inDoubt} in doubt; ${pair} back ${backMs.toFixed(0)} ms ` +
          `after the kill (${victim.name} held ${lost.length} pairs; now ${JSON.stringify(Object.fromEntries(after))})`,
      );
      if (fault === 'kill') assert.ok(!after.has(victim.name));
      assert.ok(swaps.accepted.length > 0, 'some swaps filled');
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await halfSwaps(db, swaps.accepted), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
      if (fault === 'kill') await cluster.restart(victim.name);
      await spread(cluster.servers);
      // Woken or restarted, the server takes orders on every pair again.
      const woken = account();
      for (const each of PAIR_SYMBOLS) {
        const again = await callApi(cluster.named(victim.name).url, 'orders.place', woken.token, {
          pair: each,
          side: 'buy',
          type: 'limit',
          price: '0.1',
          amount: '60',
        });
        assert.equal(again.status, true, `${each}: ${again.error_msg}`);
      }
      assert.deepEqual(await auditSpot(db, referralShare), []);
    }

    test("the swaps' first pair's owner killed mid-burst: its pairs move on, every acknowledged order stored once, every swap whole", {
      timeout: 120_000,
    }, async () => {
      await killMidBurst('BTC_USDT', 7);
    });

    test("the swaps' second pair's owner killed mid-burst: the same", {
      timeout: 120_000,
    }, async () => {
      await killMidBurst('ETH_USDT', 8);
    });

    test("the swaps' first pair's owner's database connections cut mid-burst: the same, and it serves again", {
      timeout: 120_000,
    }, async () => {
      await killMidBurst('BTC_USDT', 10, 'cut');
    });

    test("the swaps' first pair's owner hung mid-burst (SIGSTOP): the others take its pairs, and it wakes fenced", {
      timeout: 120_000,
    }, async () => {
      await killMidBurst('BTC_USDT', 9, 'stop');
    });
  },
  { drivers: ['postgres'] },
);

/** Swaps of 0.001 BTC into ETH, each quoted and accepted through the servers in turn. */
class SwapBurst {
  /** The quotes accepted (their swaps filled, as answered). */
  readonly accepted: number[] = [];
  /** The codes of the refusals, each once. */
  readonly codes = new Set<string>();
  refused = 0;
  inDoubt = 0;

  constructor(private readonly swappers: readonly Trader[]) {}

  async run(urls: () => readonly string[], each: number): Promise<void> {
    await Promise.all(
      this.swappers.map(async (trader, k) => {
        for (let j = 0; j < each; j += 1) {
          const live = urls();
          await this.swap(live[(k + j) % live.length] as string, trader);
        }
      }),
    );
  }

  private async swap(url: string, trader: Trader): Promise<void> {
    try {
      const quoted = await callApi(url, 'swap.quote', trader.token, {
        from: 'BTC',
        to: 'ETH',
        amount: '0.001',
      });
      const quote = quoted.quote as { id: number } | undefined;
      if (quote === undefined) {
        this.refused += 1;
        this.codes.add(String(quoted.error_code));
        return;
      }
      const answer = await callApi(url, 'swap.accept', trader.token, { quoteId: quote.id });
      if (answer.status === true) this.accepted.push(quote.id);
      else if (answer.error_code === 'request.serverError') this.inDoubt += 1;
      else {
        this.refused += 1;
        this.codes.add(String(answer.error_code));
      }
    } catch {
      // The server went away with the call: whether it filled is for halfSwaps to tell.
      this.inDoubt += 1;
    }
  }
}

/**
 * Swaps that are not whole: a filled one without both legs filled, legs of one not filled, or an
 * accepted quote (`accepted`) not filled. Empty when every swap is whole or not placed at all.
 */
async function halfSwaps(db: Database, accepted: readonly number[] = []): Promise<string[]> {
  const { rows } = await sql<{
    id: number;
    filled: boolean;
    planned: number;
    legs: number;
    done: number;
  }>`
    select s.id, s.filled_at is not null as filled, jsonb_array_length(s.legs) as planned,
        count(o.id)::int as legs, count(o.id) filter (where o.status = 'filled')::int as done
      from swaps s left join orders o
        on o.user_id = s.user_id and o.client_order_id like 'swap:' || s.id || ':%'
      group by s.id`.execute(db);
  const problems: string[] = [];
  for (const { id, filled, planned, legs, done } of rows) {
    const whole = filled ? legs === planned && done === planned : legs === 0;
    if (!whole) problems.push(`swap ${id}: filled ${filled}, ${legs} legs, ${done} filled`);
  }
  const filled = new Set(rows.filter((row) => row.filled).map((row) => Number(row.id)));
  for (const id of accepted) if (!filled.has(id)) problems.push(`swap ${id} accepted, not filled`);
  return problems;
}
