import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTime, RELATIVE_TIME_REFRESH_MS, relativeTime, relativeTimeSince } from './time.ts';

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

describe('formatTime', () => {
  it('writes the time of day with 24 hours and seconds, as toLocaleTimeString does', () => {
    const iso = '2026-11-23T09:03:07.250Z';
    assert.equal(formatTime(iso), new Date(iso).toLocaleTimeString('en-GB', { hour12: false }));
    assert.match(formatTime(iso), /^\d{2}:\d{2}:\d{2}$/);
  });

  it('writes the hour after midnight as 00, as the 24-hour clock does', () => {
    const iso = new Date(2026, 10, 23, 0, 5, 9).toISOString();
    assert.equal(formatTime(iso), '00:05:09');
    assert.equal(formatTime(iso), new Date(iso).toLocaleTimeString('en-GB', { hour12: false }));
  });

  it('shows text that is no time as it is', () => {
    assert.equal(formatTime('soon'), 'soon');
  });
});
