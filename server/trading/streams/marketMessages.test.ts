import assert from 'node:assert/strict';
import { test } from 'node:test';
import { read } from '../../http/fields.ts';
import { marketMessageSchema, readMarketMessage } from './marketMessages.ts';

const messages: unknown[] = [
  { v: 1, type: 'place', id: 'r1', params: { pair: 'BTC_USDT', side: 'buy' } },
  { v: 1, type: 'cancel', id: 'r-2_x', params: { id: 7 } },
  { v: 1, type: 'cancelAll', id: 'r3', params: {} },
  { v: 1, type: 'place', id: 'not an id!', params: {} },
  { v: 1, type: 'place', id: '', params: {} },
  { v: 1, type: 'place', id: 'x'.repeat(65), params: {} },
  { v: 1, type: 'place', params: {} },
  { v: 1, type: 'place', id: 'r4' },
  { v: 1, type: 'place', id: 'r5', params: [] },
  { v: 1, type: 'cancel', id: 'r6', params: {}, extra: true },
  { v: 2, type: 'cancel', id: 'r7', params: {} },
  { type: 'place', id: 'r8', params: {} },
  { v: 1, type: 'ping' },
  { v: 1, type: 'subscribe', stream: 'trades', pair: 'BTC_USDT' },
  { v: 1, type: 'unknown' },
  { v: 1, type: 'place', id: 7, params: {} },
  { v: 1, type: 'place', id: 'r9', params: null },
  { v: 1, type: 'place', id: 'r10', params: 'pair=BTC_USDT' },
  { v: 1, type: 'cancel', id: 'r11', params: { id: 7, nested: { deep: [1, 2] } } },
  { v: 1, type: 'cancel', id: 'r12', params: {}, v2: 1 },
  { v: '1', type: 'cancel', id: 'r13', params: {} },
  JSON.parse('{"v":1,"type":"place","id":"r14","params":{"__proto__":{"pair":"BTC_USDT"}}}'),
  JSON.parse('{"v":1,"type":"place","id":"r15","params":{},"__proto__":{}}'),
  null,
  [],
  'place',
];

test('every message reads as the whole union reads it: the same value or the same refusal', () => {
  for (const message of messages) {
    assert.deepEqual(
      readMarketMessage(message),
      read(marketMessageSchema, message),
      JSON.stringify(message),
    );
  }
});

test('an order request with a malformed id is refused naming the id', () => {
  const reading = readMarketMessage({ v: 1, type: 'place', id: 'not an id!', params: {} });
  assert.deepEqual(reading, {
    ok: false,
    error: { code: 'params.format', message: 'Id is not in a valid format.', param: 'id' },
  });
});
