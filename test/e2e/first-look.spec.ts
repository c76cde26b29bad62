/**
 * The first look after `npm start` on a fresh database: the demo market on, as it is by default,
 * with an hour of past to keep the flow short (a day by default). The server serves at once and
 * the past fills in behind it: /markets then shows a last price and a 24 h change on every pair,
 * and the BTC chart opens with a history, not a lone candle.
 */
import type { WebSocket } from '@playwright/test';
import { PAIR_SYMBOLS } from '../../core/markets/pairs.ts';
import { expect, test } from './consoleGuard.ts';
import { serverOfItsOwn } from './ownServer.ts';

const server = serverOfItsOwn({
  portOffset: 36,
  name: 'firstlook',
  env: { DEMO_MARKET: 'on', DEMO_PAST_HOURS: '1' },
});

/**
 * The times of the candles of `pair` the page's market socket brought (snapshots and updates):
 * the candles its chart holds.
 */
function candlesReceived(pair: string): { times: Set<number>; watch: (socket: WebSocket) => void } {
  const times = new Set<number>();
  const watch = (socket: WebSocket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const parsed: unknown = JSON.parse(payload);
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
        const received = message as { type?: string; pair?: string; candles?: { time: number }[] };
        if (received.type !== 'candles' || received.pair !== pair) continue;
        for (const candle of received.candles ?? []) times.add(candle.time);
      }
    });
  return { times, watch };
}

test('right after start every market has a price and a 24 h change, and the chart a history', async ({
  page,
  baseURL,
}) => {
  await page.goto(server.at(baseURL, '/markets'));
  await expect(page.getByTestId(/^market-[A-Z]+_USDT$/)).toHaveCount(PAIR_SYMBOLS.length);
  for (const pair of PAIR_SYMBOLS) {
    const row = page.getByTestId(`market-${pair}`);
    await expect(row.getByTestId('last')).toHaveText(/^\d[\d,]*(\.\d+)?$/);
    await expect(row.getByTestId('change')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  }

  const btc = candlesReceived('BTC_USDT');
  page.on('websocket', btc.watch);
  await page.goto(server.at(baseURL, '/trading/BTC_USDT'));
  await expect(page.getByRole('img', { name: /Candlestick chart of BTC\/USDT/ })).toBeVisible();
  await expect(page.getByTestId('chart-candle')).toBeVisible();
  // An hour of 15-minute candles (the chart's default interval).
  await expect.poll(() => btc.times.size).toBeGreaterThan(1);
});
