import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatAmount,
  formatShare,
  formatUsd,
  formatUsdValue,
  RELATIVE_TIME_REFRESH_MS,
  relativeTime,
  relativeTimeSince,
  siteName,
} from './format.ts';

describe('formatUsd: the USD balance', () => {
  it('shows 4 fraction digits by default', () => {
    assert.equal(formatUsd(0.5), '$0.5000');
    assert.equal(formatUsd(1), '$1.0000');
    assert.equal(formatUsd(1234.5), '$1,234.5000');
    assert.equal(formatUsd(0), '$0.0000');
  });

  it('shows 4 digits below 1 and 2 from 1 up when adaptive', () => {
    assert.equal(formatUsd(0.5, { adaptive: true }), '$0.5000');
    assert.equal(formatUsd(0.99999, { adaptive: true }), '$1.0000');
    assert.equal(formatUsd(1, { adaptive: true }), '$1.00');
    assert.equal(formatUsd(1234.5, { adaptive: true }), '$1,234.50');
  });
});

describe('relativeTime: a label for how long ago', () => {
  it('says Just now at 0 seconds or less', () => {
    assert.equal(relativeTime(0), 'Just now');
    assert.equal(relativeTime(-5), 'Just now');
  });

  it('counts seconds under a minute', () => {
    assert.equal(relativeTime(1), '1 sec ago');
    assert.equal(relativeTime(59), '59 secs ago');
  });

  it('counts minutes under an hour', () => {
    assert.equal(relativeTime(60), '1 min ago');
    assert.equal(relativeTime(3599), '59 mins ago');
  });

  it('counts hours under a day', () => {
    assert.equal(relativeTime(3600), '1 hour ago');
    assert.equal(relativeTime(86399), '23 hours ago');
  });

  it('counts days from a day on', () => {
    assert.equal(relativeTime(86400), '1 day ago');
    assert.equal(relativeTime(86400 * 3 + 5), '3 days ago');
  });

  it('measures from a timestamp and refreshes every 1200 ms', () => {
    const now = Date.parse('2026-01-01T00:02:00Z');
    assert.equal(relativeTimeSince('2026-01-01T00:00:00Z', now), '2 mins ago');
    assert.equal(RELATIVE_TIME_REFRESH_MS, 1200);
  });
});

describe('siteName: the name shown, from the host', () => {
  it('capitalises the first label of the host', () => {
    assert.equal(siteName('bitmarket.example.com'), 'Bitmarket');
    assert.equal(siteName('localhost'), 'Exchange');
    assert.equal(siteName('127.0.0.1'), 'Exchange');
    assert.equal(siteName('[::1]'), 'Exchange');
    assert.equal(siteName(''), '');
  });
});

describe('formatAmount', () => {
  it('groups thousands and drops trailing zeros, exactly', () => {
    assert.equal(formatAmount('1234567.8900'), '1,234,567.89');
    assert.equal(formatAmount('0.000000000000000001'), '0.000000000000000001');
    assert.equal(formatAmount('12'), '12');
    assert.equal(formatAmount('-1000.5'), '-1,000.5');
  });

  it('cuts to at most the decimals asked for, never rounding up', () => {
    assert.equal(formatAmount('0.123456789', 8), '0.12345678');
    assert.equal(formatAmount('1.99999', 2), '1.99');
    assert.equal(formatAmount('5.0001', 2), '5');
  });

  it('leaves text that is not a decimal as it is', () => {
    assert.equal(formatAmount('abc'), 'abc');
  });
});

describe('formatUsdValue', () => {
  it('shows 2 decimals, separators, and "< $0.01" below a cent', () => {
    assert.equal(formatUsdValue('0'), '$0.00');
    assert.equal(formatUsdValue('0.000012'), '< $0.01');
    assert.equal(formatUsdValue('0.01'), '$0.01');
    assert.equal(formatUsdValue('1234.5678'), '$1,234.57');
  });
});

describe('formatShare', () => {
  it('turns a fraction into an exact percentage', () => {
    assert.equal(formatShare('0.2'), '20 %');
    assert.equal(formatShare('0.25'), '25 %');
    assert.equal(formatShare('0.125'), '12.5 %');
    assert.equal(formatShare('0.0005'), '0.05 %');
    assert.equal(formatShare('1'), '100 %');
    assert.equal(formatShare('0'), '0 %');
  });
});
