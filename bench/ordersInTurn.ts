/** Orders placed through the API `concurrency` at a time, each one's latency timed: for the benches. */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { send } from '../test/serverTesting.ts';

/** The server to send order `i` to, and what it places. */
export type NthOrder = (i: number) => {
  app: FastifyInstance;
  order: { pair: string; price: string; amount: string };
};

/**
 * Places `orders` resting buys as `nth` says, `concurrency` in flight at once, each from an
 * address of its own (so no per-address limit counts them together); each one's latency and
 * the seconds the whole took. A refused order stops the bench: the figures would lie.
 */
export async function placeInTurn(
  token: string,
  orders: number,
  concurrency: number,
  nth: NthOrder,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < orders) {
      const i = next++;
      const { app, order } = nth(i);
      const started = performance.now();
      const answer = await send(
        app,
        { method: 'orders.place', token, subId: '', side: 'buy', type: 'limit', ...order },
        { ip: `10.9.0.${i % 250}` },
      );
      latencies.push(performance.now() - started);
      if (answer.body.status !== true) throw new Error(JSON.stringify(answer.body));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}
