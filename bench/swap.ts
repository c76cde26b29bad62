/**
 * Swap quote latency with full books: `swap.quote` through the API on one server (embedded
 * database), BTC → ETH through USDT, while the BTC bids and ETH asks each hold `levels` prices of
 * `perLevel` resting orders, and each quote walks far into both. A quote is stored, so every call
 * writes a row too. `node --import tsx bench/swap.ts` prints the table alone.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../server/app.ts';
import { openDatabase } from '../server/storage/db.ts';
import { call, fundedAccount, testConfig } from '../test/serverTesting.ts';

/** What benchSwapQuotes measured. */
export interface SwapQuoteFigures {
  restingOrders: number;
  levelsWalked: number;
  quotes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Fills the books, then times `quotes` quotes one after another. */
export async function benchSwapQuotes(
  quotes = 2000,
  levels = 300,
  perLevel = 5,
): Promise<SwapQuoteFigures> {
  const db = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
  const app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  try {
    const maker = await fundedAccount(app, db, { USDT: '100000000', ETH: '100000' });
    const orders: Promise<unknown>[] = [];
    for (let level = 0; level < levels; level++) {
      for (let n = 0; n < perLevel; n++) {
        orders.push(
          call(
            app,
            'orders.place',
            {
              pair: 'BTC_USDT',
              side: 'buy',
              type: 'limit',
              price: String(60000 - level * 5),
              amount: '0.01',
            },
            { token: maker.token },
          ),
          call(
            app,
            'orders.place',
            {
              pair: 'ETH_USDT',
              side: 'sell',
              type: 'limit',
              price: String(3000 + level),
              amount: '0.2',
            },
            { token: maker.token },
          ),
        );
      }
    }
    await Promise.all(orders);
    const swapper = await fundedAccount(app, db, { BTC: '100' });
    // Half the bid side's depth, whose USDT then buys through about half the ETH asks too.
    const amount = (levels * perLevel * 0.01) / 2;
    const times: number[] = [];
    for (let i = 0; i < quotes; i++) {
      const started = performance.now();
      const reply = await call(
        app,
        'swap.quote',
        { from: 'BTC', to: 'ETH', amount: String(amount) },
        { token: swapper.token },
      );
      times.push(performance.now() - started);
      if (!reply.status) throw new Error(`swap.quote failed: ${reply.error_msg}`);
    }
    times.sort((a, b) => a - b);
    return {
      restingOrders: orders.length,
      levelsWalked: levels / 2,
      quotes,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      maxMs: times.at(-1) ?? 0,
    };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** The measurements table. */
export function swapTable(figures: SwapQuoteFigures, machine: string): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    `\`swap.quote\` BTC → ETH through USDT on one server (embedded database), with`,
    `${figures.restingOrders.toLocaleString('en-US')} resting orders in the BTC bids and ETH asks;`,
    `each quote walks about ${figures.levelsWalked} price levels of each book and stores the quote. ${figures.quotes.toLocaleString('en-US')}`,
    `quotes one after another through the API (${machine}). Goal: p99 under 20 ms.`,
    '',
    '| p50 | p99 | max |',
    '|---|---|---|',
    `| ${ms(figures.p50Ms)} | ${ms(figures.p99Ms)} | ${ms(figures.maxMs)} |`,
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  console.log(swapTable(await benchSwapQuotes(), machine));
}
