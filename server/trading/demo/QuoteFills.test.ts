import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Ticker } from '../../../core/protocol/index.ts';
import type { OrderRow } from '../orderRows.ts';
import type { Funding } from './Funding.ts';
import { QuoteFills } from './QuoteFills.ts';

/** A Funding that notes what it is told. */
function recorder() {
  const told: string[] = [];
  // Each as 'amount ticker', or 'forget'.
  const funding = {
    spent: (_user: number, ticker: Ticker, amount: string) => told.push(`${amount} ${ticker}`),
    forget: () => told.push('forget'),
  } as unknown as Funding;
  return { told, funding };
}

function quote(id: number, side: 'buy' | 'sell', filled: number, amount = 10): OrderRow {
  return {
    id,
    pair: 'BTC_USDT',
    side,
    price: 6_000_000,
    amount,
    filled,
    status: filled === 0 ? 'new' : 'partiallyFilled',
  } as OrderRow;
}

test("the maker's fills are told to funding: in part, in full, cancelled, and quotes it never placed", () => {
  const { told, funding } = recorder();
  const fills = new QuoteFills(funding, 1);
  fills.placed(quote(1, 'sell', 0));
  fills.placed(quote(2, 'buy', 0));
  fills.look('BTC_USDT', [quote(1, 'sell', 0), quote(2, 'buy', 0)]);
  assert.deepEqual(told, []);

  // The sell filled 4 lots, then went (filled in full: 6 more); the buy filled 3, then was cancelled
  // after 2 more.
  fills.look('BTC_USDT', [quote(1, 'sell', 4), quote(2, 'buy', 3)]);
  fills.look('BTC_USDT', [quote(2, 'buy', 3)]);
  fills.cancelled(2, quote(2, 'buy', 5));
  const currencies = told.map((line: string) => line.split(' ')[1]);
  assert.deepEqual(currencies, ['BTC', 'USDT', 'BTC', 'USDT']);

  // Another pair's look leaves this pair's quotes alone; an order it never placed makes a read.
  fills.placed(quote(3, 'sell', 0));
  fills.look('ETH_USDT', []);
  assert.equal(told.length, 4);
  fills.look('BTC_USDT', [quote(3, 'sell', 0), quote(9, 'buy', 0)]);
  assert.deepEqual(told.slice(4), ['forget']);
});
