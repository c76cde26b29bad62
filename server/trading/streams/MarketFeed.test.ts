import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../storage/db.ts';
import type { BookChanges } from '../BookWindows.ts';
import type { Committed } from '../Publisher.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import { FAN_OUT_BATCH } from './FanOut.ts';
import { MarketFeed } from './MarketFeed.ts';
import type { Subscriber } from './Subscriber.ts';

/** A market that only publishes the commits the test makes. */
function fakeMarket() {
  let publish: (committed: Committed) => void = () => {};
  const market = {
    onCommit(listener: (committed: Committed) => void) {
      publish = listener;
      return () => {};
    },
    onRestart: () => () => {},
    bookSnapshot: (): BookChanges => ({ sequence: 1, bids: [], asks: [] }),
  } as unknown as SpotMarket;
  /** A batch that moved the BTC book to `sequence`. */
  const commit = (sequence: number) =>
    publish({
      seq: sequence,
      position: null,
      orders: [],
      trades: [],
      credited: [],
      books: new Map([['BTC_USDT', { sequence, bids: [['60000', '1']], asks: [] }]]),
    });
  return { market, commit };
}

/** The book sequences of each frame a subscriber got, a frame of several as one entry. */
function recorder() {
  const frames: number[][] = [];
  const subscriber: Subscriber = {
    userId: null,
    sendFrame(frame) {
      const parsed = JSON.parse(frame.toString()) as { sequence: number } | { sequence: number }[];
      frames.push((Array.isArray(parsed) ? parsed : [parsed]).map((m) => m.sequence));
    },
  };
  return { subscriber, frames };
}

async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await nextTurn();
}

test('commits made while the fan-out is busy reach each subscriber as one frame, in order', async () => {
  const { market, commit } = fakeMarket();
  const feed = new MarketFeed({} as Database, market, async () => []);
  // More sockets than one turn of the fan-out writes to.
  const watchers = Array.from({ length: FAN_OUT_BATCH + 1 }, recorder);
  for (const { subscriber } of watchers) {
    await feed.subscribe(subscriber, { stream: 'orders', pair: 'BTC_USDT' });
  }
  await turns(3);
  commit(2);
  // The last socket still waits for the first commit: the next two wait with it, together.
  commit(3);
  commit(4);
  await turns(5);
  for (const { frames } of watchers) assert.deepEqual(frames, [[1], [2], [3, 4]]);
  // Once it is free again, a commit goes out at once, alone.
  commit(5);
  await turns(3);
  for (const { frames } of watchers) assert.deepEqual(frames.at(-1), [5]);
  feed.close();
});
