import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RELATIVE_TIME_REFRESH_MS, relativeTime, relativeTimeSince } from './time.ts';

describe('relativeTime', () => {
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
